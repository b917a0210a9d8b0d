import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Migrator, sql, type Transaction } from 'kysely'
import pg from 'pg'
import { afterEach, beforeEach, expect, inject, onTestFinished } from 'vitest'
import type { RegisterRequest } from '../../contract'
import { type BuildServerOptions, buildServer } from '../../server/app'
import type { OtpMessage } from '../../server/otp/sms'
import { TEST_MODE_PASSWORD_COST } from '../../server/auth/passwords'
import { type Db, memoryImage, migrate, openDatabase, type Tables } from '../../server/shared/db'
import { migrationProvider } from '../../server/migrations/sequence'

/** 2025-01-15 12:00 in Bangkok: inside the slip window's open hours. */
export const START = Date.parse('2025-01-15T05:00:00Z')
export const MINUTE = 60 * 1000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export const DEMO = { phone: '0812345678', password: 'demo1234' }

/** scrypt at a cost tests can afford hundreds of times; tests of the real cost pass their own. */
export const TEST_PASSWORD_COST = TEST_MODE_PASSWORD_COST

/**
 * An operator's own payment destinations and contact, which production needs (it seeds none of
 * the demo's): made-up accounts, none of them the demo's.
 */
export const OPERATOR = {
  depositAccounts: {
    banks: [
      { bankCode: 'KTB', bankType: 'AUTO', mode: 'AUTO', accountName: 'OPERATOR CO LTD', accountNo: '6620001111', currency: 'THB' },
      { bankCode: 'KBANK', bankType: 'QR', mode: 'QR', accountName: 'OPERATOR CO LTD', accountNo: '0994000123456', currency: 'THB' },
      { bankCode: 'BCEL', bankType: 'BANK', mode: 'MANUAL', accountName: 'OPERATOR LAO', accountNo: '0109990001112', currency: 'LAK', variant: 'la' },
    ],
    wallets: [{ accountName: 'OPERATOR WALLET', accountNo: '0961112222', mode: 'AUTO' }],
  },
  contact: { lineName: '@operator', lineLink: 'https://line.me/R/ti/p/@operator', lineQR: 'https://operator.example/line-qr.png' },
} as const satisfies Pick<BuildServerOptions, 'depositAccounts' | 'contact'>

/** OPERATOR as production's environment variables. */
export const OPERATOR_ENV = {
  DEPOSIT_ACCOUNTS: JSON.stringify(OPERATOR.depositAccounts),
  CONTACT: JSON.stringify(OPERATOR.contact),
}

export interface TestServer {
  app: FastifyInstance
  /** Moves the server's clock. */
  advance: (ms: number) => void
  setTime: (ms: number) => void
  sms: OtpMessage[]
}

/** Where a test server keeps its data. */
export interface TestStorage {
  dataDir: string
  databaseUrl?: string
  memoryImage?: Buffer
}

let migratedImage: Promise<Buffer> | undefined

/** An in-memory SQLite database with every migration applied, made once per worker: each test
 *  server starts from a copy of it instead of migrating again (about a third of a start). */
function sqliteTemplate(): Promise<Buffer> {
  migratedImage ??= (async () => {
    const db = openDatabase({ dataDir: ':memory:' })
    try {
      await migrate(db)
      return memoryImage(db)
    } finally {
      await db.destroy()
    }
  })()
  return migratedImage
}

/**
 * Fresh storage for one test server: SQLite under `dataDir` (default in memory), or in the
 * PostgreSQL run (vitest.pg.config.ts) a new, empty database of its own. `migrated` copies it from
 * a template migrated once (the server then finds every migration applied): on PostgreSQL the
 * run's, which the global setup made; in memory on SQLite the worker's. Tests of migrating itself
 * leave it out. Pass the same storage to a
 * second buildServer to restart on the same data. The PostgreSQL run's global teardown drops every
 * database it made.
 */
