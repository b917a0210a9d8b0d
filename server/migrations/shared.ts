// What the migrations share. A migration sees the schema of its own time, not today's, so it
// works on an untyped Kysely.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely'

export type AnyDb = Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any

export const isPg = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter

/** An auto-numbered primary key: SQLite's rowid alias, PostgreSQL's bigserial. */
export const idType = (db: AnyDb) => (isPg(db) ? 'bigserial' : 'integer')
export const id = (c: ColumnDefinitionBuilder) => c.primaryKey()

/**
 * A SQLite file made before the move to Kysely recorded its migrations by number in a table
 * `migrations`; those already applied are taken as done, so an existing `wallet.db` still opens.
 */
export async function appliedBeforeKysely(db: AnyDb, number: number): Promise<boolean> {
  if (isPg(db)) return false
  const table = await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migrations'`.execute(db)
  if (table.rows.length === 0) return false
  const row = await sql`SELECT 1 FROM migrations WHERE id = ${number}`.execute(db)
  return row.rows.length > 0
}

/** Rows of `table` are only ever added: a trigger refuses an update or a delete, on either dialect
 *  (migration 0021 on; 0018 wrote its own, and a released migration is never edited). */
export async function appendOnly(db: AnyDb, table: string): Promise<void> {
  if (isPg(db)) {
    await sql.raw(`CREATE FUNCTION ${table}_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '${table} is append-only'; END $$`).execute(db)
    await sql.raw(`CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${table}_append_only()`).execute(db)
    return
  }
  for (const change of ['UPDATE', 'DELETE']) {
    await sql.raw(`CREATE TRIGGER ${table}_no_${change.toLowerCase()} BEFORE ${change} ON ${table}
      BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END`).execute(db)
  }
}
