/**
 * Issue 33, the operator's side (server/ops/). `staff`: the operator's people, each with a role
 * (support, cashier, admin) and a scrypt hash like a member's; none exists until the operator makes
 * the first admin (OPS_ADMIN_USERNAME with OPS_ADMIN_PASSWORD, or `npm run staff`). `staff_sessions`:
 * a staff sign-in, by the sha256 of its token, apart from the members' sessions so neither token
 * opens the other's API. `ops_audit`: every action staff take (who, what, which member or item,
 * before and after, the address, when); rows are only ever added (triggers refuse an update or a
 * delete). `withdrawals.bank_reference`: the bank's reference of a payout, given when it is paid;
 * `withdrawals.failure_reason`: why a failed one was not paid.
 */
import type { Migration } from 'kysely'
import { type AnyDb, appendOnly, id, idType } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('staff')
      .addColumn('id', idType(db), id)
      /** Lower case; what the staff member signs in with. */
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      /** support, cashier or admin */
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()

    await db.schema.createTable('staff_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute()

    await db.schema.createTable('ops_audit')
      .addColumn('id', idType(db), id)
      /** NULL: not a staff member's action (the first admin made from the environment or the command line). */
      .addColumn('staff_id', 'bigint', (c) => c.references('staff.id'))
      .addColumn('action', 'text', (c) => c.notNull())
      /** What it acted on: `slip:<reference>`, `withdrawal:<id>`, `staff:<id>`, ... */
      .addColumn('item', 'text')
      .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
      /** JSON, or NULL where there was nothing before (a creation) or after. */
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('ops_audit_item').on('ops_audit').columns(['item', 'id']).execute()
    await db.schema.createIndex('ops_audit_member').on('ops_audit').columns(['member_id', 'id']).execute()
    await appendOnly(db, 'ops_audit')

    await db.schema.alterTable('withdrawals').addColumn('bank_reference', 'text').execute()
    await db.schema.alterTable('withdrawals').addColumn('failure_reason', 'text').execute()
  },
}
