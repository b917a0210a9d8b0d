// @vitest-environment node
// Migrations upgrade a running database (issue 14, point 6): a database created and filled by the
// previous release (tests/server/fixtures/upgrade, made by scripts/upgrade-fixture.ts) is migrated
// by this one and keeps its members, balances and books, its withdrawals gaining the destination
// they were requested for (point 2) and its slips their image digests (point 3); and the sequence has one order.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { Migrator, sql } from 'kysely'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import type { WalletResponse, StatementResponse } from '../../contract'
import { buildServer } from '../../server/app'
import { type Db, migrate, openDatabase } from '../../server/shared/db'
import type { AnyDb } from '../../server/migrations/shared'
import { migrations, RENAMED_MIGRATIONS } from '../../server/migrations/sequence'
import { checkBooks } from '../../server/wallet/books'
import { call, login, onPostgres, START, TEST_PASSWORD_COST, testStorage } from './helpers'

const FIXTURES = join('tests', 'server', 'fixtures', 'upgrade')
const RELEASE = '1.1.14'

interface Holding { password: string; wallet: number; currency: string; games: Record<string, number> }
interface Expected { members: Record<string, Holding>; movements: number; postings: number }

const dirs: string[] = []
let app: FastifyInstance | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Storage holding the previous release's database, as that release left it. */
async function previousRelease(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const storage = await testStorage(mkdtempSync(join(tmpdir(), 'wallet-upgrade-')))
  dirs.push(storage.dataDir)
  if (!storage.databaseUrl) {
    writeFileSync(join(storage.dataDir, 'wallet.db'), gunzipSync(readFileSync(join(FIXTURES, `${RELEASE}.sqlite.gz`))))
    return storage
  }
  const client = new pg.Client({ connectionString: storage.databaseUrl })
  await client.connect()
  try {
    await client.query(gunzipSync(readFileSync(join(FIXTURES, `${RELEASE}.pg.sql.gz`))).toString('utf8'))
  } finally {
    await client.end()
  }
  return storage
}

/** The fixture script's slip image (scripts/upgrade-fixture.ts): png(1) was approved with BANKREF0001. */
function png(seed: number): Buffer {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([header, Buffer.from(`slip-${seed}-${'x'.repeat(64)}`)])
}

/** The image file name of the slip approved with a bank reference, as the old database has it. */
async function approvedSlipFile(storage: { dataDir: string; databaseUrl?: string }): Promise<string> {
  const query = "SELECT file_name FROM deposit_slips WHERE slip_ref_no = 'BANKREF0001'"
  if (storage.databaseUrl) {
    const client = new pg.Client({ connectionString: storage.databaseUrl })
    await client.connect()
    try {
      return ((await client.query<{ file_name: string }>(query)).rows[0]).file_name
    } finally {
      await client.end()
    }
  }
  const Database = (await import('better-sqlite3')).default
  const sqlite = new Database(join(storage.dataDir, 'wallet.db'))
  try {
    return (sqlite.prepare(query).get() as { file_name: string }).file_name
  } finally {
    sqlite.close()
  }
}

const expected = (): Expected =>
  JSON.parse(readFileSync(join(FIXTURES, `${RELEASE}.${onPostgres() ? 'pg' : 'sqlite'}.json`), 'utf8')) as Expected

describe('the migration sequence', () => {
  it('is every NNNN_name.ts of server/migrations, numbered 1, 2, 3, ... with no gap', () => {
    const files = readdirSync(join('server', 'migrations')).filter((name) => /^\d{4}_\w+\.ts$/.test(name)).map((name) => name.replace(/\.ts$/, '')).sort()
    expect(Object.keys(migrations)).toEqual(files)
    expect(files.map((name) => Number(name.slice(0, 4)))).toEqual(files.map((_, i) => i + 1))
  })

  it('renames only what release 1.1.x named otherwise, each to a name in the sequence', () => {
    for (const name of Object.values(RENAMED_MIGRATIONS)) expect(Object.keys(migrations)).toContain(name)
  })
})

