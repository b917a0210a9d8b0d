// @vitest-environment node
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildServer } from '../../server/app'
import { migrate, openDatabase } from '../../server/db'
import { migrations } from '../../server/migrations'
import { toMajor, toMinor } from '../../server/money'
import { changeBalance, ledgerSum, walletBalance } from '../../server/wallet/ledger'
import { call, login, registration, TEST_PASSWORD_COST } from './helpers'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-data-'))
  dirs.push(dir)
  return join(dir, 'nested', 'data')
}

describe('the database file', () => {
  it('is created, migrated and seeded once, and keeps data across restarts', async () => {
    const dataDir = tempDir()
    const first = await buildServer({ dataDir, mode: 'test', passwordCost: TEST_PASSWORD_COST })
    expect(existsSync(join(dataDir, 'wallet.db'))).toBe(true)
    await call(first, 'POST', '/dev/settings', { body: { registerOTP: false } })
    expect((await call(first, 'POST', '/api/account', { body: registration() })).status).toBe(201)
    await first.close()

    const second = await buildServer({ dataDir, mode: 'test', passwordCost: TEST_PASSWORD_COST })
    const db = second.wallet.db
    expect(db.prepare('SELECT id FROM migrations').pluck().all()).toEqual(migrations.map((m) => m.id))
    expect(db.prepare('SELECT name FROM seeds ORDER BY name').pluck().all()).toEqual(['demo-member', 'lookups'])
    expect(db.prepare('SELECT COUNT(*) FROM members').pluck().get()).toBe(2)
    expect(db.prepare("SELECT COUNT(*) FROM banks WHERE code = 'KBANK'").pluck().get()).toBe(1)
    expect((await call(second, 'GET', '/api/lookup/registerOTP')).body).toEqual({ registerOTP: false })
    expect(await login(second, registration().username, registration().password)).toBeTruthy()
    await second.close()
  })

  it('applies each migration once', () => {
    const db = openDatabase(':memory:')
    expect(migrate(db)).toEqual(migrations.map((m) => m.id))
    expect(migrate(db)).toEqual([])
    db.close()
  })
})

describe('the wallet ledger', () => {
  it('gives the demo member 1500.00 through one ledger row', async () => {
    const app = await buildServer({ dataDir: ':memory:', mode: 'test' })
    const db = app.wallet.db
    expect(walletBalance(db, 123)).toBe(150000)
    expect(ledgerSum(db, 123)).toBe(150000)
    expect(db.prepare('SELECT COUNT(*) FROM ledger WHERE member_id = 123').pluck().get()).toBe(1)
    await app.close()
  })

  it('never lets a balance go below zero, and keeps the ledger equal to the balance', async () => {
    const app = await buildServer({ dataDir: ':memory:', mode: 'test' })
    const db = app.wallet.db
    expect(changeBalance(db, { memberId: 123, amountMinor: -50000, kind: 'withdraw', at: 1 })).toBe(100000)
    expect(() => changeBalance(db, { memberId: 123, amountMinor: -100001, kind: 'withdraw', at: 2 })).toThrow(
      'MONEY_NOT_ENOUGH',
    )
    expect(walletBalance(db, 123)).toBe(100000)
    expect(ledgerSum(db, 123)).toBe(100000)
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
