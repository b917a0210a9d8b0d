// @vitest-environment node
// The wallet (spec 7 "Wallet", "Auto-login", spec 8 wallet codes): balances, game accounts at the
// simulated providers, transfers, and the double-entry books behind every one of them (withdrawals:
// withdrawals.test.ts).
import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Slot, WalletResponse } from '../../contract'
import { checkBooks } from '../../server/wallet/books'
import { DAY, type TestServer, call, expectError, registerMember, onDemoServer } from './helpers'
import { balanceOf, DEMO_MEMBER_ID, DEMO_START_MINOR } from './depositHelpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const get = (path: string, as = token) => call(server.app, 'GET', path, { token: as })
const post = (path: string, body: unknown, as = token, headers?: Record<string, string>) =>
  call(server.app, 'POST', path, { token: as, body, headers })
const transfer = (from: string, to: string, amount: unknown, as = token) => post('/api/wallet/transfer', { from, to, amount }, as)
const dev = (path: string, body: unknown) => call(server.app, 'POST', path, { body })

async function walletOf(as = token): Promise<WalletResponse> {
  const result = await get('/api/wallet', as)
  expect(result.status).toBe(200)
  return result.body as unknown as WalletResponse
}
const slotOf = async (code: string, as = token): Promise<Slot> => (await walletOf(as)).slots.find((slot) => slot.code === code) as Slot

async function activate(code: string, as = token): Promise<void> {
  expect(await get(`/api/wallet/activate/${code}`, as)).toMatchObject({ status: 200, body: { message: 'SUCCESS' } })
}

async function expectBooksBalanced(): Promise<void> {
  const books = await checkBooks(server.app.serverContext.db)
  expect(books, JSON.stringify(books)).toMatchObject({ balanced: true, unbalancedMovements: 0, negativeMemberAccounts: 0, cacheMismatches: 0 })
}

