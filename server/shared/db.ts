import type { FastifyInstance } from 'fastify'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { type Generated, Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, type SqliteStatement } from 'kysely'
import pg from 'pg'
import { GroupCommit } from './groupCommit'
import { preparedName } from './prepared'
import { type ClosingSqliteDatabase, QueuedSqliteDialect } from './sqliteDialect'
import { migrationProvider, RENAMED_MIGRATIONS } from '../migrations/sequence'

/**
 * The tables, as Kysely sees them: those every area shares are here; each area adds its own in its
 * repo.ts (`declare module '../shared/db'`), so a table's row type sits beside its SQL. Money is
 * integer minor units; times are epoch milliseconds.
 */
export interface Tables {
  settings: { key: string; value: string }
  /** Facts about the database itself (migration 0025): `production`, when production first ran on it. */
  database_marks: { name: string; at: number }
  /** Double-entry ledger (shared/ledger.ts): one row per account; a member account's balance is a cache of its postings. */
  ledger_accounts: {
    id: Generated<number>
    /** `wallet:<member>`, `game:<member>:<code>` or `house:<name>:<currency>`. */
    key: string
    kind: string
    member_id: number | null
    game_code: string | null
    currency: string
    /** Kept for member accounts only: a house account's is the sum of its postings, and its row's
     *  value stays as it was (0 on a database made since; frozen on an older one). */
    balance_minor: number
    /** 1 for house accounts (deposits-in runs negative), 0 for member accounts. */
    allow_negative: number
    created_at: number
  }
  movements: {
    id: Generated<number>
    kind: string
    member_id: number | null
    /** An outside reference (slip, gift link, withdrawal), unique when set. */
    reference: string | null
    note: string
    created_at: number
  }
  postings: { id: Generated<number>; movement_id: number; account_id: number; amount_minor: number }
  idempotency_keys: {
    member_id: number
    idem_key: string
    fingerprint: string
    status_code: number
    body: string
    created_at: number
  }
  rate_events: { id: Generated<number>; kind: string; subject: string; at: number }
  seeds: { name: string; applied_at: number }
}

/** The database, or a transaction on it: repository functions take either. */
export type Db = Kysely<Tables>

export interface StorageOptions {
  /** Folder of `wallet.db` (created if missing), or ':memory:'; used when there is no databaseUrl. */
  dataDir: string
  /** PostgreSQL connection string: when given, the data lives there instead of SQLite. */
  databaseUrl?: string
  /**
   * Told the text of each statement sent to the database, BEGIN and COMMIT included (the
   * statement-count tests), and on PostgreSQL its values (`npm run load:calls -- --plans` plans it with them).
   */
  observeStatement?: StatementObserver
  /**
   * With dataDir ':memory:', the database starts as a copy of these bytes (memoryImage's): the
   * server suite's servers each start from one image migrated once, as the PostgreSQL run's
   * databases start from its migrated template.
   */
  memoryImage?: Buffer
}

export type StatementObserver = (text: string, values?: readonly unknown[]) => void

// int8 (COUNT(*), bigint columns) arrives from `pg` as a string; every value we store is a safe
// integer (minor units, epoch ms, ids), so it is parsed, and refused loudly if it ever is not.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => {
  const number = Number(value)
  if (!Number.isSafeInteger(number)) throw new Error(`bigint ${value} is beyond a safe integer`)
  return number
})

