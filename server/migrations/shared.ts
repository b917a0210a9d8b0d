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
