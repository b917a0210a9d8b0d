// Session expiry and rate-event indexes, the payout hold after a bank account change and its audit
// rows. Released in 1.1.x; never edit it.
import type { Migration } from 'kysely'
import { type AnyDb, appliedBeforeKysely, id, idType } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    if (await appliedBeforeKysely(db, 2)) return
    await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute()
    await db.schema.createIndex('rate_events_kind_at').on('rate_events').columns(['kind', 'at']).execute()
    await db.schema.alterTable('members')
      .addColumn('payout_hold_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createTable('bank_account_changes')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('old_bank_code', 'text', (c) => c.notNull())
      .addColumn('old_account_no', 'text', (c) => c.notNull())
      .addColumn('old_account_name', 'text', (c) => c.notNull())
      .addColumn('new_bank_code', 'text', (c) => c.notNull())
      .addColumn('new_account_no', 'text', (c) => c.notNull())
      .addColumn('new_account_name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('bank_account_changes_member').on('bank_account_changes')
      .columns(['member_id', 'id']).execute()
  },
}

