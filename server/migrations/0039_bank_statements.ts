/**
 * Issue 52 §2, matching with the bank: the credits of the bank statements staff import, each at
 * most once (`line_key`: the same line of a statement imported again is the same row), the deposit
 * each is matched to (`deposit`: 'qrcode:<reference>' or 'slip:<reference>', each deposit matched
 * at most once), and the notes that resolve a difference on either side: a credit with no deposit
 * (on the line), a deposit with no money in the bank (bank_deposit_notes). An account is named by
 * its bank and number ('KBANK:0481234567'), not by its row: DEPOSIT_ACCOUNTS writes the rows anew.
 */
import type { Migration } from 'kysely'
import { id, idType, type AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('bank_statement_imports')
      .addColumn('id', idType(db), id)
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'bigint')
      .addColumn('credits_read', 'integer', (c) => c.notNull())
      .addColumn('credits_added', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createTable('bank_statement_lines')
      .addColumn('id', idType(db), id)
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('line_key', 'text', (c) => c.notNull())
      .addColumn('import_id', 'bigint', (c) => c.notNull().references('bank_statement_imports.id'))
      .addColumn('posted_at', 'bigint', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      .addColumn('balance_minor', 'bigint')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('deposit', 'text')
      .addColumn('note', 'text')
      .addColumn('noted_by', 'bigint')
      .addColumn('noted_at', 'bigint')
      .addUniqueConstraint('bank_statement_lines_key', ['line_key'])
      .addUniqueConstraint('bank_statement_lines_deposit', ['deposit'])
      .execute()
    await db.schema.createIndex('bank_statement_lines_posted').on('bank_statement_lines').columns(['account', 'posted_at']).execute()
    await db.schema.createTable('bank_deposit_notes')
      .addColumn('deposit', 'text', (c) => c.primaryKey())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'bigint')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute()
    // The deposits a statement's window holds, found by when they were paid or sent.
    await db.schema.createIndex('deposit_qrcodes_paid').on('deposit_qrcodes').column('paid_at').execute()
    await db.schema.createIndex('deposit_slips_created').on('deposit_slips').column('created_at').execute()
  },
}
