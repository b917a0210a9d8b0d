// @vitest-environment node
// The spin wheel (spec 7 "Spin wheel", spec 3, spec 8 coupon codes): the wheel while the campaign
// runs, a coin for a prize the server draws from the slices' weights, coupons claimed once before
// they expire, coins from deposits.
import { describe, expect, it } from 'vitest'
import type { SpinCoupon, SpinResult, SpinSetup } from '../../contract'
import type { WalletResponse } from '../../contract'
import { creditDeposit } from '../../server/deposit/credit'
import { checkBooks } from '../../server/wallet/books'
import { drawSlice } from '../../server/spin/spin'
import { DEMO_START_MINOR } from './depositHelpers'
import { type TestServer, call, DAY, expectError, login, onDemoServer, registerMember } from './helpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const get = (path: string, as = token, headers?: Record<string, string>) => call(server.app, 'GET', path, { token: as, headers })
const post = (path: string, body?: unknown, as = token, headers?: Record<string, string>) => call(server.app, 'POST', path, { token: as, body, headers })
const dev = (path: string, body: unknown) => call(server.app, 'POST', path, { body })
const slice = (code: string, weight: number, amountMinor: number) => ({ code, label: code, bgColor: '#112233', textColor: '#ffffff', weight, amountMinor })
/** A wheel whose every spin lands on `code` (the only slice with weight). */
const rigged = (amountMinor = 7_00) => ({ name: 'Test wheel', coinPerDepositMinor: 100_00, couponDays: 7, slices: [slice('WIN', 1, amountMinor), slice('LOSE', 0, 0)] })
const campaign = async (spin: { name: string; names?: Record<string, string>; coinPerDepositMinor: number; couponDays: number; slices: (ReturnType<typeof slice> & { htmlDescription?: string })[] } = rigged()) => expect((await dev('/dev/settings', { spinActive: true, spin })).status).toBe(200)
const coins = (n: number, username = '0812345678') => dev('/dev/coins', { username, coins: n })
const coupons = async (as = token) => (await get('/api/spinwheel/coupon', as)).body as unknown as SpinCoupon[]
const wallet = async () => (await get('/api/wallet')).body as unknown as WalletResponse

describe('the wheel', () => {
  it('is null while no campaign runs; then the slices in order, and the coins', async () => {
    expect((await get('/api/spinwheel/setup')).body).toEqual({ result: { activeSpinwheel: null, userCoin: 0 } })
    expect((await get('/api/spinwheel/active')).body).toEqual({ isActive: false })
    expect(await post('/api/spinwheel/spin')).toMatchObject(expectError(400, 'SPIN_INACTIVE'))
    expect((await dev('/dev/settings', { spinActive: true })).status).toBe(200)
    expect((await coins(3)).status).toBe(200)
    const setup = (await get('/api/spinwheel/setup')).body as unknown as SpinSetup
    expect(setup.result.userCoin).toBe(3)
    expect(setup.result.activeSpinwheel?.slices.map((s) => s.label)).toEqual(['5', '0', '10', '20', '0', '50', '100', '500'])
    expect(setup.result.activeSpinwheel?.slices[0]).toEqual({ code: 'B5', label: '5', bgColor: '#1f6feb', textColor: '#ffffff' })
    expect((await get('/api/spinwheel/active')).body).toEqual({ isActive: true })
    expect((await wallet()).profile.coin).toBe(3)
    // A slice's description goes with it when the operator wrote one.
    await campaign({ ...rigged(), slices: [{ ...slice('WIN', 1, 7_00), htmlDescription: '<p>Seven</p>' }, slice('LOSE', 0, 0)] })
    const described = (await get('/api/spinwheel/setup')).body as unknown as SpinSetup
    expect(described.result.activeSpinwheel?.slices).toEqual([
      { code: 'WIN', label: 'WIN', bgColor: '#112233', textColor: '#ffffff', htmlDescription: '<p>Seven</p>' },
      { code: 'LOSE', label: 'LOSE', bgColor: '#112233', textColor: '#ffffff' },
    ])
  })

  it('carries the operator\'s name in each language, to the wheel and to coupons of the wheel running', async () => {
    expect((await dev('/dev/settings', { spinActive: true })).status).toBe(200)
    const seeded = (await get('/api/spinwheel/setup')).body as unknown as SpinSetup
    expect(seeded.result.activeSpinwheel).toMatchObject({ name: 'Lucky wheel', names: { th: 'วงล้อนำโชค', la: 'ວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel' } })
    const names = { th: 'วงล้อทดสอบ', la: 'ວົງລໍ້ທົດສອບ' }
    await campaign({ ...rigged(), names })
    expect(((await get('/api/spinwheel/setup')).body as unknown as SpinSetup).result.activeSpinwheel).toMatchObject({ name: 'Test wheel', names })
    expect((await coins(1)).status).toBe(200)
    expect((await post('/api/spinwheel/spin')).status).toBe(200)
    expect((await coupons())[0].prize).toEqual({ slice: { label: 'WIN' }, name: 'Test wheel', names })
    // Renamed since: the coupon keeps the name it was won under, with no names of another wheel.
    await campaign({ ...rigged(), name: 'Another wheel', names: { th: 'อีกวงล้อ' } })
    expect((await coupons())[0].prize).toEqual({ slice: { label: 'WIN' }, name: 'Test wheel' })
    // A name in a language the app does not have is refused.
    expect((await dev('/dev/settings', { spin: { ...rigged(), names: { fr: 'Roue' } } })).status).toBe(400)
  })

  it('draws each slice with probability weight / total weight', () => {
    const slices = [slice('A', 1, 1), slice('B', 0, 1), slice('C', 3, 1)]
    const drawn = Array.from({ length: 4 }, (_, ticket) => drawSlice(slices, () => ticket).code)
    expect(drawn).toEqual(['A', 'C', 'C', 'C'])
  })
})

