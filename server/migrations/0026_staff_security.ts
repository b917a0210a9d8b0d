/**
 * Issue 47, the staff's side:
 * - `staff.totp_secret`: the staff member's TOTP secret (base32) once confirmed with a code; NULL
 *   while they have none. `staff.totp_pending`: a secret shown for setup, not yet confirmed.
 *   `staff.totp_step`: the last time step a code was taken at, so a code signs in once.
 *   `staff.must_change_password`: 1 after an admin's reset, until they choose their own.
 * - `staff_login_addresses`: where each staff member signed in successfully (an address group, as
 *   members' `login_addresses`), so a stranger's wrong passwords elsewhere do not keep them out.
 * - `pending_approvals`: the first of the two people a decision above the admin's threshold needs
 *   (a slip's approval, a withdrawal's payout), until the second decides.
 * - On PostgreSQL, TRUNCATE of the append-only trails (`ops_audit`, `identity_events`) is refused
 *   as their rows' update and delete are (the ledger's was already, migration 0004).
 */
import { type Migration, sql } from 'kysely'
import { type AnyDb, isPg } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('staff').addColumn('totp_secret', 'text').execute()
    await db.schema.alterTable('staff').addColumn('totp_pending', 'text').execute()
    await db.schema.alterTable('staff').addColumn('totp_step', 'bigint').execute()
    await db.schema.alterTable('staff').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute()

    await db.schema.createTable('staff_login_addresses')
      .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff.id'))
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('last_success_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('staff_login_addresses_pk', ['staff_id', 'address'])
      .execute()

    await db.schema.createTable('pending_approvals')
      /** `slip:<reference>` or `withdrawal:<id>`, as the audit names it. */
      .addColumn('item', 'text', (c) => c.primaryKey())
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff.id'))
      /** The first person's decision, JSON, as the operator API took it. */
      .addColumn('decision', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute()

    if (isPg(db)) {
      for (const table of ['ops_audit', 'identity_events']) {
        await sql.raw(`CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION ${table}_append_only()`).execute(db)
      }
    }
  },
}
