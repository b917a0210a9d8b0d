/**
 * The statement (statement/statement.ts) reads a member's transfers and ended bonuses by member,
 * and tells a withdrawal's or a transfer's own movement from a 1.1 one by the row that names it:
 * indexes so a page never scans the whole of any of these tables.
 */
import type { Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('game_transfers_member').on('game_transfers').columns(['member_id', 'created_at']).execute()
    await db.schema.createIndex('user_bonuses_member').on('user_bonuses').columns(['member_id', 'ended_at']).execute()
    await db.schema.createIndex('game_transfers_reserve').on('game_transfers').column('reserve_movement_id').execute()
    await db.schema.createIndex('withdrawals_requested').on('withdrawals').column('requested_movement_id').execute()
  },
}
