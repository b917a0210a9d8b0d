/**
 * Issue 31, quick unlock in Telegram (server/identity/quickUnlock.ts). `quick_unlocks`: one per
 * device that turned it on, holding only the sha256 of the random secret the server gave it (the
 * device keeps the secret in Telegram's biometric storage). `sessions.quick_unlock_id`: the quick
 * unlock that opened the session (NULL when it was not one), let go when the quick unlock is removed.
 */
import type { Migration } from 'kysely'
import { type AnyDb, id, idType } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('quick_unlocks')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      /** sha256 of the secret, hex: the secret itself is never stored. */
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute()
    await db.schema.createIndex('quick_unlocks_member').on('quick_unlocks').column('member_id').execute()

    await db.schema.alterTable('sessions')
      .addColumn('quick_unlock_id', 'bigint', (c) => c.references('quick_unlocks.id').onDelete('set null'))
      .execute()
    await db.schema.createIndex('sessions_quick_unlock').on('sessions').column('quick_unlock_id').execute()
  },
}
