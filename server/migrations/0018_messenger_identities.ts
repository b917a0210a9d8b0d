/**
 * Issue 31, the messenger identity (server/identity/). `member_identities`: a Telegram or LINE
 * account linked to a member, one per provider per member, each account on one member only.
 * `identity_events`: every link and unlink, with the address it came from; rows are only ever
 * added (triggers refuse an update or a delete). `used_credentials`: a hash of each messenger
 * credential that opened a session or linked an account, kept until it could no longer be valid,
 * so a captured credential is used once (its primary key decides between instances).
 * `sessions.identity_id`: the identity that opened the session (NULL: the password did), gone
 * with it when it is unlinked; `sessions.password_at`: when the password was last given in the
 * session (NULL for a messenger sign-in). Every session before this was opened with the password.
 */
import { type Migration, sql } from 'kysely'
import { type AnyDb, id, idType, isPg } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('member_identities')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      /** telegram or line */
      .addColumn('provider', 'text', (c) => c.notNull())
      /** Telegram's user id, LINE's `sub`. */
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('linked_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('member_identities_subject', ['provider', 'subject'])
      .addUniqueConstraint('member_identities_member', ['member_id', 'provider'])
      .execute()

    await db.schema.createTable('identity_events')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      /** link or unlink */
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('identity_events_member').on('identity_events').columns(['member_id', 'id']).execute()
    if (isPg(db)) {
      await sql`CREATE FUNCTION identity_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'identity_events is append-only'; END $$`.execute(db)
      await sql`CREATE TRIGGER identity_events_append_only BEFORE UPDATE OR DELETE ON identity_events
        FOR EACH ROW EXECUTE FUNCTION identity_events_append_only()`.execute(db)
    } else {
      for (const change of ['UPDATE', 'DELETE']) {
        await sql.raw(`CREATE TRIGGER identity_events_no_${change.toLowerCase()} BEFORE ${change} ON identity_events
          BEGIN SELECT RAISE(ABORT, 'identity_events is append-only'); END`).execute(db)
      }
    }

    await db.schema.createTable('used_credentials')
      .addColumn('key_hash', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('used_credentials_expiry').on('used_credentials').column('expires_at').execute()

    await db.schema.alterTable('sessions')
      .addColumn('identity_id', 'bigint', (c) => c.references('member_identities.id').onDelete('cascade'))
      .execute()
    await db.schema.alterTable('sessions').addColumn('password_at', 'bigint').execute()
    await sql`UPDATE sessions SET password_at = created_at`.execute(db)
    await db.schema.createIndex('sessions_identity').on('sessions').column('identity_id').execute()
  },
}
