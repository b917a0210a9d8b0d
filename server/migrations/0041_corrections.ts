/**
 * Issue 52 §3, corrections: no staff action changes a balance directly. An admin proposes a
 * correction of a member's wallet (a credit or a debit, with its reason); another admin applies it,
 * which posts one ledger movement of its own kind (`correction`, against the house's
 * `adjustments` account), or refuses it. A row is decided once: `status` moves from `pending` to
 * `applied` or `refused`, never back.
 */
import { sql, type Migration } from 'kysely'
import { id, idType, type AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('corrections')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('currency', 'text', (c) => c.notNull())
      // Signed minor units: positive credits the wallet, negative debits it; never 0.
      .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor <> 0`))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('made_by', 'bigint', (c) => c.notNull())
      .addColumn('made_at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('decided_by', 'bigint')
      .addColumn('decided_at', 'bigint')
      .addColumn('decision_reason', 'text')
      .addColumn('movement_id', 'bigint')
      .execute()
    await db.schema.createIndex('corrections_status').on('corrections').columns(['status', 'id']).execute()
    await db.schema.createIndex('corrections_member').on('corrections').columns(['member_id', 'id']).execute()
  },
}
