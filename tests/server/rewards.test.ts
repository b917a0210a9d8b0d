// @vitest-environment node
// Invite and refund (spec 7 "Invite and refund", spec 3, spec 8 refund codes) and the bonus check
// the withdraw modal reads: the friends invited, the refund waiting, receiving it into the wallet
// as one movement, the refund log, and the banners shown before either modal.
import { describe, expect, it } from 'vitest'
import type { InviteListResponse, RefundCheck, RefundListResponse, WalletResponse } from '../../contract'
import { accountBalance } from '../../server/shared/ledger'
import { checkBooks } from '../../server/wallet/books'
import { type TestServer, call, expectError, freshAddress, login, registration, onDemoServer } from './helpers'
import { DEMO_START_MINOR } from './depositHelpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const get = (path: string, as = token, headers?: Record<string, string>) => call(server.app, 'GET', path, { token: as, headers })
const post = (path: string, body: unknown, as = token) => call(server.app, 'POST', path, { token: as, body })
const accrue = (amount: unknown, username = '0812345678') => call(server.app, 'POST', '/dev/refunds', { body: { username, amount } })
const walletAmount = async () => ((await get('/api/wallet')).body as unknown as WalletResponse).wallet.amount

describe('POST /api/invite', () => {
  it('needs a login and a page', async () => {
    expect(await post('/api/invite', { page: 1, limit: 10 }, '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
    expect((await post('/api/invite', { page: 0, limit: 10 })).status).toBe(400)
  })

  it('lists the friends who registered with the code, newest first, 10 a page, and counts them on the wallet', async () => {
    expect((await post('/api/invite', { page: 1, limit: 10 })).body).toEqual({ invites: [], type: 'turnover', isXArea: false })
    // Registration without the OTP step, so eleven sign-ups stay under the OTP rate limit; each
    // friend registers from an address of its own (one address hears only a handful of answers).
    expect((await call(server.app, 'POST', '/dev/settings', { body: { registerOTP: false } })).status).toBe(200)
    for (let i = 0; i < 11; i += 1) {
      server.advance(1000)
      const n = String(i).padStart(2, '0')
      const body = registration({ username: `08900000${n}`, bankAccountNo: `55500000${n}`, name: `Friend ${i}`, inviteCode: 'PR123' })
      expect((await call(server.app, 'POST', '/api/account', { body, address: freshAddress() })).status).toBe(201)
    }
    const first = (await post('/api/invite', { page: 1, limit: 10 })).body as unknown as InviteListResponse
    expect(first.invites).toHaveLength(10)
    expect(first.invites[0]).toEqual({ from: { name: 'FRIEND 10' }, amount: 0, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    const second = (await post('/api/invite', { page: 2, limit: 10 })).body as unknown as InviteListResponse
    expect(second.invites.map((invite) => invite.from.name)).toEqual(['FRIEND 0'])
    // Another member's list is theirs.
    const friend = await login(server.app, '0890000000', 'secret99')
    expect(((await post('/api/invite', { page: 1, limit: 10 }, friend)).body as unknown as InviteListResponse).invites).toEqual([])

    // A friend who opened a game account has played.
    expect((await get('/api/wallet/activate/PG', friend)).status).toBe(200)
    expect(((await get('/api/wallet')).body as unknown as WalletResponse).invite).toEqual({ amount: 0, success: 1, fail: 10 })
  })

  it('gives the invite banners from content', async () => {
    const banners = (await get('/api/invite/banners')).body as unknown as { image: string; html: string }[]
    expect(banners).toEqual([{ image: '/banners/invite.svg', html: expect.stringContaining('<p>') }])
  })
})

describe('refunds', () => {
  it('has nothing to receive at first: REFUND_MINIMUM, an empty log, no banners', async () => {
    expect((await get('/api/refund/check')).body).toEqual({
      result: false, bonus: false, info: expect.stringContaining('<p>'), refundAmount: 0, refundSuccess: 0, refundFail: 0,
      // START is Wednesday noon in Bangkok: the next week's count starts on Monday's midnight there.
      rate: { percent: 5, period: 'week', nextOn: '2025-01-20' },
    })
    expect(await get('/api/refund/receive')).toMatchObject(expectError(400, 'REFUND_MINIMUM'))
    expect((await post('/api/refund', { page: 1, limit: 10 })).body).toEqual({ refunds: [] })
    expect((await get('/api/refund/banners')).body).toEqual([])
    expect(await get('/api/refund/check', '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })

  it('says the operator\'s rate and period, and nothing of them when the operator sets none', async () => {
    const dev = (body: unknown) => call(server.app, 'POST', '/dev/settings', { body })
    expect((await dev({ refund: { percent: 0.5, period: 'day' } })).status).toBe(200)
    expect((await get('/api/refund/check')).body).toMatchObject({ rate: { percent: 0.5, period: 'day', nextOn: '2025-01-16' } })
    expect((await dev({ refund: { percent: 2, period: 'month' } })).status).toBe(200)
    expect((await get('/api/refund/check')).body).toMatchObject({ rate: { percent: 2, period: 'month', nextOn: '2025-02-01' } })
    expect((await dev({ refund: { percent: 0, period: 'week' } })).status).toBe(200)
    expect((await get('/api/refund/check')).body).not.toHaveProperty('rate')
    expect((await dev({ refund: { percent: 5, period: 'year' } })).status).toBe(400)
  })

  it('receives what waits into the wallet once, as one balanced movement, and logs it', async () => {
    expect((await accrue(12.5)).status).toBe(200)
    expect((await accrue('7.25')).status).toBe(200)
    expect((await get('/api/refund/check')).body).toMatchObject({ result: true, refundAmount: 19.75, refundSuccess: 0 })

    const key = { 'idempotency-key': 'refund-tap-1' }
    const [a, b] = await Promise.all([get('/api/refund/receive', token, key), get('/api/refund/receive', token, key)])
    expect(a).toMatchObject({ status: 200, body: { message: 'REFUND_SUCCESS' } })
    expect(b).toMatchObject({ status: 200, body: { message: 'REFUND_SUCCESS' } })
    expect(await walletAmount()).toBe(DEMO_START_MINOR / 100 + 19.75)
    // Nothing waits now; a new tap is refused.
    expect(await get('/api/refund/receive')).toMatchObject(expectError(400, 'REFUND_MINIMUM'))
    expect((await get('/api/refund/check')).body).toMatchObject({ result: false, refundAmount: 0, refundSuccess: 1 })

    server.advance(60_000)
    await accrue(1)
    expect((await get('/api/refund/receive')).status).toBe(200)
    const log = (await post('/api/refund', { page: 1, limit: 10 })).body as unknown as RefundListResponse
    expect(log.refunds.map((refund) => refund.refundAmount)).toEqual([1, 19.75])
    expect(((await get('/api/refund/check')).body as unknown as RefundCheck).refundSuccess).toBe(2)
    expect(await checkBooks(server.app.serverContext.db)).toMatchObject({ balanced: true, negativeMemberAccounts: 0 })
  })

  it('a round lost at a provider moves money to the provider\'s account and accrues the refund; a win moves it back', async () => {
    expect((await get('/api/wallet/activate/PG')).status).toBe(200)
    expect((await post('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 })).status).toBe(200)
    const round = (amount: string, extra: Record<string, unknown> = {}) =>
      call(server.app, 'POST', '/dev/games/PG/rounds', { body: { username: '0812345678', amount, ...extra } })
    expect((await round('-40')).status).toBe(200)
    expect((await round('15.5', { refundPercent: 10 })).status).toBe(200)
    const pg = async () => ((await get('/api/wallet')).body as unknown as WalletResponse).slots.find((slot) => slot.code === 'PG')?.amount
    expect(await pg()).toBe(75.5)
    // 5 % of the 40 lost; a win accrues nothing.
    expect((await get('/api/refund/check')).body).toMatchObject({ refundAmount: 2 })
    // A loss beyond the game balance is refused and moves nothing.
    expect(await round('-75.51')).toMatchObject(expectError(400, 'MONEY_NOT_ENOUGH'))
    expect(await round('-1', {})).toMatchObject({ status: 200 })
    expect(await pg()).toBe(74.5)
    expect(await call(server.app, 'POST', '/dev/games/JOKER/rounds', { body: { username: '0812345678', amount: '-1' } }))
      .toMatchObject(expectError(400, 'SLOT_NO_ACCOUNT'))
    expect(await accountBalance(server.app.serverContext.db, { house: 'provider:PG', currency: 'THB' })).toBe(40_00 - 15_50 + 1_00)
    expect(await checkBooks(server.app.serverContext.db)).toMatchObject({ balanced: true, negativeMemberAccounts: 0 })
  })

  it('refuses a bad accrual on the dev endpoint', async () => {
    expect(await accrue(0)).toMatchObject(expectError(400, 'TRANSFER_MINIMUM'))
    expect(await accrue('1.234')).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await accrue(5, '0800000000')).toMatchObject(expectError(404, 'NO_USER'))
  })
})

describe('GET /api/bonus/check/active', () => {
  it('says no bonus is held (the reference server has none to give)', async () => {
    expect((await get('/api/bonus/check/active')).body).toEqual({ status: false, type: null })
    expect(await get('/api/bonus/check/active', '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })
})