/** Opens PostgreSQL when `databaseUrl` is set, else `${dataDir}/wallet.db` (or an in-memory SQLite). */
export function openDatabase(options: StorageOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle connection dropped by the server (restart, failover) must not end the process: the
    // pool replaces it, and the requests in flight fail with a 500 of their own.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`))
    const observe = options.observeStatement
    const watchers: WriteWatcher[] = []
    pool.on('connect', (client) => prepareAndObserve(client, watchers, observe))
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) })
    pools.set(db, pool)
    writeWatchers.set(db, watchers)
    return db
  }
  let sqlite: Database.Database
  let commits: GroupCommit | undefined
  if (options.dataDir === ':memory:') {
    sqlite = new Database(options.memoryImage ?? ':memory:')
  } else {
    mkdirSync(options.dataDir, { recursive: true })
    const file = join(options.dataDir, 'wallet.db')
    sqlite = new Database(file)
    // Pages of 1 KB, not SQLite's 4 KB (issue 32): every commit writes each page it changed whole
    // to the WAL, and the checkpoint copies it again; the rows here are small, so a transfer still
    // changes about as many pages (23 to 25), a quarter of the bytes. Only a new file takes it (an
    // existing one keeps its size: changing it means a VACUUM out of WAL mode).
    sqlite.pragma('page_size = 1024')
    sqlite.pragma('journal_mode = WAL')
    commits = new GroupCommit(sqlite, file)
  }
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const db = new Kysely<Tables>({ dialect: new QueuedSqliteDialect({ database: withStatementCache(sqlite, commits, options.observeStatement) }) })
  if (commits) groupCommits.set(db, commits)
  if (options.dataDir === ':memory:') memoryDatabases.set(db, sqlite)
  return db
}

const memoryDatabases = new WeakMap<Db, Database.Database>()

/** The bytes of an in-memory SQLite database (for openDatabase's `memoryImage`). */
export function memoryImage(db: Db): Buffer {
  const sqlite = memoryDatabases.get(db)
  if (!sqlite) throw new Error('memoryImage: not an in-memory SQLite database')
  return sqlite.serialize()
}

const groupCommits = new WeakMap<Db, GroupCommit>()
const pools = new WeakMap<Db, pg.Pool>()

/** The connections of `db` on PostgreSQL: in use, idle, and queries waiting for one (GET /metrics).
 *  SQLite has one connection and no pool. */
export function poolState(db: Db): { busy: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db)
  return pool && { busy: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }
}

/**
 * No reply says more than is on disk: with a SQLite file, each reply waits for the group commit
 * that covers every commit made so far (groupCommit.ts); elsewhere it goes at once.
 */
export function repliesWhenDurable(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (_request, _reply, payload) => {
    await whenDurable(db)
    return payload
  })
}

/**
 * Resolves once everything committed on `db` (the database as opened, not a transaction) is on
 * disk: at once on PostgreSQL, which syncs its own commits, and in memory; on a SQLite file after
 * the next group commit (groupCommit.ts). Wait for it before anything leaves the server.
 */
export function whenDurable(db: Db): Promise<void> {
  return groupCommits.get(db)?.whenDurable() ?? Promise.resolve()
}

/** Prepared statements kept for reuse: Kysely prepares every query anew, which costs as much as running it. */
const STATEMENT_CACHE_SIZE = 500

/**
 * The database as Kysely's SQLite dialect uses it (prepare and close), with prepared statements
 * reused by their SQL text. better-sqlite3 runs a statement to completion synchronously, so one
 * cached statement is never in use twice at once (the dialect's streaming, which would, is unused).
 */
function withStatementCache(sqlite: Database.Database, commits?: GroupCommit, observe?: StatementObserver): ClosingSqliteDatabase {
  const statements = new Map<string, SqliteStatement>()
  return {
    // Kysely prepares a statement each time it runs one: here is where each one is seen.
    prepare(text: string) {
      observe?.(text)
      let statement = statements.get(text)
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear()
        const prepared = sqlite.prepare(text)
        statement = commits ? commits.track(prepared) : prepared
        statements.set(text, statement)
      }
      return statement
    },
    async close() {
      statements.clear()
      sqlite.close()
      await commits?.close()
    },
  }
}

interface WriteWatcher { writes: RegExp; committed: () => void }
const writeWatchers = new WeakMap<Db, WriteWatcher[]>()

/**
 * On PostgreSQL, calls `committed` once a statement whose text matches `writes` has taken effect:
 * when it ran outside a transaction, as it answers; in a transaction, as its COMMIT (or ROLLBACK)
 * answers, before the code that sent it goes on. A cache of this instance forgets what such a
 * write changed before its own request answers (auth/sessionCache.ts). Not on SQLite.
 */
