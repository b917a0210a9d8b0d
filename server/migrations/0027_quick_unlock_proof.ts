/**
 * Issue 47: a quick unlock (Telegram's biometric token) is not the password. `sessions.unlocked_at`:
 * when a quick unlock last proved the player in the session (its sign-in, or a step-up by it), kept
 * apart from `password_at`, so it lets a withdrawal go but never, alone, a bank account change.
 * `quick_unlocks.password_at`: when the player's password was last given on that device (at the add,
 * or later in a session it opened); past QUICK_UNLOCK_MAX_DAYS after it the quick unlock is refused
 * and the password asked again. NULL: as at its creation.
 */
import type { Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('sessions').addColumn('unlocked_at', 'bigint').execute()
    await db.schema.alterTable('quick_unlocks').addColumn('password_at', 'bigint').execute()
  },
}