describe('a spin', () => {
  it('takes one coin for the prize the server drew, once per key, and refuses without a coin', async () => {
    await campaign()
    expect(await post('/api/spinwheel/spin')).toMatchObject(expectError(400, 'NO_COIN'))
    expect((await coins(2)).status).toBe(200)
    const key = { 'idempotency-key': 'spin-1' }
    const [a, b] = await Promise.all([post('/api/spinwheel/spin', undefined, token, key), post('/api/spinwheel/spin', undefined, token, key)])
    expect(a.body).toEqual({ success: true, error: null, result: { code: 'WIN', label: 'WIN', remainingCoin: 1, amount: 7 } } satisfies SpinResult)
    expect(b.body).toEqual(a.body)
    expect(await coupons()).toEqual([{
      _id: expect.any(String), prize: { slice: { label: 'WIN' }, name: 'Test wheel' }, amount: 7,
      createdAt: expect.any(String), expiresAt: expect.any(String), claimed: false,
    }])
    // A slice without an amount wins nothing: no coupon.
    await campaign({ ...rigged(), slices: [slice('WIN', 0, 7_00), slice('LOSE', 1, 0)] })
    expect((await post('/api/spinwheel/spin')).body).toMatchObject({ result: { code: 'LOSE', remainingCoin: 0, amount: 0 } })
    expect(await coupons()).toHaveLength(1)
    expect(await post('/api/spinwheel/spin')).toMatchObject(expectError(400, 'NO_COIN'))
  })
})

describe('claiming a coupon', () => {
  it('moves its amount into the wallet once, and says why not otherwise', async () => {
    await campaign()
    expect((await coins(3)).status).toBe(200)
    for (let i = 0; i < 3; i += 1) expect((await post('/api/spinwheel/spin')).status).toBe(200)
    const [newest, middle, oldest] = await coupons()

    expect(await post('/api/spinwheel/coupon/claim', { coupon: 'abc' })).toMatchObject(expectError(400, 'INVALID_CODE'))
    expect(await post('/api/spinwheel/coupon/claim', { coupon: '999999' })).toMatchObject(expectError(400, 'NO_CLAIMABLE_COUPON'))
    const key = { 'idempotency-key': 'claim-1' }
    const [a, b] = await Promise.all([
      post('/api/spinwheel/coupon/claim', { coupon: newest._id }, token, key), post('/api/spinwheel/coupon/claim', { coupon: newest._id }, token, key),
    ])
    // The success names the prize (spec 8): its label and amount, as booked.
    expect(a.body).toEqual({ message: 'SUCCESS', prize: { label: newest.prize.slice.label, amount: 7 } })
    expect(b.body).toEqual(a.body)
    expect((await wallet()).wallet.amount).toBe(DEMO_START_MINOR / 100 + 7)
    expect(await post('/api/spinwheel/coupon/claim', { coupon: newest._id })).toMatchObject(expectError(400, 'NO_CLAIMABLE_COUPON'))
    expect((await coupons()).find((c) => c._id === newest._id)?.claimed).toBe(true)

    // Another member's coupon is not theirs to claim.
    const other = await registerMember(server.app, { username: '0893334444', bankAccountNo: '5558887777' })
    expect(await post('/api/spinwheel/coupon/claim', { coupon: middle._id }, other)).toMatchObject(expectError(400, 'NO_CLAIMABLE_COUPON'))

    // A prize whose slice left the wheel.
    await campaign({ ...rigged(), slices: [slice('OTHER', 1, 1_00), slice('LOSE', 0, 0)] })
    expect(await post('/api/spinwheel/coupon/claim', { coupon: middle._id })).toMatchObject(expectError(400, 'INVALID_PRIZE_CODE'))
    await campaign()

    // While a bonus is held.
    expect((await get('/api/promotion/activate/NEWYEAR50')).status).toBe(200)
    expect(await post('/api/spinwheel/coupon/claim', { coupon: middle._id })).toMatchObject(expectError(400, 'BONUS_REMAINING'))

    // After its days.
    server.advance(7 * DAY)
    token = await login(server.app)
    expect(await post('/api/spinwheel/coupon/claim', { coupon: oldest._id })).toMatchObject(expectError(400, 'COUPON_EXPIRED'))
    expect(await checkBooks(server.app.serverContext.db)).toMatchObject({ balanced: true })
  })
})

describe('coins', () => {
  it('come with deposits by the rule, in the deposit\'s transaction', async () => {
    await campaign()
    const db = server.app.serverContext.db
    await creditDeposit(db, { memberId: 123, amountMinor: 250_00, reference: 'coin-test-1', kind: 'qrcode', at: Date.now() })
    expect((await wallet()).profile.coin).toBe(2)
    // A deposit refused (its reference booked already) grants nothing.
    await expect(creditDeposit(db, { memberId: 123, amountMinor: 250_00, reference: 'coin-test-1', kind: 'qrcode', at: Date.now() })).rejects.toThrow()
    expect((await wallet()).profile.coin).toBe(2)
    await campaign({ ...rigged(), coinPerDepositMinor: 0 })
    await creditDeposit(db, { memberId: 123, amountMinor: 250_00, reference: 'coin-test-2', kind: 'qrcode', at: Date.now() })
    expect((await wallet()).profile.coin).toBe(2)
  })
})
