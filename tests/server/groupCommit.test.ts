// @vitest-environment node
// Group commit on the SQLite file (server/shared/groupCommit.ts): nothing leaves the server before it is
// on disk, but the syncs run in the thread pool, shared by every commit made before each began,
// and checkpoints run in a worker. Observed from outside, through the WAL file's fdatasync.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { type FileHandle, open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { call, login, type TestServer, startServer } from './helpers'

let dataDir: string
let server: TestServer
let token: string
/** What happened, in order: each sync's start and end, each provider request. */
let events: string[]
/** How long a sync of the WAL takes in these tests. */
let syncMs = 0

beforeEach(async () => {
  events = []
  syncMs = 0
  const probe = await open(import.meta.filename, 'r')
  const handles = Object.getPrototypeOf(probe) as FileHandle
  await probe.close()
  const datasync = handles.datasync
  vi.spyOn(handles, 'datasync').mockImplementation(async function (this: FileHandle) {
    events.push('sync')
    await new Promise((resolve) => setTimeout(resolve, syncMs))
    await datasync.call(this)
    events.push('synced')
  })
  dataDir = mkdtempSync(join(tmpdir(), 'group-commit-'))
  server = await startServer({
    dataDir,
    transferSweepMs: 0,
    // The SQLite file in both runs of the server suite: PostgreSQL syncs its own commits.
    databaseUrl: undefined,
    provider: {
      activate: async () => ({ username: 'pg-demo', password: 'secret' }),
      resetPassword: async () => 'secret',
      transfer: async () => {
        events.push('provider')
      },
      transferStatus: async () => 'unknown',
      launchPath: async () => '/',
    },
  })
  token = await login(server.app)
  expect((await call(server.app, 'GET', '/api/wallet/activate/PG', { token })).status).toBe(200)
})

afterEach(async () => {
  await server.app.close()
  vi.restoreAllMocks()
  rmSync(dataDir, { recursive: true, force: true })
})

const transfer = (from: string, to: string, amount = 1) =>
  call(server.app, 'POST', '/api/wallet/transfer', { token, body: { from, to, amount } })

describe('group commit on a SQLite file', () => {
  it('answers a write only after a sync of the WAL that began after it committed', async () => {
    syncMs = 150
    events = []
    const started = performance.now()
    const reply = await transfer('WALLET', 'PG')
    const took = performance.now() - started
    expect(reply.status).toBe(200)
    // Reserve, then a sync, then the provider; then the settle and a sync before the answer.
    expect(events).toEqual(['sync', 'synced', 'provider', 'sync', 'synced'])
    expect(took).toBeGreaterThanOrEqual(2 * syncMs - 5)
  })

  it('asks no provider before the reserve is on disk', async () => {
    syncMs = 100
    events = []
    await transfer('WALLET', 'PG')
    const provider = events.indexOf('provider')
    expect(provider).toBeGreaterThan(0)
    expect(events.slice(0, provider)).toContain('synced')
  })

  it('shares one sync among the commits made before it began', async () => {
    syncMs = 50
    events = []
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => transfer(i % 2 ? 'PG' : 'WALLET', i % 2 ? 'WALLET' : 'PG')))
    expect(replies.map((reply) => reply.status)).toSatisfy((statuses: number[]) => statuses.every((status) => status === 200 || status === 400))
    const syncs = events.filter((event) => event === 'sync').length
    // 20 transfers commit at least 40 times (reserve and settle); the syncs are far fewer.
    expect(syncs).toBeGreaterThan(0)
    expect(syncs).toBeLessThan(20)
  })

  it('sends a read that follows no write without waiting for a sync', async () => {
    // The outcome, not a time: no sync began or ended while the read was on its way (a read that
    // waited for one would have seen it end). Syncs are slow meanwhile so that one would be seen,
    // and quick again as soon as the read has answered, so that nothing after the test is held.
    syncMs = 2_000
    events = []
    let reply: Awaited<ReturnType<typeof call>>
    try {
      reply = await call(server.app, 'GET', '/api/wallet', { token })
    } finally {
      syncMs = 0
    }
    expect(reply.status).toBe(200)
    expect(events).toEqual([])
  })

  it('has a worker checkpoint the WAL, not the commits', async () => {
    // The main connection checkpoints only far past what SQLite would (1,000 pages).
    const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(server.app.serverContext.db)
    expect(rows[0].wal_autocheckpoint).toBeGreaterThanOrEqual(10_000)
    for (let i = 0; i < 100; i += 1) {
      expect((await transfer(i % 2 ? 'PG' : 'WALLET', i % 2 ? 'WALLET' : 'PG')).status).toBe(200)
    }
    // The WAL index (wallet.db-shm) says how many frames the WAL holds and how many of them are
    // copied back into the database: all of them soon after the writes stop, though the main
    // connection never got near its own threshold.
    const walIndex = () => {
      const shm = readFileSync(join(dataDir, 'wallet.db-shm'))
      return { frames: shm.readUInt32LE(16), copied: shm.readUInt32LE(96) }
    }
    expect(walIndex().frames).toBeGreaterThan(0)
    await expect.poll(() => { const { frames, copied } = walIndex(); return copied === frames }).toBe(true)
  })

  it('has let the files go once the server is closed: the WAL checkpointed and removed by the last connection', async () => {
    expect((await transfer('WALLET', 'PG')).status).toBe(200)
    await server.app.close()
    // Kysely's SQLite driver does not wait for the database's close: the checkpointer then still
    // held the file here, and a test removing the folder met its WAL being written (ENOTEMPTY).
    expect(readdirSync(dataDir).filter((name) => name.startsWith('wallet.db'))).toEqual(['wallet.db'])
  })
})