export function watchWrites(db: Db, writes: RegExp, committed: () => void): void {
  writeWatchers.get(db)?.push({ writes, committed })
}

/**
 * A PostgreSQL client that sends each runSql statement as a named prepared statement (prepared.ts):
 * parsed and planned once per connection instead of at every call. Also tells `watchers` when a
 * write they watch took effect (watchWrites), and `observe` the text of every query it sends
 * (Kysely's, BEGIN and COMMIT included).
 */
function prepareAndObserve(client: pg.PoolClient, watchers: readonly WriteWatcher[], observe?: StatementObserver): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  let inTransaction = false
  let heard: WriteWatcher[] = []
  const send = (args: unknown[]) => {
    const [first, values, ...rest] = args
    if (typeof first !== 'string') return query(...args)
    const name = preparedName(first)
    return name !== undefined && Array.isArray(values) ? query({ name, text: first, values }, ...rest) : query(...args)
  }
  Object.assign(client, {
    query: (...args: unknown[]) => {
      const [first, second] = args
      const text = typeof first === 'string' ? first : (first as { text?: string }).text ?? ''
      observe?.(text, Array.isArray(second) ? second : (first as { values?: unknown[] }).values)
      if (/^\s*begin\b/i.test(text)) inTransaction = true
      const ends = /^\s*(commit|rollback)\b/i.test(text)
      for (const watcher of watchers) if (watcher.writes.test(text) && !heard.includes(watcher)) heard.push(watcher)
      const result = send(args)
      if (ends) inTransaction = false
      if (inTransaction || heard.length === 0 || !(result instanceof Promise)) return result
      const tell = heard
      heard = []
      const told = () => {
        for (const watcher of tell) watcher.committed()
      }
      return result.then((answer: unknown) => {
        told()
        return answer
      }, (error: unknown) => {
        told()
        throw error
      })
    },
  })
}

/** Tables whose rows a retention sweep removes by age, with the column that names a row (each has an index on its time column). */
const AGED_TABLES = { rate_events: 'id', otps: 'id', staff_sessions: 'token_hash', member_events: 'id' } as const
export type AgedTable = keyof typeof AGED_TABLES

/**
 * Deletes the rows of `table` whose `column` is before `before`, a batch at a time, so that a
 * year of them never holds a lock (or SQLite's one connection) for long; how many went.
 */
export async function deleteBefore(db: Db, table: AgedTable, column: string, before: number, batch = 5_000): Promise<number> {
  const key = sql.ref(AGED_TABLES[table])
  let total = 0
  for (;;) {
    const { numAffectedRows } = await sql`DELETE FROM ${sql.table(table)} WHERE ${key} IN (
      SELECT ${key} FROM ${sql.table(table)} WHERE ${sql.ref(column)} < ${before} LIMIT ${batch})`.execute(db)
    const deleted = Number(numAffectedRows ?? 0)
    total += deleted
    if (deleted < batch) return total
  }
}

/** Which dialect a database (or transaction) speaks. */
export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** Connections inside a transaction opened by `lockedTransaction` on SQLite (BEGIN IMMEDIATE). */
const openedImmediate = new WeakSet<object>()

/** Runs `work` in a transaction, or inside the caller's when `db` already is one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction || openedImmediate.has(db) ? work(db) : db.transaction().execute(work)
}

let savepoints = 0

/**
 * Runs `work` (a statement that may break a constraint) so that its failure leaves the caller's
 * transaction usable: PostgreSQL aborts a whole transaction at its first failed statement, so
 * inside one `work` runs under a savepoint that a failure rolls back to. Outside a transaction a
 * failed statement undoes only itself.
 */
export async function withSavepoint<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (!db.isTransaction && !openedImmediate.has(db)) return work(db)
  const name = sql.raw(`attempt_${++savepoints}`)
  await sql`SAVEPOINT ${name}`.execute(db)
  try {
    const result = await work(db)
    await sql`RELEASE SAVEPOINT ${name}`.execute(db)
    return result
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(db)
    await sql`RELEASE SAVEPOINT ${name}`.execute(db)
    throw error
  }
}

