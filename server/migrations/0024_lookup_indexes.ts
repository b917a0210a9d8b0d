/**
 * Issue 32 §3: two lookups of the player's everyday calls read a growing table whole, found by
 * tests/server/queryPlans.test.ts:
 * - a member's invitees (`members.invited_by`), which every wallet read and the invite list ask
 *   for: with the list's order, so a page is read off the index;
 * - the bonus a movement started (`user_bonuses.movement_id`), which the statement joins on each of
 *   its movements (and which a movement's foreign-key checks look up).
 */
import type { Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('members_invited_by').on('members').columns(['invited_by', 'created_at', 'id']).execute()
    await db.schema.createIndex('user_bonuses_movement').on('user_bonuses').column('movement_id').execute()
  },
}