describe(`a database of release ${RELEASE}`, () => {
  it('was left by that release under its own migration names (the fixture is what it claims)', async () => {
    const storage = await previousRelease()
    const { Kysely, PostgresDialect, SqliteDialect } = await import('kysely')
    const Database = (await import('better-sqlite3')).default
    const db = storage.databaseUrl
      ? new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: storage.databaseUrl }) }) })
      : new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(join(storage.dataDir, 'wallet.db')) }) })
    const names = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)
    await db.destroy()
    expect(names.rows.map((row) => row.name)).toEqual([
      '0001_settings_lookups_members_wallets_sessions_otp',
      '0002_session_sweep_payout_hold_bank_audit',
      'deposit_0001_qrcodes_slips_truelinks',
      'ledger_0001_double_entry_games_withdrawals_idempotency',
      'rewards_0001_refund_accruals',
    ])
  })

  it('starts on this release: migrated in one sequence, members, balances and books kept', async () => {
    const storage = await previousRelease()
    const { members, movements, postings } = expected()
    app = await buildServer({ ...storage, mode: 'test', passwordCost: TEST_PASSWORD_COST, staticDir: '/nonexistent-static-dir' })
    const db = app.serverContext.db
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations))

    const books = await checkBooks(db)
    expect(books, JSON.stringify(books)).toMatchObject({ balanced: true, unbalancedMovements: 0, negativeMemberAccounts: 0, cacheMismatches: 0 })
    // Nothing of the old history is lost (a new migration may add movements, never take any).
    expect(books.movements).toBeGreaterThanOrEqual(movements)
    expect(books.postings).toBeGreaterThanOrEqual(postings)

    for (const [username, holding] of Object.entries(members)) {
      const token = await login(app, username, holding.password)
      const wallet = (await call(app, 'GET', '/api/wallet', { token })).body as unknown as WalletResponse
      expect(wallet.wallet, username).toEqual({ amount: holding.wallet, currency: holding.currency })
      const games = Object.fromEntries(wallet.slots.filter((slot) => slot.isActive).map((slot) => [slot.code, slot.amount]))
      expect(games, username).toEqual(holding.games)
    }
  })

  it('keeps working after the upgrade: money moves and the books still balance', async () => {
    const storage = await previousRelease()
    app = await buildServer({ ...storage, mode: 'test', passwordCost: TEST_PASSWORD_COST, staticDir: '/nonexistent-static-dir' })
    const demo = expected().members['0812345678']
    const token = await login(app, '0812345678', demo.password)
    const moved = await call(app, 'POST', '/api/wallet/transfer', { token, body: { from: 'PG', to: 'WALLET', amount: demo.games.PG } })
    expect(moved).toMatchObject({ status: 200, body: { wallet: { amount: demo.wallet + demo.games.PG } } })
    // A new member after the old ones gets a fresh id and an empty wallet.
    await call(app, 'POST', '/dev/settings', { body: { registerOTP: false } })
    const registered = await call(app, 'POST', '/api/account', { body: {
      name: 'NEW MEMBER', username: '0833333333', password: 'third333', sourceCode: 'FACEBOOK', inviteCode: '',
      bankCode: 'SCB', bankAccountName: 'NEW MEMBER', bankAccountNo: '3333333333', currency: 'THB',
    } })
    expect(registered.status).toBe(201)
    const fresh = await login(app, '0833333333', 'third333')
    expect((await call(app, 'GET', '/api/wallet', { token: fresh })).body.wallet).toEqual({ amount: 0, currency: 'THB' })
    expect((await checkBooks(app.serverContext.db)).balanced).toBe(true)
  })

  it("gives the release's seeded texts, which nobody changed, in every language (issue 51)", async () => {
    const storage = await previousRelease()
    app = await buildServer({ ...storage, mode: 'test', passwordCost: TEST_PASSWORD_COST, staticDir: '/nonexistent-static-dir' })
    const token = await login(app, '0812345678', expected().members['0812345678'].password)
    const inEnglish = { token, headers: { 'accept-language': 'en' } }
    expect(((await call(app, 'GET', '/api/lookup/conditions', inEnglish)).body as unknown as string[])[0]).toContain('<b>Deposits</b>')
    const cards = (await call(app, 'GET', '/api/bonus', inEnglish)).body as unknown as { name: string }[]
    expect(cards.map((card) => card.name)).toEqual(['Welcome bonus 100%', 'Daily bonus 10%', 'Weekly bonus 20%'])
    expect(((await call(app, 'GET', '/api/bonus', { token })).body as unknown as { name: string }[])[0].name).toBe('โบนัสต้อนรับ 100%')
  })

  it("lists the release's transfers on the statement, once each, with the amount that moved", async () => {
    const storage = await previousRelease()
    app = await buildServer({ ...storage, mode: 'test', passwordCost: TEST_PASSWORD_COST, staticDir: '/nonexistent-static-dir' })
    const token = await login(app, '0811111111', expected().members['0811111111'].password)
    const { statements } = (await call(app, 'POST', '/api/statement', { token, body: { page: 1, limit: 100 } })).body as unknown as StatementResponse
    const transfers = statements.filter((row) => row.statementType === 'transfer')
    expect(transfers.map(({ from, to, amount, status }) => ({ from, to, amount, status }))).toEqual([
      { from: 'ALL', to: 'WALLET', amount: 175.5, status: 'SUCCESS' },
      { from: 'WALLET', to: 'PG', amount: expect.any(Number), status: 'SUCCESS' },
      { from: 'WALLET', to: 'JOKER', amount: expect.any(Number), status: 'SUCCESS' },
    ])
    expect(new Set(statements.map((row) => row.reference)).size).toBe(statements.length)
  })

  it('gives each withdrawal the account it was requested for: the old one when the member changed it after', async () => {
    const storage = await previousRelease()
    app = await buildServer({ ...storage, mode: 'test', passwordCost: TEST_PASSWORD_COST, staticDir: '/nonexistent-static-dir' })
    const rows = await app.serverContext.db.selectFrom('withdrawals').innerJoin('members', 'members.id', 'withdrawals.member_id')
      .select(['members.username', 'withdrawals.status', 'withdrawals.bank_code', 'withdrawals.bank_account_no', 'withdrawals.bank_account_name'])
      .orderBy('withdrawals.id').execute()
    expect(rows).toEqual([
      { username: '0812345678', status: 'paid', bank_code: 'KBANK', bank_account_no: '1234567890', bank_account_name: 'DEMO PLAYER' },
      // Changed to KBANK 2222222299 a minute after this withdrawal: it was requested for the SCB account.
      { username: '0822222222', status: 'failed', bank_code: 'SCB', bank_account_no: '2222222222', bank_account_name: 'BUNMA SECOND' },
      { username: '0811111111', status: 'requested', bank_code: 'SCB', bank_account_no: '1111111111', bank_account_name: 'ARIYA FIRST' },
    ])
    const token = await login(app, '0822222222', expected().members['0822222222'].password)
    expect((await call(app, 'GET', '/api/wallet/withdrawals', { token })).body).toEqual({ total: 1, withdrawals: [expect.objectContaining({
      amount: 150, status: 'failed', destination: { bankCode: 'SCB', bankAccountName: 'BUNMA SECOND', bankAccountNo: 'xxxxxx2222' },
    })] })
  })

  it("refuses the approved slip's image sent again (its digest was overwritten by the bank reference)", async () => {
    const storage = await previousRelease()
    // A 1.1.x server keeps its slip images under the data folder; the fixture keeps only the database.
    const fileName = await approvedSlipFile(storage)
    mkdirSync(join(storage.dataDir, 'slips'), { recursive: true })
    writeFileSync(join(storage.dataDir, 'slips', fileName), png(1))
    // Noon in Bangkok: the seeded slip window is closed from 23:00 to 00:30.
    app = await buildServer({ ...storage, mode: 'test', passwordCost: TEST_PASSWORD_COST, staticDir: '/nonexistent-static-dir', now: () => START })
    const token = await login(app, '0822222222', 'second22')
    const send = (bytes: Buffer) => app!.inject({
      method: 'POST', url: '/api/wallet/slip', payload: bytes, headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    })
    // The refused one (EXPIRED_SLIP) and the waiting one kept their digests through the migration.
    for (const seed of [1, 2, 3]) expect((await send(png(seed))).json(), `png(${seed})`).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' })
    expect((await send(png(4))).json()).toMatchObject({ status: 'PROCESSING' })
    // Its bank reference is still taken.
    const another = (await send(png(5))).json() as { reference: string }
    const approved = await call(app, 'POST', `/dev/slips/${another.reference}`, { body: { status: 'success', amount: 1, refNo: 'BANKREF0001' } })
    expect(approved.body).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' })
    expect((await checkBooks(app.serverContext.db)).balanced).toBe(true)
  })

  it('migrates once when restarted', async () => {
    const storage = await previousRelease()
    app = await buildServer({ ...storage, mode: 'test', passwordCost: TEST_PASSWORD_COST, staticDir: '/nonexistent-static-dir' })
    await app.close()
    app = await buildServer({ ...storage, mode: 'test', passwordCost: TEST_PASSWORD_COST, staticDir: '/nonexistent-static-dir' })
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(app.serverContext.db)
    expect(applied.rows).toHaveLength(Object.keys(migrations).length)
  })
})

