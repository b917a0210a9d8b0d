// @vitest-environment node
// The day's book (issue 52 §1, server/wallet/dayBook.ts), on both dialects: a day of activity of
// every kind, each amount known in advance, and the book of that day says exactly those; a
// movement at 23:59:59 and one at 00:00:00 land in their own days; what members held at the close
// stays what it was whatever happens after; and every posting of the day is in one of its lines.
import { afterEach, describe, expect, it } from 'vitest'
import { creditDeposit, type DepositKind } from '../../server/deposit/credit'
import { creditWallet } from '../../server/shared/ledger'
import { runSql } from '../../server/shared/sql'
import { dayBounds, dayOf, nextPeriodStart } from '../../server/shared/zone'
import type { DayBook } from '../../contract/ops'
import { DEMO_MEMBER_ID } from './depositHelpers'
import { call, HOUR, login, START, type TestServer, startServer } from './helpers'
import { staffSession } from './opsHelpers'
import { settle, withdraw } from './withdrawalHelpers'

let server: TestServer
afterEach(async () => {
  await server?.app.close()
})

const SECOND = 1000

describe('the bounds of a day, and of the next period', () => {
  it("are the operator's midnights, in Bangkok and Vientiane alike, and in a zone whose clock moves that day", () => {
    const bangkok = dayBounds('2025-01-15', 'Asia/Bangkok')!
    expect(bangkok).toEqual({ from: Date.parse('2025-01-14T17:00:00Z'), to: Date.parse('2025-01-15T17:00:00Z') })
    expect(dayBounds('2025-01-15', 'Asia/Vientiane')).toEqual(bangkok)
    // London's clocks go forward on 30 March 2025: that day has 23 hours.
    const london = dayBounds('2025-03-30', 'Europe/London')!
    expect(london).toEqual({ from: Date.parse('2025-03-30T00:00:00Z'), to: Date.parse('2025-03-30T23:00:00Z') })
    expect(dayOf(bangkok.to - 1, 'Asia/Bangkok')).toBe('2025-01-15')
    expect(dayOf(bangkok.to, 'Asia/Bangkok')).toBe('2025-01-16')
  })

  it("give the next day's, week's (Monday's) and month's start in the operator's zone, at the edges too", () => {
    const bangkok = (wall: string) => Date.parse(`${wall}+07:00`)
    // Sunday 23:59:59, then Monday 00:00:00, in Bangkok.
    expect(nextPeriodStart(bangkok('2025-01-19T23:59:59'), 'week', 'Asia/Bangkok')).toBe(bangkok('2025-01-20T00:00:00'))
    expect(nextPeriodStart(bangkok('2025-01-20T00:00:00'), 'week', 'Asia/Bangkok')).toBe(bangkok('2025-01-27T00:00:00'))
    expect(nextPeriodStart(bangkok('2025-12-31T23:59:59'), 'day', 'Asia/Bangkok')).toBe(bangkok('2026-01-01T00:00:00'))
    expect(nextPeriodStart(bangkok('2025-12-01T00:00:00'), 'month', 'Asia/Bangkok')).toBe(bangkok('2026-01-01T00:00:00'))
    // 17:30 UTC on the 31st is already the 1st in Vientiane: the next month is March's.
    expect(nextPeriodStart(Date.parse('2025-01-31T17:30:00Z'), 'month', 'Asia/Vientiane')).toBe(bangkok('2025-03-01T00:00:00'))
  })

  it('are none for a date that is no date', () => {
    expect(dayBounds('2025-02-30', 'Asia/Bangkok')).toBeUndefined()
    expect(dayBounds('2025-1-5', 'Asia/Bangkok')).toBeUndefined()
  })
})

