// @vitest-environment node
// Issue 47 §2: a database remembers that production ran on it. On 3490fad a process started
// without a mode (demo) on production's data let the demo member in, offered the demo's deposit
// accounts, and its demo bank approved a slip and paid a withdrawal; all of it stayed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildServer, type BuildServerOptions } from '../../server/app'
import { DEMO_DELAYS } from '../../server/demo/counterparty'
import { markProduction, productionSince } from '../../server/seed/productionMark'
import type { ServerMode } from '../../server/shared/context'
import { migrate, openDatabase } from '../../server/shared/db'
import { DEMO, OPERATOR, OPERATOR_ENV, TEST_PASSWORD_COST, call, expectError, registerMember, startServer, testStorage, type TestServer } from './helpers'
import { uploadSlip } from './opsHelpers'
import { PROCESS_TEST_MS, PROCESS_WAIT_MS, startMain, stopMainProcessesAfterEach } from './mainProcess'

const dirs: string[] = []
const servers: { close: () => Promise<unknown> }[] = []
afterEach(async () => {
  for (const server of servers.splice(0).reverse()) await server.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
stopMainProcessesAfterEach()

const sms = { async sendOtp() {} }

async function sharedStorage() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-mark-'))
  dirs.push(dataDir)
  return testStorage(dataDir)
}

async function run(options: Pick<BuildServerOptions, 'dataDir' | 'databaseUrl'> & { mode: ServerMode }) {
  const app = await buildServer({ ...options, ...(options.mode === 'production' ? { ...OPERATOR, sms } : {}), passwordCost: TEST_PASSWORD_COST, staticDir: '/none' })
  servers.push(app)
  return app
}

const MESSAGE = /This database is production's: a production server has run on it .*APP_MODE=(demo|dev|test) would run the demo on real players' money.*Start it with APP_MODE=production, or give it a database of its own/

describe("a database production ran on", { timeout: PROCESS_TEST_MS }, () => {
  it.each(['demo', 'dev', 'test'] as const)('refuses %s mode at start, before writing anything, and production still starts on it', async (mode) => {
    const storage = await sharedStorage()
    const production = await run({ ...storage, mode: 'production' })
    const members = await production.serverContext.db.selectFrom('members').select('id').execute()
    await production.close()

    await expect(buildServer({ ...storage, mode, passwordCost: TEST_PASSWORD_COST, staticDir: '/none' })).rejects.toThrow(MESSAGE)

    const again = await run({ ...storage, mode: 'production' })
    const { db } = again.serverContext
    expect(await db.selectFrom('members').select('id').execute()).toEqual(members)
    expect((await db.selectFrom('seeds').select('name').execute()).map((row) => row.name)).not.toContain('demo-member')
    expect(await call(again, 'POST', '/api/login', { body: { username: DEMO.phone, password: DEMO.password } })).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
  })

  it('is known by what production left when it ran before the mark existed: its seeds alone, or the demo member it disabled', async () => {
    // Production alone, on an older release (no mark).
    const fresh = await sharedStorage()
    const first = await run({ ...fresh, mode: 'production' })
    await first.serverContext.db.deleteFrom('database_marks').execute()
    await first.close()
    await expect(buildServer({ ...fresh, mode: 'demo', passwordCost: TEST_PASSWORD_COST, staticDir: '/none' })).rejects.toThrow(MESSAGE)

    // A demo first, then production, on an older release (which let production take a demo's
    // database): production's evidence stands, and production still starts on it.
    const demoFirst = await sharedStorage()
    await (await run({ ...demoFirst, mode: 'demo' })).close()
    const older = await run({ ...demoFirst, mode: 'dev' })
    await older.serverContext.db.updateTable('members').set({ is_active: 0 }).where('username', '=', DEMO.phone).execute()
    await older.close()
    await expect(buildServer({ ...demoFirst, mode: 'dev', passwordCost: TEST_PASSWORD_COST, staticDir: '/none' })).rejects.toThrow(MESSAGE)
    await (await run({ ...demoFirst, mode: 'production' })).close()
  })

  it("does not take another mode's start in progress for production's: its lookups before its demo member", async () => {
    const storage = await sharedStorage()
    const db = openDatabase(storage)
    try {
      await migrate(db)
      // Where a demo, dev or test start is, a moment before its demo member (seed.ts's order).
      await db.insertInto('seeds').values(['lookups', 'demo-destinations', 'deposit-methods', 'games', 'bonuses'].map((name) => ({ name, applied_at: 1 }))).execute()
      expect(await productionSince(db)).toBeUndefined()
      // Production's seeds: none of the demo's, and those after its member.
      await db.insertInto('seeds').values(['kip-amounts', 'refund-info'].map((name) => ({ name, applied_at: 2 }))).execute()
      expect(await productionSince(db)).toBe(1)
    } finally {
      await db.destroy()
    }
  })

  it.each(['demo', 'dev', 'test'] as const)("is not production's to take when %s mode ran on it: the money its demo bank made would be real", async (mode) => {
    const storage = await sharedStorage()
    const demo = await run({ ...storage, mode })
    // Whoever signs in: a QR code the demo bank pays is a balance, as a slip it approves is.
    const member = (await call(demo, 'POST', '/api/login', { body: { username: DEMO.phone, password: DEMO.password } })).body.token as string
    expect((await call(demo, 'POST', '/api/qrcode/KBANK', { token: member, body: { amount: 200_000 } })).status).toBe(200)
    await demo.close()
    await expect(buildServer({ ...storage, mode: 'production', ...OPERATOR, sms, passwordCost: TEST_PASSWORD_COST, staticDir: '/none' }))
      .rejects.toThrow(/This database is a demo's: .*APP_MODE=production would make them real, so it does not start\. Give production a database of its own/)
    // Refused before writing anything: no mark, and the demo goes on.
    await (await run({ ...storage, mode })).close()
  })

  it('stops a process of another mode already running on it: its API answers 503 and its demo bank approves nothing', async () => {
    const storage = await sharedStorage()
    const lines: string[] = []
    const demo: TestServer = await startServer({ ...storage, mode: 'test', demoBankMs: 5, logger: true, loggerStream: { write: (line) => void lines.push(line) } })
    servers.push(demo.app)
    const member = await registerMember(demo.app)
    const slip = await uploadSlip(demo.app, member)

    // Production's mark arrives while it runs: two starts on one empty database at once (production
    // does not start on a database a demo has already seeded: the test above).
    await markProduction(demo.app.serverContext.db, Date.now())
    // Only now has the slip waited long enough for the demo bank.
    demo.advance(DEMO_DELAYS.slip + 1)
    await expect.poll(() => lines.some((line) => /This database is production's/.test(line)), { timeout: PROCESS_WAIT_MS }).toBe(true)

    const { db } = demo.app.serverContext
    expect(await db.selectFrom('deposit_slips').select('status').where('reference', '=', slip).executeTakeFirstOrThrow()).toEqual({ status: 'processing' })
    expect(await call(demo.app, 'GET', '/api/wallet', { token: member })).toMatchObject(expectError(503, 'production database'))
    expect(await call(demo.app, 'POST', '/api/login', { body: { username: DEMO.phone, password: DEMO.password } })).toMatchObject(expectError(503, 'production database'))
    expect(await call(demo.app, 'POST', `/dev/slips/${slip}`, { body: { status: 'success', amount: 100 } })).toMatchObject(expectError(503, 'production database'))
    // Nor in a disguise the router reads as the same route (`%64` is `d`, `%61` is `a`).
    expect(await call(demo.app, 'POST', `/%64ev/slips/${slip}`, { body: { status: 'success', amount: 100 } })).toMatchObject(expectError(404, 'NO_DATA'))
    expect(await call(demo.app, 'POST', '/%61pi/qrcode/KBANK', { token: member, body: { amount: 100 } })).toMatchObject(expectError(404, 'NO_DATA'))
    expect(await call(demo.app, 'POST', '/ops/api/login', { body: { username: 'root', password: 'x'.repeat(12) } })).toMatchObject(expectError(503, 'production database'))
  })

  it('main.ts without a mode on production data does not start, and says why', async () => {
    const production = await startMain({ APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', SMS_WEBHOOK_SECRET: 's'.repeat(32), ...OPERATOR_ENV, HOST: '127.0.0.1' })
    const dataDir = /data in ([^\s]+)/.exec(production.stdout)?.[1]
    expect(dataDir).toBeTruthy()
    await production.stop()
    await expect(startMain({ DATA_DIR: dataDir! })).rejects.toThrow(/exited with 1: [^]*Cannot start: This database is production's/)
  })
})
