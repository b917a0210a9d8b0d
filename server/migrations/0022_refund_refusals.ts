/**
 * Issue 33 §4, the refund check's `refundFail` (spec 3): `refund_refusals`, one row each time a
 * member asked to receive the lost-bet refund and was refused because a bonus was held (spec 4,
 * REFUND_CONDITION). Only added to; the check counts a member's rows.
 */
import type { Migration } from 'kysely'
import { type AnyDb, id, idType } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('refund_refusals')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('refund_refusals_member').on('refund_refusals').column('member_id').execute()
  },
}