export async function testStorage(dataDir = ':memory:', { migrated = false } = {}): Promise<TestStorage> {
  const adminUrl = process.env.WALLET_TEST_PG_URL
  if (!adminUrl) return migrated && dataDir === ':memory:' ? { dataDir, memoryImage: await sqliteTemplate() } : { dataDir }
  const name = `${inject('pgDatabasePrefix')}${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    // FILE_COPY where the server has it: the template's files copied as they are, not written
    // again through the WAL (PostgreSQL 15's default). Measured back to back, the PostgreSQL run
    // took 84.0 s with the WAL, 72.9 to 76.4 s without.
    const strategy = inject('pgCreateStrategy')
    await admin.query(migrated ? `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDatabase')}${strategy}` : `CREATE DATABASE ${name}${strategy}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { dataDir, databaseUrl: url.toString() }
}

/**
 * A fresh database migrated up to and including `name` (a migration test's "before"); the caller
 * destroys it. Migrate further with the same Migrator to apply the migration under test.
 */
export async function migratedTo(name: string): Promise<Db> {
  const db = openDatabase(await testStorage())
  await migrateDb(db, name).catch(async (error: unknown) => {
    await db.destroy()
    throw error
  })
  return db
}

/** Brings `db` to migration `name` (up or down), or throws the migrator's error. */
async function migrateDb(db: Db, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(name)
  if (error) throw error
}

/** A database at migration `name`, closed when the test ends, and the step to a later migration. */
export async function atMigration(name: string): Promise<{ db: Db; migrateTo: (later: string) => Promise<void> }> {
  const db = await migratedTo(name)
  onTestFinished(() => db.destroy())
  return {
    db,
    migrateTo: (later) => migrateDb(db, later),
  }
}

/** A member written by hand on a schema of any age (its bank first); its id. */
export async function oldSchemaMember(db: Db, bank: string): Promise<number> {
  await sql`INSERT INTO banks (code, name_th, name_en, country, sort) VALUES (${bank}, ${bank}, ${bank}, ${bank === 'BCEL' ? 'LA' : 'TH'}, 1)`.execute(db)
  await sql`INSERT INTO members (username, password_hash, name, bank_code, bank_account_name, bank_account_no, currency, created_at)
    VALUES ('0812345678', 'x', 'Player', ${bank}, 'Player', '1234567890', 'THB', 0)`.execute(db)
  return Number((await sql<{ id: number }>`SELECT id FROM members`.execute(db)).rows[0].id)
}

/** True in the PostgreSQL run of the server suite. */
export const onPostgres = (): boolean => Boolean(process.env.WALLET_TEST_PG_URL)

export async function startServer(options: Partial<BuildServerOptions> = {}): Promise<TestServer> {
  let now = START
  const sms: TestServer['sms'] = []
  const app = await buildServer({
    ...(await testStorage(':memory:', { migrated: true })),
    // Production needs the operator's destinations; a test of production gets OPERATOR's.
    ...(options.mode === 'production' ? OPERATOR : {}),
    mode: 'test',
    passwordCost: TEST_PASSWORD_COST,
    staticDir: '/nonexistent-static-dir',
    now: () => now,
    // No retention sweep of its own: the one at start ran beside a test's first steps on a loaded
    // machine and took rows the test had aged for its own sweep (notifications.test.ts, seen once on
    // PostgreSQL). A test of the background sweep passes its period (retention.test.ts).
    retentionSweepMs: 0,
    sms: {
      async sendOtp(message) {
        sms.push(message)
      },
    },
    ...options,
  })
  return {
    app,
    advance: (ms) => {
      now += ms
    },
    setTime: (ms) => {
      now = ms
    },
    sms,
  }
}

/** A test server whose log the test reads: each JSON line it wrote, in order. */
export async function startLoggedServer(options: Partial<BuildServerOptions> = {}): Promise<TestServer & { log: string[] }> {
  const log: string[] = []
  const server = await startServer({ logger: true, loggerStream: { write: (line) => void log.push(line) }, ...options })
  return { ...server, log }
}

/**
 * The instances a race test runs on: two sharing one PostgreSQL database, as two API nodes would
 * (there requests really overlap), or the one SQLite instance (one connection: they run one after
 * another, so the test proves sequential correctness). Each is added to `into`, which the caller closes.
 */
export async function startInstances(into: TestServer[], options: Partial<BuildServerOptions> = {}): Promise<TestServer[]> {
  const storage = await testStorage()
  const started = [await startServer({ ...storage, ...options })]
  if (onPostgres()) started.push(await startServer({ ...storage, ...options }))
  into.push(...started)
  return started
}

