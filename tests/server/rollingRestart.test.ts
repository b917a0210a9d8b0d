// @vitest-environment node
// Restarted without loss (issue 49 §4): server/main.ts as an operator runs it, behind a balancer
// that sends only to instances whose /readyz answers 200, under a steady mix of transfers and
// withdrawals. Each instance in turn gets SIGTERM and, once it has exited, is started again. Every
// call answered 2xx took effect exactly once, none was answered 5xx or dropped (the draining
// instance went on answering until the balancer had seen it draining), and the books balance. On
// PostgreSQL two instances share the database and the other one carries the load meanwhile; on
// SQLite the one instance is restarted and the balancer holds the calls until it is back.
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/shared/db'
import { checkBooks } from '../../server/wallet/books'
import { DEMO_MEMBER_ID } from './depositHelpers'
import { DEMO, onPostgres, testStorage } from './helpers'
import { dataDirForTest, type MainProcess, PROCESS_TEST_MS, PROCESS_WAIT_MS, startMain, stopMainProcessesAfterEach } from './mainProcess'

stopMainProcessesAfterEach()

const HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'wallet-user' }

/** An instance as the balancer sees it: in rotation while its last /readyz answered 200. */
interface Backend { name: string; url: string; ready: boolean; answered: number; process: MainProcess; polling: boolean }

interface Outcome { kind: 'out' | 'back' | 'withdraw'; backend: string; status: number; drainingThen: boolean }

describe(`a rolling restart${onPostgres() ? ' of two instances over one database' : ' of the one instance'}`, () => {
  it('answers every call once, refuses none, and keeps the books', async () => {
    const storage = onPostgres() ? await testStorage() : { dataDir: dataDirForTest() }
    const env = {
      APP_MODE: 'test',
      ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : { DATA_DIR: storage.dataDir }),
      // Long enough for a balancer asking every 50 ms on a slow machine, short for the suite.
      DRAIN_SECONDS: '3',
    }
    const backends: Backend[] = []
    /** Calls waiting for an instance in rotation, woken when one comes in. */
    const waiting: (() => void)[] = []
    // A balancer's health check: /readyz every 50 ms, as a balancer asks every few seconds.
    const poll = async (backend: Backend) => {
      while (backend.polling) {
        backend.ready = await fetch(`${backend.url}/readyz`).then((response) => response.status === 200, () => false)
        if (backend.ready) for (const wake of waiting.splice(0)) wake()
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    const add = async (name: string) => {
      const instance = await startMain(env)
      const backend: Backend = { name, url: instance.url, ready: false, answered: 0, polling: true, process: instance }
      backends.push(backend)
      void poll(backend)
      return backend
    }
    const first = await add('a1')
    if (onPostgres()) await add('b1')

    const api = async (url: string, method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${url}${path}`, {
        method, headers: { ...HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    const { body: signedIn } = await api(first.url, 'POST', '/api/login', { username: DEMO.phone, password: DEMO.password })
    const token = signedIn.token as string
    expect((await api(first.url, 'GET', '/api/wallet/activate/PG', undefined, token)).status).toBe(200)

    // The balancer: round robin over the instances in rotation; with none, the call waits.
    let turn = 0
    const pick = async (): Promise<Backend> => {
      for (;;) {
        const ready = backends.filter((backend) => backend.ready)
        if (ready.length > 0) return ready[turn++ % ready.length]
        await new Promise<void>((resolve) => waiting.push(resolve))
      }
    }
    const draining = new Set<string>()
    const outcomes: Outcome[] = []
    let running = true
    const CALLS: { kind: Outcome['kind']; path: string; body: unknown }[] = [
      { kind: 'out', path: '/api/wallet/transfer', body: { from: 'WALLET', to: 'PG', amount: 2 } },
      { kind: 'back', path: '/api/wallet/transfer', body: { from: 'PG', to: 'WALLET', amount: 1 } },
      { kind: 'withdraw', path: '/api/wallet/withdraw', body: { amount: 100 } },
    ]
    const sender = async (offset: number) => {
      for (let i = offset; running; i += 1) {
        const call = CALLS[i % CALLS.length]
        const backend = await pick()
        const drainingThen = draining.has(backend.name)
        const status = await api(backend.url, 'POST', call.path, call.body, token).then((answer) => answer.status, () => 0)
        backend.answered += 1
        outcomes.push({ kind: call.kind, backend: backend.name, status, drainingThen })
      }
    }
    const senders = [0, 1, 2, 3].map(sender)
    const served = (backend: Backend, calls: number) => expect.poll(() => backend.answered, { timeout: PROCESS_WAIT_MS, interval: 20 }).toBeGreaterThanOrEqual(calls)

    for (const [old, next] of onPostgres() ? [['a1', 'a2'], ['b1', 'b2']] : [['a1', 'a2']]) {
      const backend = backends.find((candidate) => candidate.name === old)!
      await served(backend, 10)
      draining.add(old)
      const stopped = backend.process.stop()
      // The balancer sees it draining and takes it out; it answers meanwhile and exits after.
      await expect.poll(() => backend.ready, { timeout: PROCESS_WAIT_MS, interval: 20 }).toBe(false)
      await stopped
      backend.polling = false
      await served(await add(next), 10)
    }
    running = false
    await Promise.all(senders)
    for (const backend of backends) backend.polling = false

    const answered = (kind: Outcome['kind']) => outcomes.filter((outcome) => outcome.kind === kind && outcome.status >= 200 && outcome.status < 300).length
    const failures = outcomes.filter((outcome) => outcome.status === 0 || outcome.status >= 500)
    expect(failures, 'no call dropped or answered 5xx').toEqual([])
    expect(answered('out')).toBeGreaterThan(0)
    expect(answered('withdraw')).toBeGreaterThan(0)

    const db = openDatabase(storage)
    try {
      const transfers = await db.selectFrom('game_transfers').select(['from_code', 'status']).where('member_id', '=', DEMO_MEMBER_ID).execute()
      expect(transfers.filter((row) => row.from_code === 'WALLET').length, 'a transfer per 2xx answer, wallet to PG').toBe(answered('out'))
      expect(transfers.filter((row) => row.from_code === 'PG').length, 'a transfer per 2xx answer, PG to wallet').toBe(answered('back'))
      expect(transfers.filter((row) => row.status !== 'settled')).toEqual([])
      const withdrawals = await db.selectFrom('withdrawals').select('id').where('member_id', '=', DEMO_MEMBER_ID).execute()
      expect(withdrawals.length, 'a withdrawal per 2xx answer').toBe(answered('withdraw'))
      const books = await checkBooks(db)
      expect(books, JSON.stringify(books)).toMatchObject({ balanced: true, cacheMismatches: 0, negativeMemberAccounts: 0 })
    } finally {
      await db.destroy()
    }
    const counts = Object.fromEntries(['out', 'back', 'withdraw'].map((kind) => [kind, answered(kind as Outcome['kind'])]))
    console.log(`[rolling restart] ${onPostgres() ? 'PostgreSQL, 2 instances' : 'SQLite, 1 instance'}: ${outcomes.length} calls, 2xx ${JSON.stringify(counts)}, ${outcomes.filter((outcome) => outcome.drainingThen).length} answered while draining`)
  // Four starts, two drains and the load beside them.
  }, 2 * PROCESS_TEST_MS)
})