describe('the withdrawal destination migration (0007)', () => {
  it('takes the old account of the first bank change at or after each request, else the current one; requested rows a change of account followed go to review', async () => {
    const storage = await testStorage()
    const db = openDatabase(storage) as unknown as AnyDb
    try {
      const released = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= '0005_rewards_refund_accruals'))
      const { error } = await new Migrator({ db, provider: { getMigrations: async () => released } }).migrateToLatest()
      expect(error).toBeUndefined()
      await db.insertInto('banks').values(['KBANK', 'SCB'].map((code, sort) => ({ code, name_th: code, name_en: code, country: 'TH', sort }))).execute()
      const member = async (username: string, bank_code: string, bank_account_no: string, bank_account_name: string) => Number((await db.insertInto('members')
        .values({ username, password_hash: 'x', name: username, bank_code, bank_account_no, bank_account_name, currency: 'THB', created_at: 0 })
        .returning('id').executeTakeFirstOrThrow()).id)
      const a = await member('0811111111', 'KBANK', '3333333333', 'A NOW')
      const b = await member('0822222222', 'KBANK', '4444444444', 'B NEW')
      const change = (member_id: number, changed_at: number, from: string[], to: string[]) => db.insertInto('bank_account_changes').values({
        member_id, changed_at, address: '127.0.0.1', old_bank_code: from[0], old_account_no: from[1], old_account_name: from[2], new_bank_code: to[0], new_account_no: to[1], new_account_name: to[2],
      }).execute()
      await change(a, 200, ['KBANK', '2222222222', 'A TWO'], ['KBANK', '3333333333', 'A NOW'])
      await change(a, 100, ['SCB', '1111111111', 'A ONE'], ['KBANK', '2222222222', 'A TWO'])
      await change(b, 100, ['KBANK', '4444444444', 'B OLD'], ['KBANK', '4444444444', 'B NEW'])
      const withdrawal = async (member_id: number, created_at: number, status: string) => {
        const movement = await db.insertInto('movements').values({ kind: 'withdraw', member_id, note: status, created_at }).returning('id').executeTakeFirstOrThrow()
        await db.insertInto('withdrawals').values({ member_id, amount_minor: 100_00, currency: 'THB', status, requested_movement_id: movement.id, created_at }).execute()
      }
      await withdrawal(a, 50, 'requested')
      await withdrawal(a, 150, 'paid')
      await withdrawal(a, 200, 'requested')
      await withdrawal(a, 250, 'requested')
      await withdrawal(b, 50, 'requested')

      await migrate(db as unknown as Db)
      const rows = await db.selectFrom('withdrawals').select(['status', 'bank_code', 'bank_account_no', 'bank_account_name']).orderBy('id').execute()
      expect(rows.map((row) => Object.values(row))).toEqual([
        ['review', 'SCB', '1111111111', 'A ONE'], // before both changes: the first one's old account
        ['paid', 'KBANK', '2222222222', 'A TWO'], // between them: the second one's old account
        ['review', 'KBANK', '2222222222', 'A TWO'], // in the same millisecond as a change: the older account
        ['requested', 'KBANK', '3333333333', 'A NOW'], // after every change: the current account
        ['requested', 'KBANK', '4444444444', 'B OLD'], // a corrected name keeps the account: no review
      ])
    } finally {
      await db.destroy()
    }
  })
})
