// @vitest-environment node
// Bonuses and promotion codes (spec 1 bonus facts, spec 4 "Bonus card", spec 7 "Bonus and
// promotion", spec 8 bonus codes): each route and error code, the limits per type in Asia/Bangkok
// days and weeks, what a held bonus does to withdrawals and refunds, cancelling it, and the books.
import { describe, expect, it } from 'vitest'
import type { BonusItem, UserBonus } from '../../contract'
import type { WalletResponse } from '../../contract'
import { checkBooks } from '../../server/wallet/books'
import { accountBalance } from '../../server/shared/ledger'
import { DEMO_START_MINOR } from './depositHelpers'
import { type TestServer, call, expectError, login, onDemoServer, registerMember, START, startServer } from './helpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const get = (path: string, as = token, headers?: Record<string, string>) => call(server.app, 'GET', path, { token: as, headers })
const post = (path: string, body: unknown, as = token) => call(server.app, 'POST', path, { token: as, body })
const dev = (path: string, body: unknown) => call(server.app, 'POST', path, { body })
const wallet = async (as = token) => (await get('/api/wallet', as)).body as unknown as WalletResponse
const cards = async (as = token) => (await get('/api/bonus', as)).body as unknown as BonusItem[]
const card = async (code: string, as = token) => (await cards(as)).find((item) => item.code === code)
const books = async () => {
  const report = await checkBooks(server.app.serverContext.db)
  expect(report).toMatchObject({ balanced: true, negativeMemberAccounts: 0, cacheMismatches: 0 })
}
const forfeits = async () => (await accountBalance(server.app.serverContext.db, { house: 'bonus-forfeits', currency: 'THB' })) ?? 0
/** A game round the provider reports for the demo member (a signed result in baht). */
const round = (game: string, amount: string) => dev(`/dev/games/${game}/rounds`, { username: '0812345678', amount, refundPercent: 0 })
const toGame = async (game: string, amount: number) => {
  expect((await get(`/api/wallet/activate/${game}`)).status).toBe(200)
  expect((await post('/api/wallet/transfer', { from: 'WALLET', to: game, amount })).status).toBe(200)
}
/** A test offer: every field but the code and type as the operator might set them. */
const offer = (code: string, type: 'limit' | 'day' | 'week', overrides: Record<string, unknown> = {}) => ({
  code, kind: 'bonus' as const, name: code, type, maxReceived: 1, percent: 10, maxBonusMinor: 100_00, turnoverMultiplier: 1, percentFail: 10, ...overrides,
})
/** Ends the held bonus by playing its turnover: a win of `baht` in PG counts as that much play. */
const playThrough = async (baht: number) => {
  if ((await wallet()).slots.find((slot) => slot.code === 'PG')?.isActive !== true) {
    expect((await get('/api/wallet/activate/PG')).status).toBe(200)
  }
  expect((await round('PG', baht.toFixed(2))).status).toBe(200)
  expect((await get('/api/bonus/check/active')).body).toEqual({ status: false, type: null })
}

describe("the operator's offers at start (BONUS_OFFERS)", () => {
  it('are added, or change the offer of that code', async () => {
    const started = await startServer({
      bonusOffers: [
        offer('VIP', 'week', { name: 'VIP 20%', percent: 20 }),
        { ...offer('DAILY10', 'day'), name: 'Daily, changed', percentFail: 30 },
        { ...offer('WEEKLY20', 'week'), active: false },
      ],
    })
    try {
      const demo = await login(started.app)
      const list = (await call(started.app, 'GET', '/api/bonus', { token: demo })).body as unknown as BonusItem[]
      // An offer is written whole: without a `sort` it sorts first, by code.
      expect(list.map((item) => item.code)).toEqual(['DAILY10', 'VIP', 'WELCOME100'])
      expect(list.find((item) => item.code === 'DAILY10')).toMatchObject({ name: 'Daily, changed', percentFail: 30 })
    } finally {
      await started.app.close()
    }
  })
})