describe('GET /api/wallet', () => {
  it('needs a login', async () => {
    expect(await get('/api/wallet', '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
    expect(await get('/api/wallet/refresh/slot', '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })

  it('gives the profile, bank account, wallet in major units with the currency, invite and every game', async () => {
    const wallet = await walletOf()
    expect(wallet.profile).toEqual({ _id: String(DEMO_MEMBER_ID), name: expect.any(String), username: '0812345678', coin: 0 })
    expect(wallet.bankAccount).toMatchObject({ bankCode: expect.any(String), bank: { nameTH: expect.any(String), nameEN: expect.any(String) } })
    expect(wallet.wallet).toEqual({ amount: DEMO_START_MINOR / 100, currency: 'THB' })
    expect(wallet.invite).toEqual({ amount: 0, success: 0, fail: 0 })
    for (const category of ['slot', 'sport', 'lotto']) {
      expect(wallet.slots.filter((slot) => slot.category === category).length).toBeGreaterThanOrEqual(3)
    }
    expect(wallet.slots.find((slot) => slot.code === 'PG')).toMatchObject({ isActive: false, amount: 0, ftWalletSlot: 1, logo: '/games/pg.svg', background: '/games/art-pg.svg', web: null })
    expect(wallet.slots.some((slot) => slot.web?.startsWith('https://'))).toBe(true)
  })

  it('refresh/slot gives the wallet and the games again', async () => {
    await activate('PG')
    expect((await transfer('WALLET', 'PG', 12.5)).status).toBe(200)
    const refreshed = await get('/api/wallet/refresh/slot')
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.wallet).toEqual({ amount: 1487.5, currency: 'THB' })
    expect((refreshed.body.slots as Slot[]).find((slot) => slot.code === 'PG')).toMatchObject({ isActive: true, amount: 12.5 })
  })
})

describe('game accounts', () => {
  it('activates once, in any case, then gives credentials; a second activation is SLOT_ALREADY_ACTIVE', async () => {
    expect(await get('/api/wallet/account/PG')).toMatchObject(expectError(400, 'SLOT_NO_ACCOUNT'))
    await activate('pg')
    expect(await get('/api/wallet/activate/PG')).toMatchObject(expectError(409, 'SLOT_ALREADY_ACTIVE'))
    const credentials = await get('/api/wallet/account/Pg')
    expect(credentials).toMatchObject({ status: 200, body: { username: expect.stringMatching(/^pg123/), password: expect.stringMatching(/^\w{10}$/) } })
    expect((await slotOf('PG')).isActive).toBe(true)
  })

  it('two activations at once open one account', async () => {
    const results = await Promise.all([get('/api/wallet/activate/JOKER'), get('/api/wallet/activate/JOKER')])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
  })

  it('refuses unknown games and web-only games with NO_GAME', async () => {
    expect(await get('/api/wallet/activate/NOPE')).toMatchObject(expectError(400, 'NO_GAME'))
    expect(await get('/api/wallet/activate/PPLAY')).toMatchObject(expectError(400, 'NO_GAME'))
    expect(await get('/api/wallet/account/NOPE')).toMatchObject(expectError(400, 'NO_GAME'))
  })

  it('answers SLOT_ACTIVATE_FAIL and SLOT_RESET_PASSWORD_FAIL while the provider is down', async () => {
    await activate('SLOTXO')
    expect((await dev('/dev/games/slotxo', { down: true })).status).toBe(200)
    expect(await get('/api/wallet/activate/SLOTXO')).toMatchObject(expectError(409, 'SLOT_ALREADY_ACTIVE'))
    await dev('/dev/games/JOKER', { down: true })
    expect(await get('/api/wallet/activate/JOKER')).toMatchObject(expectError(502, 'SLOT_ACTIVATE_FAIL'))
    expect(await get('/api/wallet/resetpassword/SLOTXO')).toMatchObject(expectError(502, 'SLOT_RESET_PASSWORD_FAIL'))
    expect((await dev('/dev/games/NOPE', { down: true })).status).toBe(404)
  })

  it('reset password gives a new password that the account keeps', async () => {
    await activate('BETFLIX')
    const before = (await get('/api/wallet/account/BETFLIX')).body
    const reset = await get('/api/wallet/resetpassword/betflix')
    expect(reset.status).toBe(200)
    expect(reset.body.username).toBe(before.username)
    expect(reset.body.password).not.toBe(before.password)
    expect((await get('/api/wallet/account/BETFLIX')).body).toEqual(reset.body)
    expect(await get('/api/wallet/resetpassword/JOKER')).toMatchObject(expectError(400, 'SLOT_NO_ACCOUNT'))
  })
})

describe('POST /api/wallet/transfer', () => {
  beforeEach(async () => {
    await activate('PG')
    await activate('UFABET')
  })

  it('moves money wallet -> game -> game -> wallet as one movement each, in major units', async () => {
    expect(await transfer('WALLET', 'PG', 100)).toMatchObject({ status: 200, body: { message: 'SUCCESS', amount: 100, wallet: { amount: 1400, currency: 'THB' } } })
    expect((await transfer('pg', 'ufabet', '40.25')).body).toMatchObject({ amount: 40.25, wallet: { amount: 1400 } })
    expect((await transfer('UFABET', 'wallet', 0.25 + 10)).body).toMatchObject({ amount: 10.25, wallet: { amount: 1410.25 } })
    expect((await slotOf('PG')).amount).toBe(59.75)
    expect((await slotOf('UFABET')).amount).toBe(30)
    const movements = await server.app.serverContext.db.selectFrom('movements').select(['kind']).where('member_id', '=', DEMO_MEMBER_ID).where('kind', '=', 'transfer').execute()
    expect(movements).toHaveLength(3)
    await expectBooksBalanced()
  })

  it.each([
    [0, 'TRANSFER_MINIMUM'], [-5, 'TRANSFER_MINIMUM'], ['-5', 'TRANSFER_MINIMUM'], [0.99, 'TRANSFER_MINIMUM'],
    [1.234, 'KEY_INVALID'], ['1e3', 'KEY_INVALID'], ['abc', 'KEY_INVALID'], [' 10', 'KEY_INVALID'], [1e300, 'KEY_INVALID'], [0.1 + 0.2, 'KEY_INVALID'],
  ])('refuses the amount %s with %s and moves nothing', async (amount, code) => {
    expect(await transfer('WALLET', 'PG', amount)).toMatchObject(expectError(400, code))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
  })

  it('refuses what the member does not have with MONEY_NOT_ENOUGH', async () => {
    expect(await transfer('WALLET', 'PG', 1500.01)).toMatchObject(expectError(400, 'MONEY_NOT_ENOUGH'))
    expect(await transfer('PG', 'WALLET', 1)).toMatchObject(expectError(400, 'MONEY_NOT_ENOUGH'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
  })

  it('refuses unknown games, inactive accounts and a transfer to the same account', async () => {
    expect(await transfer('WALLET', 'NOPE', 10)).toMatchObject(expectError(400, 'NO_GAME'))
    expect(await transfer('WALLET', 'PPLAY', 10)).toMatchObject(expectError(400, 'NO_GAME'))
    expect(await transfer('WALLET', 'JOKER', 10)).toMatchObject(expectError(400, 'SLOT_NO_ACCOUNT'))
    expect(await transfer('PG', 'pg', 10)).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await transfer('WALLET', 'PG', undefined)).toMatchObject(expectError(400, 'KEY_MISSING'))
  })

  it('answers TRANSFER_FAIL and moves nothing while a provider is down', async () => {
    await dev('/dev/games/PG', { down: true })
    expect(await transfer('WALLET', 'PG', 10)).toMatchObject(expectError(502, 'TRANSFER_FAIL'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
    expect((await slotOf('PG')).amount).toBe(0)
  })

  it('never spends the same money twice when transfers race', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => transfer('WALLET', 'PG', 400)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(3)
    expect(results.filter((r) => r.body.message === 'MONEY_NOT_ENOUGH')).toHaveLength(7)
    expect(await balanceOf(server.app)).toBe(300_00)
    await expectBooksBalanced()
  })
})

describe('POST /api/wallet/transferAll', () => {
  it('moves every other balance into the target, one transfer per account', async () => {
    await activate('PG')
    await activate('HUAYHD')
    await transfer('WALLET', 'PG', 100)
    await transfer('WALLET', 'HUAYHD', 50.5)
    const all = await post('/api/wallet/transferAll', { to: 'WALLET' })
    expect(all).toMatchObject({ status: 200, body: { message: 'SUCCESS', amount: 150.5, wallet: { amount: 1500 } } })
    const toGame = await post('/api/wallet/transferAll', { to: 'pg' })
    expect(toGame.body).toMatchObject({ amount: 1500, wallet: { amount: 0 } })
    expect((await slotOf('PG')).amount).toBe(1500)
    await expectBooksBalanced()
  })

  it("names each transfer by the statement's reference, for the receipt", async () => {
    await activate('PG')
    await activate('HUAYHD')
    const one = await transfer('WALLET', 'PG', 100)
    await transfer('WALLET', 'HUAYHD', 50)
    const all = await post('/api/wallet/transferAll', { to: 'WALLET' })
    expect(one.body.references).toEqual([expect.stringMatching(/^T\d+$/)])
    expect(all.body.references).toHaveLength(2)
    const statement = (await post('/api/statement', { page: 1, limit: 10 })).body.statements as { statementType: string; reference: string; amount: number }[]
    const transfers = statement.filter((entry) => entry.statementType === 'transfer').map((entry) => entry.reference)
    expect(transfers).toEqual(expect.arrayContaining([...(one.body.references as string[]), ...(all.body.references as string[])]))
    expect(new Set(transfers).size).toBe(4)
  })

  it('answers TRANSFER_MINIMUM with nothing to move, NO_GAME and SLOT_NO_ACCOUNT for a bad target', async () => {
    await activate('PG')
    await post('/api/wallet/transferAll', { to: 'PG' })
    expect(await post('/api/wallet/transferAll', { to: 'PG' })).toMatchObject(expectError(400, 'TRANSFER_MINIMUM'))
    expect(await post('/api/wallet/transferAll', { to: 'NOPE' })).toMatchObject(expectError(400, 'NO_GAME'))
    expect(await post('/api/wallet/transferAll', { to: 'JOKER' })).toMatchObject(expectError(400, 'SLOT_NO_ACCOUNT'))
  })
})

describe('auto-login', () => {
  it('links to the demo game page that shows the game balance', async () => {
    await activate('PG')
    await transfer('WALLET', 'PG', 42)
    const { username } = (await get('/api/wallet/account/PG')).body as { username: string }
    const result = await get(`/api/autoLogin/pg/${username}`)
    expect(result.status).toBe(200)
    const link = new URL(result.body.link as string)
    expect(link.pathname).toMatch(/^\/demo-game\/[\w-]{16,64}$/)
    const page = await server.app.inject({ method: 'GET', url: link.pathname })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('PG Soft')
    expect(page.body).toContain('>42.00<')
    expect(page.body).not.toContain('<script')
    server.advance(11 * 60 * 1000)
    expect((await server.app.inject({ method: 'GET', url: link.pathname })).statusCode).toBe(410)
  })

  it('uses the password path for the providers of spec 7 and checks the credentials', async () => {
    await activate('ASKMEBET')
    const { username, password } = (await get('/api/wallet/account/ASKMEBET')).body as { username: string; password: string }
    expect((await get(`/api/autoLogin/askmebet/${username}/${password}`)).status).toBe(200)
    expect(await get(`/api/autoLogin/askmebet/${username}`)).toMatchObject(expectError(400, 'NO_GAME'))
    expect(await get(`/api/autoLogin/askmebet/${username}/wrong`)).toMatchObject(expectError(400, 'WRONG_CREDENTIAL'))
    expect(await get('/api/autoLogin/pg/someone')).toMatchObject(expectError(400, 'SLOT_NO_ACCOUNT'))
    await activate('PG')
    expect(await get('/api/autoLogin/pg/someone')).toMatchObject(expectError(400, 'WRONG_CREDENTIAL'))
    expect(await get('/api/autoLogin/pg/someone', '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })

  it("does not serve spec 7's POST /api/wallet/add: a member never credits their own wallet (README)", async () => {
    const before = (await get('/api/wallet')).body.wallet
    expect(await post('/api/wallet/add', { amount: 1_000 })).toMatchObject(expectError(404, 'NO_DATA'))
    expect((await get('/api/wallet')).body.wallet).toEqual(before)
  })

  it("says a game that cannot be opened could not be opened: not TRANSFER_FAIL, whose words say the money came back (spec 8)", async () => {
    await activate('PG')
    await transfer('WALLET', 'PG', 42)
    const { username } = (await get('/api/wallet/account/PG')).body as { username: string }
    expect((await call(server.app, 'POST', '/dev/games/PG', { body: { down: true } })).status).toBe(200)
    expect(await get(`/api/autoLogin/pg/${username}`)).toMatchObject(expectError(502, 'GAME_LAUNCH_FAIL'))
    // Nothing moved: the game still holds what was put in.
    expect(((await get('/api/wallet')).body.slots as { code: string; amount: number }[]).find((slot) => slot.code === 'PG')?.amount).toBe(42)
  })
})

describe('Idempotency-Key', () => {
  const keyed = (path: string, body: unknown, key: string, as = token) => post(path, body, as, { 'Idempotency-Key': key })
  beforeEach(async () => {
    await activate('PG')
  })

  it('answers a repeated key with the first answer and moves the money once', async () => {
    const first = await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }, 'action-1')
    const again = await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }, 'action-1')
    expect(first.status).toBe(200)
    expect(again).toMatchObject({ status: 200, body: first.body })
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await balanceOf(server.app)).toBe(1400_00)
    // Another member's key space is their own.
    const other = await registerMember(server.app)
    expect(await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }, 'action-1', other)).toMatchObject(expectError(400, 'SLOT_NO_ACCOUNT'))
  })

  it('moves the money once when two requests with one key race', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => keyed('/api/wallet/withdrawAll', { amount: 100 }, 'race-key')))
    for (const result of results) expect([200, 409]).toContain(result.status)
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1)
    expect(await balanceOf(server.app)).toBe(1400_00)
  })

  it('refuses the same key on another call or body, and a malformed key', async () => {
    await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }, 'k1')
    expect(await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 101 }, 'k1')).toMatchObject(expectError(409, 'KEY_INVALID'))
    expect(await keyed('/api/wallet/withdrawAll', { amount: 100 }, 'k1')).toMatchObject(expectError(409, 'KEY_INVALID'))
    expect(await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 1 }, 'bad key!')).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 1 }, 'x'.repeat(129))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await balanceOf(server.app)).toBe(1400_00)
  })

  it('runs a failed first attempt again, and forgets keys after 24 hours', async () => {
    await dev('/dev/games/PG', { down: true })
    expect(await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }, 'retry')).toMatchObject(expectError(502, 'TRANSFER_FAIL'))
    await dev('/dev/games/PG', { down: false })
    expect((await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }, 'retry')).status).toBe(200)
    expect(await balanceOf(server.app)).toBe(1400_00)
    server.advance(DAY + 1)
    expect((await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }, 'retry')).status).toBe(200)
    expect(await balanceOf(server.app)).toBe(1300_00)
  })

  it('guards QR creation, gift links, transferAll and withdraw too', async () => {
    const qr = await keyed('/api/qrcode/KBANK', { amount: 100 }, 'qr-1')
    expect(qr.status).toBe(200)
    expect(await keyed('/api/qrcode/KBANK', { amount: 100 }, 'qr-1')).toMatchObject({ status: 200, body: { qrcodeId: qr.body.qrcodeId } })
    expect((await keyed('/api/wallet/transferAll', { to: 'PG' }, 'all-1')).status).toBe(200)
    expect(await keyed('/api/wallet/transferAll', { to: 'PG' }, 'all-1')).toMatchObject({ status: 200, body: { amount: 1500 } })
    expect(await keyed('/api/wallet/transferAll', { to: 'WALLET' }, 'all-2')).toMatchObject({ status: 200, body: { amount: 1500 } })
    expect((await keyed('/api/wallet/withdraw', { amount: 100 }, 'w-1')).status).toBe(200)
    expect((await keyed('/api/wallet/withdraw', { amount: 100 }, 'w-1')).status).toBe(200)
    expect(await balanceOf(server.app)).toBe(1400_00)
  })
})

describe('GET /api/invite/collect', () => {
  it('answers NO_INVITEE_PLAY_INFO and NO_INVITE_BONUS while no friend has played (invites.test.ts has the rest)', async () => {
    expect(await get('/api/invite/collect')).toMatchObject(expectError(400, 'NO_INVITEE_PLAY_INFO'))
    expect(await get('/api/invite/bonus')).toMatchObject(expectError(400, 'NO_INVITE_BONUS'))
    expect(await get('/api/invite/collect', '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
    expect(await get('/api/invite/bonus', '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })
})

describe('the books', () => {
  it('refuses to edit or delete postings and movements', async () => {
    await activate('PG')
    await transfer('WALLET', 'PG', 10)
    const db = server.app.serverContext.db
    await expect(sql`UPDATE postings SET amount_minor = amount_minor + 1`.execute(db)).rejects.toThrow(/append-only/)
    await expect(sql`DELETE FROM postings`.execute(db)).rejects.toThrow(/append-only/)
    await expect(sql`UPDATE movements SET note = 'x'`.execute(db)).rejects.toThrow(/append-only/)
    await expect(sql`DELETE FROM movements`.execute(db)).rejects.toThrow(/append-only/)
    await expectBooksBalanced()
  })
})
