/**
 * Issue 28: the simulated game providers keep a balance of their own per account, as a real
 * provider does, and refuse to pay out what they do not hold (games/providers.ts). An account's
 * balance there starts as our books' game account (money moved in, rounds played, balances a
 * release before game transfers carried over), adjusted for the transfers still in transit: a
 * deposit the provider did that we have not settled yet is there already, a payout it has not
 * made yet is still there.
 */
import { sql, type Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('provider_accounts')
      .addColumn('game_code', 'text', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('balance_minor', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('provider_accounts_pk', ['game_code', 'username'])
      .execute()
    await sql`INSERT INTO provider_accounts (game_code, username, balance_minor)
      SELECT ga.game_code, ga.username,
        COALESCE((SELECT la.balance_minor FROM ledger_accounts la WHERE la."key" = 'game:' || ga.member_id || ':' || ga.game_code), 0)
        + COALESCE((SELECT SUM(t.amount_minor) FROM game_transfers t
          JOIN provider_transfers pt ON pt.game_code = t.to_code AND pt.reference = CAST(t.reserve_movement_id AS TEXT)
            AND pt.direction = 'deposit' AND pt.outcome = 'done'
          WHERE t.member_id = ga.member_id AND t.to_code = ga.game_code AND t.status IN ('reserved', 'withdrawn')), 0)
        + COALESCE((SELECT SUM(t.amount_minor) FROM game_transfers t
          WHERE t.member_id = ga.member_id AND t.from_code = ga.game_code AND t.status = 'reserved'
            AND NOT EXISTS (SELECT 1 FROM provider_transfers pt WHERE pt.game_code = t.from_code
              AND pt.reference = CAST(t.reserve_movement_id AS TEXT) AND pt.direction = 'withdraw' AND pt.outcome = 'done')), 0)
      FROM game_accounts ga`.execute(db)
  },
}