/** The servers a file's tests start, each closed after its test: `one()` starts one; a race test
 *  passes `servers` to startInstances. */
export function serversClosedAfterEach(): { servers: TestServer[]; one: (options?: Partial<BuildServerOptions>) => Promise<TestServer> } {
  const servers: TestServer[] = []
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.app.close()
  })
  const one = async (options: Partial<BuildServerOptions> = {}) => {
    const server = await startServer(options)
    servers.push(server)
    return server
  }
  return { servers, one }
}

/** Resolves for all `parties` callers once the last of them arrived. */
export function barrier(parties: number): () => Promise<void> {
  let arrived = 0
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return async () => {
    arrived += 1
    if (arrived === parties) open()
    await opened
  }
}

/**
 * The dangerous interleaving, forced (PostgreSQL): `race` starts while `table` is locked against
 * writes (EXCLUSIVE: its reads go on), and the lock is let go only once `waiting` of the race's
 * transactions are queued behind a lock. So each has read what it decides on (nothing held, a
 * coupon unclaimed) before any of them writes, and only the guard at the write can keep them
 * apart. On SQLite (one connection) `race` simply runs: its requests go one after another, which
 * proves sequential correctness only.
 */
export async function withWritesHeld<T>(db: Db, table: string, waiting: number, race: () => Promise<T>): Promise<T> {
  if (!onPostgres()) return race()
  let raced: Promise<T> | undefined
  await db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE ${sql.table(table)} IN EXCLUSIVE MODE`.execute(trx)
    raced = race()
    // Backends waiting for that table's lock, or for a lock one of those holds (a row it read to
    // update): not any lock, so an advisory lock's waiters or another table's do not let the race go
    // before its writes are queued.
    const queued = async () => Number((await sql<{ n: string }>`WITH on_table AS (
        SELECT DISTINCT pid FROM pg_locks WHERE locktype = 'relation' AND relation = to_regclass(${table}) AND NOT granted
      )
      SELECT (SELECT count(*) FROM on_table) + (SELECT count(*) FROM pg_stat_activity
        WHERE pid NOT IN (SELECT pid FROM on_table) AND pg_blocking_pids(pid) && ARRAY(SELECT pid FROM on_table)) AS n`.execute(db)).rows[0].n)
    await expect.poll(queued, { timeout: 30_000 }).toBeGreaterThanOrEqual(waiting)
  })
  return raced as Promise<T>
}

/** A lock a test holds (PostgreSQL) while requests run into it, let go when the test says. */
export interface HeldLock {
  /**
   * Waits until `count` backends wait for this hold: directly, or behind one that does (two
   * waiting for one row queue on each other, the second behind the first).
   */
  queued(count: number): Promise<void>
  /** Runs `work` in the holding transaction: the holder's next step, with the others queued behind it. */
  inside<T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T>
  release(): Promise<void>
}

/**
 * Takes a lock in a transaction of its own (`take` runs in it: a LOCK TABLE, a SELECT ... FOR KEY
 * SHARE) and keeps it until `release`: for a race test that puts one party's step between two of
 * another's, in the order it names (tests/server/passkeys.test.ts).
 */
export async function holdLock(db: Db, take: (trx: Transaction<Tables>) => Promise<unknown>): Promise<HeldLock> {
  let letGo!: () => void
  const released = new Promise<void>((resolve) => {
    letGo = resolve
  })
  let held!: (pid: number) => void
  const holder = new Promise<number>((resolve) => {
    held = resolve
  })
  let holding!: Transaction<Tables>
  const ended = db.transaction().execute(async (trx) => {
    holding = trx
    await take(trx)
    held(Number((await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0].pid))
    await released
  })
  const pid = await Promise.race([holder, ended.then(() => Promise.reject(new Error('the hold ended before it held')))])
  const behind = async () => Number((await sql<{ n: string }>`WITH RECURSIVE waiting(pid) AS (
      SELECT pid FROM pg_stat_activity WHERE ${pid} = ANY(pg_blocking_pids(pid))
      UNION SELECT a.pid FROM pg_stat_activity a JOIN waiting w ON w.pid = ANY(pg_blocking_pids(a.pid))
    ) SELECT count(*) AS n FROM waiting`.execute(db)).rows[0].n)
  return {
    queued: async (count) => {
      await expect.poll(behind, { timeout: 30_000 }).toBeGreaterThanOrEqual(count)
    },
    inside: (work) => work(holding),
    release: async () => {
      letGo()
      await ended
    },
  }
}

/** A fresh server and the demo member's token for every test of the file, closed after each test. */
export function onDemoServer(use: (server: TestServer, token: string) => void, options: Partial<BuildServerOptions> = {}): void {
  let current: TestServer | undefined
  beforeEach(async () => {
    current = await startServer(options)
    use(current, await login(current.app))
  })
  afterEach(async () => {
    await current?.app.close()
    current = undefined
  })
}

interface CallOptions {
  body?: unknown
  token?: string
  headers?: Record<string, string>
  /** The client's address (default 127.0.0.1): the per-address limits count it. */
  address?: string
}

export interface CallResult {
  status: number
  body: Record<string, unknown>
  headers: Record<string, unknown>
}

/** One request through `app.inject`; the body is parsed JSON (or `{ raw }` when not JSON). */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.address === undefined ? {} : { remoteAddress: options.address }),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  })
  let body: Record<string, unknown>
  try {
    body = response.json()
  } catch {
    body = { raw: response.body }
  }
  return { status: response.statusCode, body, headers: response.headers }
}

export async function login(app: FastifyInstance, username = DEMO.phone, password = DEMO.password) {
  const result = await call(app, 'POST', '/api/login', { body: { username, password } })
  if (result.status !== 200) throw new Error(`login failed: ${JSON.stringify(result.body)}`)
  return result.body.token as string
}

/** Whether `token` opens a member call: what a test of "can sign in" checks, not that a token came back. */
export async function expectSignedIn(app: FastifyInstance, token: string, username = DEMO.phone): Promise<void> {
  const profile = await call(app, 'GET', '/api/account/profile', { token })
  expect(profile.status).toBe(200)
  expect(profile.body).toMatchObject({ profile: { username } })
}

/** Sends and verifies an OTP for `phone`, as steps 1 and 2 of the wizard do; returns the verified
 *  token, which the registration presents. */
export async function verifyPhone(app: FastifyInstance, phone: string, address?: string): Promise<string> {
  const sent = await call(app, 'POST', '/api/otp/send', { body: { phoneNumber: phone }, address })
  if (sent.status !== 200) throw new Error(`otp send failed: ${JSON.stringify(sent.body)}`)
  const otp = await call(app, 'GET', `/dev/otp/${phone}`)
  const verified = await call(app, 'POST', '/api/otp/verify', {
    body: { otpToken: sent.body.otpToken, otpCode: otp.body.otpCode },
    address,
  })
  if (verified.status !== 200) throw new Error(`otp verify failed: ${JSON.stringify(verified.body)}`)
  return sent.body.otpToken as string
}

let addresses = 0
/** An address no other call of this process used: a player of their own, so the per-address
 *  limits of registration (10 a quarter of an hour) do not meet a test that registers many. */
export function freshAddress(): string {
  addresses += 1
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`
}

export function registration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  return {
    name: 'Somchai Jaidee',
    username: '0899999999',
    password: 'secret99',
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'SCB',
    bankAccountName: 'somchai jaidee',
    bankAccountNo: '9876543210',
    currency: 'THB',
    ...overrides,
  }
}

/** Registers a member from an address of its own (verifying the phone first, and presenting
 *  the verified token) and returns a login token. */
export async function registerMember(app: FastifyInstance, overrides: Partial<RegisterRequest> = {}) {
  const address = freshAddress()
  const body = registration(overrides)
  const otpToken = await verifyPhone(app, body.username, address)
  const result = await call(app, 'POST', '/api/account', { body: { ...body, otpToken }, address })
  if (result.status !== 201) throw new Error(`register failed: ${JSON.stringify(result.body)}`)
  return login(app, body.username, body.password)
}

export const expectError = (status: number, message: string) => ({ status, body: { message } })
