/**
 * Issue 49 §1: on PostgreSQL each instance keeps the sessions it read (auth/sessionCache.ts), and
 * must hear at once when one of them ends or its member changes, on whichever instance or in
 * whatever tool that happened. A change of a member's row or of a session's row (an update or a
 * delete, from this code or from psql) notifies `wallet_sessions` with the member's id, when it
 * commits. SQLite has one process: nothing to tell.
 */
import { type Migration, sql } from 'kysely'
import { type AnyDb, isPg } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    if (!isPg(db)) return
    // The member's id is the column the trigger names (members.id, sessions.member_id).
    await sql`CREATE FUNCTION wallet_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('wallet_sessions', to_jsonb(OLD) ->> TG_ARGV[0]); RETURN NULL; END $$`.execute(db)
    await sql`CREATE TRIGGER members_sessions_changed AFTER UPDATE OR DELETE ON members
      FOR EACH ROW EXECUTE FUNCTION wallet_sessions_changed('id')`.execute(db)
    await sql`CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
      FOR EACH ROW EXECUTE FUNCTION wallet_sessions_changed('member_id')`.execute(db)
  },
}
