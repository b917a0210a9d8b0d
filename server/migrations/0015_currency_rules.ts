/**
 * Every amount rule holds per currency (issue 27). A kip friend's play used to be paid to a baht
 * inviter as the same number of baht: the turnover and the bonus earned from it now carry their
 * currency (ISO: THB for baht, whether written THB or BAHT, and LAK), and a collect pays only
 * what the operator's rule says for that pair (rewards/invites.ts). A bonus offer's cap was one
 * number for every member; it now has a kip cap beside the baht one (`max_bonus_lak_minor`, none:
 * the offer is not made to kip members).
 *
 * Rows already there take the currency of the member they were earned from. A bonus gathered from
 * a friend of another currency and not yet received is taken back: the accrual is removed and the
 * turnover it gathered waits again, to be judged by today's rule at the next collect. One already
 * received stays as the ledger booked it.
 */
import { type Migration, sql } from 'kysely'
import type { AnyDb } from './shared'

/** The ISO currency of a member's `currency` column (BAHT is the baht). */
const isoOf = (column: string) => sql.raw(`CASE WHEN ${column} = 'LAK' THEN 'LAK' ELSE 'THB' END`)

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('invite_turnover').addColumn('currency', 'text', (c) => c.notNull().defaultTo('THB')).execute()
    await db.schema.alterTable('invite_accruals').addColumn('currency', 'text', (c) => c.notNull().defaultTo('THB')).execute()
    await db.schema.alterTable('bonuses').addColumn('max_bonus_lak_minor', 'bigint').execute()

    await sql`UPDATE invite_turnover SET currency = (SELECT ${isoOf('m.currency')} FROM members m WHERE m.id = invite_turnover.invitee_id)`.execute(db)
    await sql`UPDATE invite_accruals SET currency = (SELECT ${isoOf('m.currency')} FROM members m WHERE m.id = invite_accruals.inviter_id)`.execute(db)

    // Accruals not received whose friend's money was another currency than the inviter's.
    const crossed = sql`SELECT a.id FROM invite_accruals a JOIN members f ON f.id = a.invitee_id
      WHERE a.received_at IS NULL AND ${isoOf('f.currency')} <> a.currency`
    await sql`UPDATE invite_turnover SET collected_at = NULL WHERE EXISTS (
      SELECT 1 FROM invite_accruals a WHERE a.id IN (${crossed}) AND a.inviter_id = invite_turnover.inviter_id
        AND a.invitee_id = invite_turnover.invitee_id AND a.created_at = invite_turnover.collected_at)`.execute(db)
    await sql`DELETE FROM invite_accruals WHERE id IN (${crossed})`.execute(db)
  },
}
