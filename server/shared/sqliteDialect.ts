import { type DatabaseConnection, type Driver, SqliteDialect, type SqliteDatabase, type SqliteDialectConfig, SqliteDriver } from 'kysely'

/** The database as the dialect is given it: its close resolves once every thread has let the file go. */
export interface ClosingSqliteDatabase extends SqliteDatabase {
  close(): Promise<void>
}

interface QueuedSqliteDialectConfig extends SqliteDialectConfig {
  database: ClosingSqliteDatabase
}

/**
 * Kysely's SQLite dialect with its one connection handed to the requests waiting for it one at a
 * time, in the order they asked (issue 32). Kysely's own mutex wakes every waiter each time the
 * connection is released, and all but one go back to waiting: a group commit resumes dozens of
 * requests at once (groupCommit.ts), so each release cost work for every one of them, growing with
 * the square of the queue (with 100 requests in flight, 3.5 % of the server's time in that loop
 * alone, more in the promises and garbage it made). The connection and its statements are
 * Kysely's, unchanged. Its destroy waits for the database's close, which Kysely's does not.
 */
export class QueuedSqliteDialect extends SqliteDialect {
  readonly #config: QueuedSqliteDialectConfig

  constructor(config: QueuedSqliteDialectConfig) {
    super(config)
    this.#config = config
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.#config)
  }
}

class QueuedSqliteDriver extends SqliteDriver {
  readonly #queue = new Handoff()
  readonly #database: ClosingSqliteDatabase

  constructor(config: QueuedSqliteDialectConfig) {
    super(config)
    this.#database = config.database
  }

  // Past the queue, Kysely's mutex is always free: only the one holder ever asks it.
  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.acquire()
    return super.acquireConnection()
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection()
    this.#queue.release()
  }

  // Kysely's calls close without waiting: the checkpointer (groupCommit.ts) still held the file
  // after db.destroy() resolved, and a folder removed then met its WAL being written (ENOTEMPTY).
  override async destroy(): Promise<void> {
    await this.#database.close()
  }
}

/** A lock passed straight to the longest waiter: a release wakes exactly one. */
class Handoff {
  private held = false
  private readonly waiting: (() => void)[] = []

  acquire(): Promise<void> | undefined {
    if (!this.held) {
      this.held = true
      return undefined
    }
    return new Promise((resolve) => this.waiting.push(resolve))
  }

  release(): void {
    const next = this.waiting.shift()
    // Still held: it is the next waiter's now, and nobody can take it in between.
    if (next) next()
    else this.held = false
  }
}
