import { sql, type Migration } from 'kysely'
import { type AnyDb, id, idType } from './shared'

/** Lost-bet refunds waiting to be received (rewards/rewards.ts). Released in 1.1.x as rewards_0001_refund_accruals. */
export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('refund_accruals')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('received_at', 'bigint')
      .execute()
    await db.schema.createIndex('refund_accruals_member').on('refund_accruals').columns(['member_id', 'received_at']).execute()
  },
}