/** Named PostgreSQL advisory locks (transaction-scoped). `memberDecisions` is taken with a member's id as its second key. */
export const LOCKS = { rateEvents: 7_300_001, seeds: 7_300_002, migrationNames: 7_300_003, staffRoles: 7_300_004, operatorSettings: 7_300_005, bankStatements: 7_300_006, memberDecisions: 7_300_007, productionMark: 7_300_008 } as const

/**
 * A transaction that holds the write lock from its first statement, so a read-then-write inside
 * it cannot interleave with another instance doing the same: PostgreSQL takes the named advisory
 * lock, SQLite begins IMMEDIATE (one writer at a time, others wait up to the busy timeout).
 */
export async function lockedTransaction<T>(db: Db, lock: number, work: (trx: Db) => Promise<T>): Promise<T> {
  if (isPostgres(db)) {
    return inTransaction(db, async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(lock)})`.execute(trx)
      return work(trx)
    })
  }
  if (db.isTransaction || openedImmediate.has(db)) return work(db)
  return db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection)
    openedImmediate.add(connection)
    try {
      const result = await work(connection)
      await sql`COMMIT`.execute(connection)
      return result
    } catch (error) {
      await sql`ROLLBACK`.execute(connection)
      throw error
    } finally {
      openedImmediate.delete(connection)
    }
  })
}

/**
 * Applies every migration not yet applied (Kysely's Migrator) and returns the names applied now.
 * Instances starting together migrate once: PostgreSQL's Migrator takes an advisory lock; on
 * SQLite the whole run is one IMMEDIATE transaction. A database of release 1.1.x first has its
 * migrations renamed into the one numbered sequence (migrations/sequence.ts).
 */
export async function migrate(db: Db): Promise<string[]> {
  if (isPostgres(db)) {
    await lockedTransaction(db, LOCKS.migrationNames, adoptRenamedMigrations)
    return runMigrator(new Migrator({ db, provider: migrationProvider }))
  }
  return lockedTransaction(db, 0, async (trx) => {
    await adoptRenamedMigrations(trx)
    return runMigrator(new Migrator({ db: trx, provider: migrationProvider, disableTransactions: true }))
  })
}

/** How many of the code's migrations the database has not had (a readiness check, /readyz). */
export async function pendingMigrations(db: Db): Promise<number> {
  const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations()
  return migrations.filter((migration) => migration.executedAt === undefined).length
}

/** Whether the database has `table` yet (before migrations have run, it may not). */
export async function tableExists(db: Db, table: string): Promise<boolean> {
  const found = isPostgres(db)
    ? await sql`SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = ${table}`.execute(db)
    : await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ${table}`.execute(db)
  return found.rows.length > 0
}

/** Renames the rows of migrations applied under an earlier name; nothing on a new database. */
async function adoptRenamedMigrations(db: Db): Promise<void> {
  if (!(await tableExists(db, 'kysely_migration'))) return
  for (const [before, now] of Object.entries(RENAMED_MIGRATIONS)) {
    await sql`UPDATE kysely_migration SET name = ${now} WHERE name = ${before}`.execute(db)
  }
}

async function runMigrator(migrator: Migrator): Promise<string[]> {
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
}

/**
 * True for a unique-constraint failure of `constraint` on either dialect: SQLite's
 * SQLITE_CONSTRAINT_UNIQUE naming the column, PostgreSQL's 23505 naming the constraint.
 */
export function isUniqueViolation(error: unknown, constraint: { sqlite: string; postgres: string }): boolean {
  if (!(error instanceof Error)) return false
  const { code, constraint: name } = error as { code?: string; constraint?: string }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') return error.message.includes(constraint.sqlite)
  return code === '23505' && name === constraint.postgres
}

/** True for a foreign-key failure on either dialect: a row naming one that was deleted meanwhile
 *  (a session opened by a messenger account or quick unlock removed in parallel). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}
