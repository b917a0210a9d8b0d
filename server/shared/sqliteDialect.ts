import { type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely'

/**
 * Kysely's SQLite dialect with its one connection handed to the requests waiting for it one at a
 * time, in the order they asked (issue 32). Kysely's own mutex wakes every waiter each time the
 * connection is released, and all but one go back to waiting: a group commit resumes dozens of
 * requests at once (groupCommit.ts), so each release cost work for every one of them, growing with
 * the square of the queue (with 100 requests in flight, 3.5 % of the server's time in that loop
 * alone, more in the promises and garbage it made). The connection and its statements are
 * Kysely's, unchanged.
 */
export class QueuedSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig

  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.#config)
  }
}

class QueuedSqliteDriver extends SqliteDriver {
  readonly #queue = new Handoff()

  // Past the queue, Kysely's mutex is always free: only the one holder ever asks it.
  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.acquire()
    return super.acquireConnection()
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection()
    this.#queue.release()
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