describe("the day's book", () => {
  // The day after the server's first (whose seed credits the demo member).
  const DAY = dayOf(START + 24 * HOUR, 'Asia/Bangkok')
  const { from, to } = dayBounds(DAY, 'Asia/Bangkok')!

  async function book(date: string, token: string): Promise<DayBook> {
    const answer = await call(server.app, 'GET', `/ops/api/books/day?date=${date}`, { token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body as unknown as DayBook
  }

  const deposit = (kind: DepositKind, amountMinor: number, at: number) =>
    creditDeposit(server.app.serverContext.db, { memberId: DEMO_MEMBER_ID, amountMinor, reference: `${kind}-${at}`, kind, at })

  it('says what each method, payout, reward and game moved that day, and what members held at its close', async () => {
    server = await startServer({ transferSweepMs: 0 })
    const { db } = server.app.serverContext
    // The edges: 23:59:59.999 the day before, 00:00:00 of the day, 23:59:59 of the day, 00:00:00 after.
    await deposit('slip', 50_00, from - 1)
    await deposit('qrcode', 100_00, from)
    server.setTime(from + 12 * HOUR)
    const member = await login(server.app)
    expect((await call(server.app, 'GET', '/api/wallet/activate/PG', { token: member })).status).toBe(200)
    const paid = await withdraw(server.app, member, 100, '/api/wallet/withdraw')
    const failed = await withdraw(server.app, member, 300, '/api/wallet/withdraw')
    expect([paid.status, failed.status], JSON.stringify(failed.body)).toEqual([200, 200])
    expect((await settle(server.app, String((paid.body.withdrawal as { id: string }).id), 'paid')).status).toBe(200)
    expect((await settle(server.app, String((failed.body.withdrawal as { id: string }).id), 'failed')).status).toBe(200)
    for (const [from_, to_, amount] of [['WALLET', 'PG', 200], ['PG', 'WALLET', 50]] as const) {
      const moved = await call(server.app, 'POST', '/api/wallet/transfer', { token: member, body: { from: from_, to: to_, amount } })
      expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    }
    for (const [kind, amountMinor] of [['bonus', 5_00], ['refund', 3_00], ['invite', 2_00], ['spin_prize', 1_00]] as const) {
      await creditWallet(db, { memberId: DEMO_MEMBER_ID, amountMinor, at: server.app.serverContext.now(), from: 'bonuses', kind })
    }
    await deposit('truelink', 25_00, to - SECOND)
    // What the member holds at the close, read then.
    const wallet = ((await call(server.app, 'GET', '/api/wallet', { token: member })).body.wallet as { amount: number }).amount
    const heldInGames = (await runSql<{ sum: number | string }>(db, `SELECT SUM(balance_minor) AS sum FROM ledger_accounts WHERE kind = 'game'`, []))[0].sum
    // The next day, and money moving after the close: the day's close stays as it was.
    await deposit('slip', 10_00, to)
    server.setTime(to + HOUR)
    expect((await call(server.app, 'POST', '/api/wallet/transfer', { token: await login(server.app), body: { from: 'WALLET', to: 'PG', amount: 7 } })).status).toBe(200)

    const cashier = await staffSession(server.app, 'cashier')
    const day = await book(DAY, cashier.token)
    // Without a date: today in the operator's zone (the server's clock an hour before the close).
    server.setTime(to - HOUR)
    expect((await call(server.app, 'GET', '/ops/api/books/day', { token: cashier.token })).body).toEqual(day)
    expect(day).toMatchObject({ day: DAY, timeZone: 'Asia/Bangkok', from, to })
    expect(day.currencies).toHaveLength(1)
    const thb = day.currencies[0]
    expect(thb).toMatchObject({
      currency: 'THB',
      deposits: [{ method: 'qrcode', count: 1, amountMinor: 100_00 }, { method: 'truelink', count: 1, amountMinor: 25_00 }],
      withdrawals: { paid: { count: 1, amountMinor: 100_00 }, failed: { count: 1, amountMinor: 300_00 } },
      rewards: { bonus: { count: 1, amountMinor: 5_00 }, cashback: { count: 1, amountMinor: 3_00 }, invite: { count: 1, amountMinor: 2_00 }, wheel: { count: 1, amountMinor: 1_00 } },
      games: [{ game: 'PG', inMinor: 200_00, outMinor: 50_00 }],
      netMinor: 125_00 - 100_00,
      held: { walletsMinor: Math.round(wallet * 100), gamesMinor: Number(heldInGames) },
    })
    // The withdrawals' reservations and the transfers' steps are in `other`, by kind.
    expect(thb.other.map((line) => line.kind)).toEqual(expect.arrayContaining(['withdraw', 'transfer']))

    // Every posting of the day is in a line: the lines' sizes add up to the day's positive postings.
    const [{ sum }] = await runSql<{ sum: number | string }>(db, `SELECT SUM(p.amount_minor) AS sum FROM postings p JOIN movements m ON m.id = p.movement_id
      WHERE m.created_at >= ? AND m.created_at < ? AND p.amount_minor > 0`, [from, to])
    const lines = [...thb.deposits, thb.withdrawals.paid, thb.withdrawals.failed, ...Object.values(thb.rewards), ...thb.other]
    expect(lines.reduce((total, line) => total + line.amountMinor, 0)).toBe(Number(sum))

    // The days either side hold their edge's deposit, and only it of the deposits.
    const before = await book(dayOf(from - 1, 'Asia/Bangkok'), cashier.token)
    expect(before.currencies.find((currency) => currency.currency === 'THB')?.deposits.filter((line) => line.method === 'slip')).toEqual([{ method: 'slip', count: 1, amountMinor: 50_00 }])
    const after = await book(dayOf(to, 'Asia/Bangkok'), cashier.token)
    expect(after.currencies[0].deposits).toEqual([{ method: 'slip', count: 1, amountMinor: 10_00 }])
  })

  it("is in Vientiane's days on a Lao server, unless the operator names a zone", async () => {
    server = await startServer({ transferSweepMs: 0, config: { variant: 'la' } })
    const cashier = await staffSession(server.app, 'cashier')
    expect((await call(server.app, 'GET', `/ops/api/books/day?date=${DAY}`, { token: cashier.token })).body).toMatchObject({ timeZone: 'Asia/Vientiane', from, to })
    await server.app.close()
    server = await startServer({ transferSweepMs: 0, config: { variant: 'la' }, timeZone: 'Asia/Tokyo' })
    const tokyo = await staffSession(server.app, 'cashier')
    expect((await call(server.app, 'GET', `/ops/api/books/day?date=${DAY}`, { token: tokyo.token })).body).toMatchObject({ timeZone: 'Asia/Tokyo', from: from - 2 * HOUR })
  })

  it('is the books duty: support cannot read it, and a date that is no date is refused', async () => {
    server = await startServer({ transferSweepMs: 0 })
    const support = await staffSession(server.app, 'support')
    const cashier = await staffSession(server.app, 'cashier')
    expect((await call(server.app, 'GET', `/ops/api/books/day?date=${DAY}`, { token: support.token })).status).toBe(403)
    for (const date of ['2025-02-30', '2025-1-5', 'yesterday']) {
      expect(await call(server.app, 'GET', `/ops/api/books/day?date=${date}`, { token: cashier.token })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } })
    }
  })
})
