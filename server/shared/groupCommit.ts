/**
 * Group commit for the SQLite file: durability without an fsync on the event loop.
 *
 * With `synchronous = FULL` every commit syncs the WAL before it returns, and better-sqlite3 runs
 * it on the one thread that also serves every other request: a transfer commits three times
 * (reserve, the simulated provider's book, settle), so under load the whole server waits on the
 * disk. Instead the file runs with `synchronous = NORMAL` (a commit writes the WAL but does not
 * sync it; a crash of the process loses nothing, a power loss could lose the latest commits) and
 * `whenDurable` syncs the WAL in libuv's thread pool: one fdatasync for every commit made before
 * it started, shared by everyone waiting.
 *
 * Nothing leaves the server before what it says is on disk: every reply waits for it (app.ts's
 * onSend hook), and so does every call to an outside party that acts on what was committed (a
 * game provider asked to move reserved money, wallet/transfers.ts).
 *
 * Checkpoints (copying the WAL back into the database file, with two syncs) would block the same
 * way when SQLite runs them after a commit, every 1,000 pages: a transfer writes about 20. They run
 * in a worker thread on a connection of its own instead (`startCheckpointer`), passive, so they
 * never wait for or block a commit; the main connection checkpoints itself only if the WAL grows
 * past CHECKPOINT_FALLBACK_PAGES (the worker gone or far behind).
 */
import { type FileHandle, open } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { Worker } from 'node:worker_threads'
import type Database from 'better-sqlite3'
import type { SqliteStatement } from 'kysely'

export class GroupCommit {
  /** Commits seen: a write outside a transaction, or the end of a transaction that wrote. */
  private committed = 0
  /** Commits known to be on disk. */
  private synced = 0
  private wrote = false
  private syncing: Promise<void> | undefined
  private wal: Promise<FileHandle> | undefined

  private readonly checkpointer: Worker
  /** Resolves when the checkpointer's thread has ended, whenever that is (asked to stop, or failed). */
  private readonly checkpointerEnded: Promise<void>

  constructor(private readonly sqlite: Database.Database, private readonly file: string) {
    sqlite.pragma('synchronous = NORMAL')
    sqlite.pragma(`wal_autocheckpoint = ${CHECKPOINT_FALLBACK_PAGES}`)
    this.checkpointer = startCheckpointer(file)
    this.checkpointerEnded = new Promise((resolve) => this.checkpointer.once('exit', () => resolve()))
  }

  /** Wraps a prepared statement so that its commits are counted. */
  track(statement: Database.Statement): SqliteStatement {
    const readonly = statement.readonly
    const after = () => {
      if (!readonly) this.wrote = true
      if (this.wrote && !this.sqlite.inTransaction) {
        this.committed += 1
        this.wrote = false
      }
    }
    return {
      reader: statement.reader,
      all(parameters) {
        try {
          return statement.all(parameters)
        } finally {
          after()
        }
      },
      run(parameters) {
        try {
          return statement.run(parameters)
        } finally {
          after()
        }
      },
      iterate: (parameters) => statement.iterate(parameters),
    }
  }

  /** Whether some commit is not known to be on disk yet. */
  pending(): boolean {
    return this.synced < this.committed
  }

  /** Resolves once every commit made before the call is on disk. */
  async whenDurable(): Promise<void> {
    const target = this.committed
    while (this.synced < target) {
      this.syncing ??= this.sync().finally(() => {
        this.syncing = undefined
      })
      await this.syncing
    }
  }

  /**
   * Lets the WAL file go (the database closes synchronously; closing SQLite syncs what is left), and
   * resolves once the checkpointer has closed its own connection too: until then it may still touch
   * the database's files (a clean-clone run removed a test's data directory under it: ENOTEMPTY).
   */
  async close(): Promise<void> {
    // Asked, not terminated: a worker terminated inside a SQLite call that fails (the database being
    // closed under it) aborts the whole process in better-sqlite3 (a FATAL ERROR in
    // ThrowSqliteError, seen in a clean-clone run of the server suite).
    const worker = this.checkpointer
    // Held while it stops: unreferenced, a process with nothing else to do would end before its
    // exit came, with this close still waiting (Node's exit code 13).
    worker.ref()
    worker.postMessage('stop')
    const stuck = setTimeout(() => void worker.terminate(), CHECKPOINTER_STOP_MS)
    stuck.unref()
    const wal = this.wal
    this.wal = undefined
    await wal?.then((handle) => handle.close()).catch(() => {})
    await this.checkpointerEnded
    clearTimeout(stuck)
  }

  private async sync(): Promise<void> {
    // Only commits made before the sync starts are covered by it; later ones wait for the next.
    const upTo = this.committed
    const wal = await (this.wal ??= openWal(`${this.file}-wal`))
    await wal.datasync()
    this.synced = Math.max(this.synced, upTo)
  }
}

/** The WAL file, whose directory entry is synced once too (the file exists from the first commit on). */
async function openWal(path: string): Promise<FileHandle> {
  const wal = await open(path, 'r')
  const directory = await open(dirname(path), 'r')
  try {
    await directory.sync()
  } finally {
    await directory.close()
  }
  return wal
}

/** The WAL's size, in pages, at which the main connection checkpoints it itself. */
const CHECKPOINT_FALLBACK_PAGES = 20_000
/** How often the worker copies the WAL back into the database file. */
const CHECKPOINT_EVERY_MS = 100

// The worker's code, as CommonJS (an eval worker), so it runs the same under tsx, Vitest and node.
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file)
db.pragma('busy_timeout = 0')
const every = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)')
  } catch (error) {
    if (error.code !== 'SQLITE_BUSY' && error.code !== 'SQLITE_LOCKED') throw error
  }
}, workerData.everyMs)
// Asked to stop, it stops between two checkpoints and ends by itself.
parentPort.once('message', () => {
  clearInterval(every)
  db.close()
  parentPort.close()
})
`
/** How long a checkpointer asked to stop has before it is terminated: only a stuck one takes that long. */
const CHECKPOINTER_STOP_MS = 5_000

/** A worker thread that checkpoints the database file's WAL every CHECKPOINT_EVERY_MS. */
function startCheckpointer(file: string): Worker {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS } })
  worker.unref()
  // Without it the main connection's fallback keeps the WAL bounded; the server goes on.
  worker.on('error', (error) => console.error(`WAL checkpointer stopped: ${error.message}`))
  return worker
}
