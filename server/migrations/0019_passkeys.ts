/**
 * Issue 31, passkeys (server/identity/passkeys.ts). `passkey_users`: the WebAuthn user handle of a
 * member, random, so a passkey names no phone or member id. `passkeys`: a member's credentials
 * (public key, signature counter). `passkey_challenges`: each challenge the server gave, for one
 * purpose (and one member and session where there is one), deleted when used or expired, so an
 * answer is accepted once and only where it was asked for. `sessions.passkey_id`: the passkey that
 * opened the session (NULL when it was not one), let go when the passkey is removed.
 */
import type { Migration } from 'kysely'
import { type AnyDb, id, idType } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('passkey_users')
      .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('members.id'))
      .addColumn('handle', 'text', (c) => c.notNull().unique())
      .execute()

    await db.schema.createTable('passkeys')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      /** base64url, as the browser names it. */
      .addColumn('credential_id', 'text', (c) => c.notNull().unique())
      /** COSE public key, base64url. */
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull())
      /** JSON array of the transports the browser reported. */
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute()
    await db.schema.createIndex('passkeys_member').on('passkeys').column('member_id').execute()

    await db.schema.createTable('passkey_challenges')
      .addColumn('challenge', 'text', (c) => c.primaryKey())
      /** register, login or step-up */
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('member_id', 'bigint')
      /** sha256 of the session's token that asked (NULL for a sign-in). */
      .addColumn('session_hash', 'text')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('passkey_challenges_expiry').on('passkey_challenges').column('expires_at').execute()

    await db.schema.alterTable('sessions')
      .addColumn('passkey_id', 'bigint', (c) => c.references('passkeys.id').onDelete('set null'))
      .execute()
    await db.schema.createIndex('sessions_passkey').on('sessions').column('passkey_id').execute()
  },
}
