import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { type Migration, migrations as allMigrations } from './migrations'

export type Db = Database.Database

/** Opens `${dataDir}/wallet.db` (creating the folder), or an in-memory database for ':memory:'. */
export function openDatabase(dataDir: string): Db {
  let db: Db
  if (dataDir === ':memory:') {
    db = new Database(':memory:')
  } else {
    mkdirSync(dataDir, { recursive: true })
    db = new Database(join(dataDir, 'wallet.db'))
    db.pragma('journal_mode = WAL')
  }
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  return db
}

/** Applies every migration not yet recorded in the `migrations` table, each in a transaction. */
export function migrate(db: Db, migrations: readonly Migration[] = allMigrations): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL
  )`)
  const applied = new Set(
    db.prepare('SELECT id FROM migrations').pluck().all() as number[],
  )
  const record = db.prepare('INSERT INTO migrations (id, name, applied_at) VALUES (?, ?, ?)')
  const done: number[] = []
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    if (applied.has(migration.id)) continue
    db.transaction(() => {
      db.exec(migration.sql)
      record.run(migration.id, migration.name, new Date().toISOString())
    })()
    done.push(migration.id)
  }
  return done
}