describe('GET /api/bonus', () => {
  it('needs a login, and lists the cards on offer with no record of the member', async () => {
    expect(await get('/api/bonus', '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
    const list = await cards()
    expect(list.map((item) => [item.code, item.type, item.maxReceived])).toEqual([
      ['WELCOME100', 'limit', 1], ['DAILY10', 'day', 1], ['WEEKLY20', 'week', 2],
    ])
    expect(list[0]).toMatchObject({ percent: 100, maxBonus: 500, turnover: 3, percentFail: 10, userBonus: null })
    expect(list[0].banners[0]).toEqual({ image: '/banners/bonus-welcome.svg', html: expect.stringContaining('<p>') })
    // A promotion code is not a card.
    expect(list.some((item) => item.code === 'NEWYEAR50')).toBe(false)
  })
})

describe('receiving a bonus', () => {
  it('pays its percent of the wallet, at most its maximum, once per key, and makes it the bonus held', async () => {
    const key = { 'idempotency-key': 'bonus-tap-1' }
    const [a, b] = await Promise.all([get('/api/bonus/activate/WELCOME100', token, key), get('/api/bonus/activate/WELCOME100', token, key)])
    expect(a.status).toBe(200)
    expect(b.body).toEqual(a.body)
    const record = a.body as unknown as UserBonus
    expect(record).toEqual({ _id: expect.any(String), isActive: true, received: [{ updatedAt: new Date(START).toISOString() }] })
    // 100 % of 1,500.00 is 1,500.00, capped at 500.00.
    expect((await wallet()).wallet.amount).toBe(DEMO_START_MINOR / 100 + 500)
    expect((await card('WELCOME100'))?.userBonus).toEqual(record)
    // Its turnover to play: (1,500 + 500) × 3, none of it played yet.
    expect((await get('/api/bonus/check/active')).body).toEqual({ status: true, type: 'bonus', code: 'WELCOME100', name: expect.any(String), turnover: { played: 0, target: 6000 } })
    await books()
  })

  it('refuses a second bonus while one is held, and an unknown code', async () => {
    expect((await get('/api/bonus/activate/WELCOME100')).status).toBe(200)
    expect(await get('/api/bonus/activate/DAILY10')).toMatchObject(expectError(400, 'BONUS_ALREADY_ACTIVE'))
    expect(await get('/api/promotion/activate/NEWYEAR50')).toMatchObject(expectError(400, 'BONUS_ALREADY_ACTIVE'))
    expect(await get('/api/bonus/activate/NOSUCH')).toMatchObject(expectError(400, 'NO_DATA'))
    expect((await get('/api/bonus/activate/bad code!')).status).toBe(400)
  })

  it('refuses with an empty wallet (nothing to give a percent of)', async () => {
    const other = await registerMember(server.app, { username: '0891112222', bankAccountNo: '5559990001' })
    expect(await get('/api/bonus/activate/DAILY10', other)).toMatchObject(expectError(400, 'MONEY_NOT_ENOUGH'))
    expect((await get('/api/bonus/check/active', other)).body).toEqual({ status: false, type: null })
  })

  it('ends as completed once the play reaches deposit plus bonus times its turnover', async () => {
    expect((await dev('/dev/bonuses', [offer('TURN', 'limit', { percent: 10, turnoverMultiplier: 2 })])).status).toBe(200)
    expect((await get('/api/bonus/activate/TURN')).status).toBe(200)
    // (1,500 + 100) x 2 = 3,200 of play: 3,199.99 is not enough.
    expect((await get('/api/wallet/activate/PG')).status).toBe(200)
    expect((await round('PG', '3199.99')).status).toBe(200)
    expect((await get('/api/bonus/check/active')).body).toMatchObject({ status: true, turnover: { played: 3199.99, target: 3200 } })
    expect((await round('PG', '0.01')).status).toBe(200)
    expect((await get('/api/bonus/check/active')).body).toEqual({ status: false, type: null })
    expect((await card('TURN'))?.userBonus).toMatchObject({ isActive: false, received: [expect.any(Object)] })
    await books()
  })
})

describe('how often a bonus may be received (Asia/Bangkok)', () => {
  // START is 2025-01-15 (a Wednesday) 05:00 UTC, 12:00 in Bangkok.
  const BANGKOK_MIDNIGHT = Date.parse('2025-01-15T17:00:00Z')
  const NEXT_MONDAY = Date.parse('2025-01-19T17:00:00Z')

  it('type limit: maxReceived in all, never again', async () => {
    expect((await dev('/dev/bonuses', [offer('ONCE', 'limit', { percent: 1, turnoverMultiplier: 0 })])).status).toBe(200)
    expect((await get('/api/bonus/activate/ONCE')).status).toBe(200)
    await playThrough(1)
    server.setTime(START + 400 * 24 * 3_600_000)
    token = await login(server.app)
    expect(await get('/api/bonus/activate/ONCE')).toMatchObject(expectError(400, 'BONUS_MAX_CLAIMED'))
  })

  it('type day: again after midnight in Bangkok, not before', async () => {
    expect((await dev('/dev/bonuses', [offer('DAY', 'day', { percent: 1, turnoverMultiplier: 0 })])).status).toBe(200)
    expect((await get('/api/bonus/activate/DAY')).status).toBe(200)
    await playThrough(1)
    server.setTime(BANGKOK_MIDNIGHT - 1)
    expect(await get('/api/bonus/activate/DAY')).toMatchObject(expectError(400, 'BONUS_MAX_CLAIMED'))
    server.setTime(BANGKOK_MIDNIGHT)
    expect((await get('/api/bonus/activate/DAY')).status).toBe(200)
  })

  it('type week: maxReceived per week from Monday 00:00 in Bangkok', async () => {
    expect((await dev('/dev/bonuses', [offer('WEEK', 'week', { percent: 1, maxReceived: 2, turnoverMultiplier: 0 })])).status).toBe(200)
    for (let i = 0; i < 2; i += 1) {
      expect((await get('/api/bonus/activate/WEEK')).status).toBe(200)
      await playThrough(1)
    }
    server.setTime(NEXT_MONDAY - 1)
    expect(await get('/api/bonus/activate/WEEK')).toMatchObject(expectError(400, 'BONUS_MAX_CLAIMED'))
    expect((await card('WEEK'))?.userBonus?.received).toHaveLength(2)
    server.setTime(NEXT_MONDAY)
    expect((await get('/api/bonus/activate/WEEK')).status).toBe(200)
  })

  it('BONUS_FULL once the offer has been given its quota, to anyone', async () => {
    expect((await dev('/dev/bonuses', [offer('FEW', 'limit', { quota: 1 })])).status).toBe(200)
    expect((await get('/api/bonus/activate/FEW')).status).toBe(200)
    const other = await registerMember(server.app, { username: '0891112223', bankAccountNo: '5559990002' })
    expect((await dev('/dev/refunds', { username: '0891112223', amount: 10 })).status).toBe(200)
    expect((await get('/api/refund/receive', other)).status).toBe(200)
    expect(await get('/api/bonus/activate/FEW', other)).toMatchObject(expectError(400, 'BONUS_FULL'))
  })
})

describe('cancelling the held bonus (GET /api/bonus/clear)', () => {
  it('is refused above the threshold, then clears the game balances into the house once below it', async () => {
    expect(await get('/api/bonus/clear')).toMatchObject(expectError(400, 'NO_DATA'))
    // WELCOME100: deposit 1,500 + bonus 500; cancellable below 10 % of 2,000 = 200.
    expect((await get('/api/bonus/activate/WELCOME100')).status).toBe(200)
    expect((await get('/api/bonus/check/minimum')).body).toEqual({ status: false, minimum: 200 })
    // Refused with its figures: the whole balance now and what it must be under, in the member's money.
    expect(await get('/api/bonus/clear')).toMatchObject({ status: 400, body: { message: 'BONUS_CONDITION', limit: 200, balance: 2000, currency: 'THB' } })
    // The member moves it all to PG and loses 1,850: 150 left in the game.
    await toGame('PG', 2000)
    expect((await round('PG', '-1850')).status).toBe(200)
    expect((await get('/api/bonus/check/minimum')).body).toEqual({ status: true, minimum: 200 })
    const before = await forfeits()
    const key = { 'idempotency-key': 'clear-1' }
    const [a, b] = await Promise.all([get('/api/bonus/clear', token, key), get('/api/bonus/clear', token, key)])
    expect(a).toMatchObject({ status: 200, body: { message: 'BONUS_CLEAR' } })
    expect(b.body).toEqual(a.body)
    expect(await forfeits()).toBe(before + 150_00)
    const after = await wallet()
    expect(after.slots.find((slot) => slot.code === 'PG')?.amount).toBe(0)
    expect((await get('/api/bonus/check/active')).body).toEqual({ status: false, type: null })
    expect(await get('/api/bonus/clear')).toMatchObject(expectError(400, 'NO_DATA'))
    await books()
  })
})

describe('a withdrawal while a bonus is held (spec 1)', () => {
  it('is refused while money is in a game (BONUS_REMAINING), then takes the whole balance: the rest is removed', async () => {
    expect((await get('/api/bonus/activate/WELCOME100')).status).toBe(200)
    await toGame('PG', 100)
    expect(await post('/api/wallet/withdrawAll', { amount: 300 })).toMatchObject(expectError(400, 'BONUS_REMAINING'))
    expect((await wallet()).wallet.amount).toBe(1_900)
    expect((await post('/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 100 })).status).toBe(200)

    const before = await forfeits()
    const withdrawn = await post('/api/wallet/withdrawAll', { amount: 300 })
    expect(withdrawn).toMatchObject({ status: 200, body: { message: 'SUCCESS', wallet: { amount: 0 } } })
    expect(await forfeits()).toBe(before + 1_700_00)
    expect((await get('/api/bonus/check/active')).body).toEqual({ status: false, type: null })
    await books()
  })

  it('without a bonus takes just the amount asked', async () => {
    expect((await post('/api/wallet/withdrawAll', { amount: 300 })).body).toMatchObject({ wallet: { amount: 1_200 } })
  })
})

describe('refunds while a bonus is held (spec 4)', () => {
  it('says so in the check and refuses to receive (REFUND_CONDITION), then adds it to the wallet once it ended', async () => {
    expect((await dev('/dev/refunds', { username: '0812345678', amount: 12 })).status).toBe(200)
    expect((await dev('/dev/bonuses', [offer('SHORT', 'limit', { percent: 1, turnoverMultiplier: 0 })])).status).toBe(200)
    expect((await get('/api/bonus/activate/SHORT')).status).toBe(200)
    expect((await get('/api/refund/check')).body).toMatchObject({ result: true, bonus: true })
    expect((await get('/api/refund/check')).body).toMatchObject({ refundFail: 0 })
    expect(await get('/api/refund/receive')).toMatchObject(expectError(400, 'REFUND_CONDITION'))
    expect(await get('/api/refund/addWallet')).toMatchObject(expectError(400, 'REFUND_CONDITION'))
    // Each refusal is counted in the check (issue 33: refundFail from the server's data).
    expect((await get('/api/refund/check')).body).toMatchObject({ refundFail: 2 })
    await playThrough(1)
    expect((await get('/api/refund/check')).body).toMatchObject({ result: true, bonus: false, refundFail: 2 })
    expect(await get('/api/refund/addWallet')).toMatchObject({ status: 200, body: { message: 'REFUND_SUCCESS' } })
    expect(await get('/api/refund/receive')).toMatchObject(expectError(400, 'REFUND_MINIMUM'))
  })
})

describe('promotion codes', () => {
  it('finds a code whatever its case, or answers {}', async () => {
    expect((await get('/api/promotion/find/newyear50')).body).toEqual({ code: 'NEWYEAR50', percentFail: 20, description: expect.stringContaining('50%') })
    expect((await get('/api/promotion/find/NOPE')).body).toEqual({})
    expect((await get('/api/promotion/current')).body).toEqual({})
  })

  it('is received once per member: NO_PROMOTION, then PROMOTION_RECEIVED', async () => {
    expect(await get('/api/promotion/activate/NOPE')).toMatchObject(expectError(400, 'NO_PROMOTION'))
    const received = await get('/api/promotion/activate/newyear50')
    expect(received.status).toBe(200)
    // 50 % of 1,500, capped at 200.
    expect((await wallet()).wallet.amount).toBe(1_700)
    expect((await get('/api/promotion/current')).body).toMatchObject({ code: 'NEWYEAR50' })
    expect((await get('/api/bonus/check/active')).body).toMatchObject({ status: true, type: 'promotion', code: 'NEWYEAR50' })
    await playThrough(3_400)
    expect(await get('/api/promotion/activate/NEWYEAR50')).toMatchObject(expectError(400, 'PROMOTION_RECEIVED'))
    await books()
  })
})
