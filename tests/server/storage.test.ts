// @vitest-environment node
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { buildServer } from '../../server/app'
import { migrate, openDatabase } from '../../server/shared/db'
import { migrations } from '../../server/migrations/sequence'
import { toMajor, toMinor } from '../../server/shared/money'
import type { Db } from '../../server/shared/db'
import { accountKey, postMovement, walletBalance } from '../../server/shared/ledger'
import { call, expectSignedIn, login, registration, TEST_PASSWORD_COST, testStorage } from './helpers'
import { PROCESS_TEST_MS } from './mainProcess'

const run = promisify(execFile)
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-data-'))
  dirs.push(dir)
  return join(dir, 'nested', 'data')
}

describe('the database', () => {
  it('is created, migrated and seeded once, and keeps data across restarts', async () => {
    const storage = await testStorage(tempDir())
    const first = await buildServer({ ...storage, mode: 'test', passwordCost: TEST_PASSWORD_COST })
    // SQLite's file, unless the data went to PostgreSQL.
    expect(existsSync(join(storage.dataDir, 'wallet.db'))).toBe(!storage.databaseUrl)
    await call(first, 'POST', '/dev/settings', { body: { registerOTP: false } })
    expect((await call(first, 'POST', '/api/account', { body: registration() })).status).toBe(201)
    await first.close()

    const second = await buildServer({ ...storage, mode: 'test', passwordCost: TEST_PASSWORD_COST })
    const db = second.serverContext.db
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations))
    expect((await db.selectFrom('seeds').select('name').orderBy('name').execute()).map((row) => row.name)).toEqual(['bonuses', 'contact-text-names-line', 'demo-destinations', 'demo-member', 'demo-payout-time', 'deposit-methods', 'games', 'kip-amounts', 'lookups', 'refund-info', 'texts-in-languages'])
    expect(await db.selectFrom('members').select('id').execute()).toHaveLength(2)
    expect(await db.selectFrom('banks').select('code').where('code', '=', 'KBANK').execute()).toHaveLength(1)
    expect((await call(second, 'GET', '/api/lookup/registerOTP')).body).toEqual({ registerOTP: false })
    await expectSignedIn(second, await login(second, registration().username, registration().password), registration().username)
    await second.close()
  })

  it('applies each migration once', async () => {
    const db = openDatabase(await testStorage())
    expect(await migrate(db)).toEqual(Object.keys(migrations))
    expect(await migrate(db)).toEqual([])
    await db.destroy()
  })

  it('migrates and seeds once when two instances start on the same data at the same time', async () => {
    const storage = await testStorage(tempDir())
    const env = { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '' }
    const instance = () =>
      run(process.execPath, ['--import', 'tsx', 'tests/server/fixtures/startInstance.ts'], { env })
    const outputs = await Promise.all([instance(), instance()])
    expect(outputs.map(({ stdout }) => stdout.trim())).toEqual(['started', 'started'])
    const app = await buildServer({ ...storage, mode: 'test', passwordCost: TEST_PASSWORD_COST })
    const db = app.serverContext.db
    expect(await db.selectFrom('members').select('id').execute()).toEqual([{ id: 123 }])
    expect(await db.selectFrom('banks').select('code').where('code', '=', 'KBANK').execute()).toHaveLength(1)
    expect(await db.selectFrom('settings').select('key').execute()).toHaveLength(4)
    expect(await ledgerSum(db, 123)).toBe(150000)
    await app.close()
  }, PROCESS_TEST_MS)

  it('gives a member registered after the demo member the next id', async () => {
    const server = await buildServer({ ...(await testStorage()), mode: 'test', passwordCost: TEST_PASSWORD_COST })
    await call(server, 'POST', '/dev/settings', { body: { registerOTP: false } })
    expect((await call(server, 'POST', '/api/account', { body: registration() })).status).toBe(201)
    const member = await server.serverContext.db.selectFrom('members').select('id').where('username', '=', registration().username).executeTakeFirstOrThrow()
    expect(member.id).toBe(124)
    await server.close()
  })
})

/** The sum of a member wallet's postings: equal to its cached balance when the books are right. */
async function ledgerSum(db: Db, memberId: number): Promise<number> {
  const row = await db.selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('postings.amount_minor'), eb.lit(0)).as('sum'))
    .where('ledger_accounts.key', '=', accountKey({ wallet: memberId }))
    .executeTakeFirstOrThrow()
  return Number(row.sum)
}

/** Takes `amountMinor` from the member's wallet into the house's adjustments, as one movement; the wallet's balance after. */
async function debit(db: Db, memberId: number, amountMinor: number, at: number): Promise<number> {
  const { balances } = await postMovement(db, {
    kind: 'withdraw', memberId, at,
    postings: [{ account: { wallet: memberId }, amountMinor: -amountMinor }, { account: { house: 'adjustments', currency: 'THB' }, amountMinor }],
  })
  return balances[0]
}

describe('the wallet ledger', () => {
  it('gives the demo member 1500.00 through one movement', async () => {
    const app = await buildServer({ ...(await testStorage()), mode: 'test' })
    const db = app.serverContext.db
    expect(await walletBalance(db, 123)).toBe(150000)
    expect(await ledgerSum(db, 123)).toBe(150000)
    expect(await db.selectFrom('movements').select('id').where('member_id', '=', 123).execute()).toHaveLength(1)
    await app.close()
  })

  it('never lets a balance go below zero, and keeps the ledger equal to the balance', async () => {
    const app = await buildServer({ ...(await testStorage()), mode: 'test' })
    const db = app.serverContext.db
    expect(await debit(db, 123, 50000, 1)).toBe(100000)
    await expect(debit(db, 123, 100001, 2)).rejects.toThrow(
      'MONEY_NOT_ENOUGH',
    )
    expect(await walletBalance(db, 123)).toBe(100000)
    expect(await ledgerSum(db, 123)).toBe(100000)
    await app.close()
  })

  it('spends the same money once when debits race', async () => {
    const app = await buildServer({ ...(await testStorage()), mode: 'test' })
    const db = app.serverContext.db
    const debits = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => debit(db, 123, 40000, i)),
    )
    expect(debits.filter((debit) => debit.status === 'fulfilled')).toHaveLength(3)
    expect(await walletBalance(db, 123)).toBe(30000)
    expect(await ledgerSum(db, 123)).toBe(30000)
    await app.close()
  })
})

describe('money', () => {
  it('converts between satang and baht', () => {
    expect(toMajor(150000)).toBe(1500)
    expect(toMajor(12345)).toBe(123.45)
    expect(toMinor(123.45)).toBe(12345)
    expect(toMinor(0.1 + 0.2)).toBe(30)
    expect(toMinor(1.005)).toBeUndefined()
    expect(toMinor(Number.NaN)).toBeUndefined()
  })
})
