// @vitest-environment node
// Game transfers in steps (issue 14, point 1): reserve in the ledger before any provider is asked,
// ask the provider outside any transaction with the reserving movement's id as reference, then
// settle or reverse; what a lost answer leaves in transit is resolved by asking the provider, once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Slot, WalletResponse } from '../../contract'
import { checkBooks } from '../../server/wallet/books'
import type { GameProvider, ProviderTransfer } from '../../server/games/providers'
import { simulatedProvider } from '../../server/games/providers'
import { migration as providerAccounts } from '../../server/migrations/0017_provider_accounts'
import * as games from '../../server/games/repo'
import { findTransfer, recoverTransfers, reserveTransfer, SWEEP_PAGE } from '../../server/wallet/transfers'
import { balanceOf, DEMO_MEMBER_ID, DEMO_START_MINOR } from './depositHelpers'
import { MINUTE, START, type TestServer, call, expectError, login, registerMember, startServer } from './helpers'

let server: TestServer
let token: string
afterEach(async () => {
  await server.app.close()
})

async function start(options: Parameters<typeof startServer>[0] = {}) {
  server = await startServer({ transferSweepMs: 0, ...options })
  token = await login(server.app)
}

const get = (path: string, as = token) => call(server.app, 'GET', path, { token: as })
const post = (path: string, body: unknown, as = token, headers?: Record<string, string>) => call(server.app, 'POST', path, { token: as, body, headers })
const transfer = (from: string, to: string, amount: number, as = token, headers?: Record<string, string>) =>
  post('/api/wallet/transfer', { from, to, amount }, as, headers)
const faults = (code: string, body: Record<string, unknown>) => call(server.app, 'POST', `/dev/games/${code}`, { body })
const db = () => server.app.serverContext.db

async function activate(code: string, as = token) {
  expect((await get(`/api/wallet/activate/${code}`, as)).status).toBe(200)
}
const gameBalance = async (code: string, as = token) =>
  ((await get('/api/wallet', as)).body as unknown as WalletResponse).slots.find((slot: Slot) => slot.code === code)?.amount
const providerBook = (code: string) =>
  db().selectFrom('provider_transfers').select(['reference', 'direction', 'amount_minor', 'outcome']).where('game_code', '=', code).orderBy('at').execute()
const transfersOf = (memberId = DEMO_MEMBER_ID) =>
  db().selectFrom('game_transfers').selectAll().where('member_id', '=', memberId).orderBy('id').execute()

async function expectBooksBalanced() {
  const books = await checkBooks(db())
  expect(books, JSON.stringify(books)).toMatchObject({ balanced: true })
}

/** The ledger's game accounts agree with what each provider says it moved (deposits minus withdrawals). */
async function expectProvidersAgree(code: string, memberId = DEMO_MEMBER_ID) {
  const references = new Set((await transfersOf(memberId)).map((transfer) => String(transfer.reserve_movement_id)))
  const rows = (await db().selectFrom('provider_transfers').select(['reference', 'direction', 'amount_minor', 'outcome'])
    .where('game_code', '=', code).execute()).filter((row) => references.has(row.reference))
  const atProvider = rows.filter((row) => row.outcome === 'done')
    .reduce((sum, row) => sum + (row.direction === 'deposit' ? 1 : -1) * Number(row.amount_minor), 0)
  const ledger = await db().selectFrom('ledger_accounts').select('balance_minor').where('key', '=', `game:${memberId}:${code}`).executeTakeFirst()
  expect(Number(ledger?.balance_minor ?? 0)).toBe(atProvider)
}

/** A provider that only records what it is asked (the simulated one keeps it in the database). */
function recordingProvider(): GameProvider & { asked: ProviderTransfer[] } {
  const asked: ProviderTransfer[] = []
  return {
    asked,
    activate: async (game, memberId) => ({ username: `${game.code.toLowerCase()}${memberId}`, password: 'secret1234' }),
    resetPassword: async () => 'secret1234',
    transfer: async (_game, _account, request) => {
      asked.push(request)
    },
    transferStatus: async () => 'unknown',
    launchPath: async () => '/demo-game/none',
  }
}

describe('reserve before the provider', () => {
  it('refuses money the member does not have before any provider is asked', async () => {
    const provider = recordingProvider()
    await start({ provider })
    const member = await registerMember(server.app)
    await activate('PG', member)
    // An empty wallet: refused by the ledger, even though the provider would take anything.
    expect(await transfer('WALLET', 'PG', 100, member)).toMatchObject(expectError(400, 'MONEY_NOT_ENOUGH'))
    // Ten baht is not a thousand.
    await activate('PG')
    await transfer('WALLET', 'PG', 1490)
    expect(await transfer('WALLET', 'PG', 1000)).toMatchObject(expectError(400, 'MONEY_NOT_ENOUGH'))
    expect(await transfer('PG', 'WALLET', 1490.01)).toMatchObject(expectError(400, 'MONEY_NOT_ENOUGH'))
    expect(provider.asked).toHaveLength(1)
    expect(provider.asked[0]).toMatchObject({ direction: 'deposit', amountMinor: 1490_00 })
  })

  it('answers MONEY_NOT_ENOUGH, not TRANSFER_FAIL, for an empty wallet and a provider that is down', async () => {
    await start()
    const member = await registerMember(server.app)
    await activate('PG', member)
    await faults('PG', { down: true })
    expect(await transfer('WALLET', 'PG', 100, member)).toMatchObject(expectError(400, 'MONEY_NOT_ENOUGH'))
  })
})

describe('ask, then settle', () => {
  beforeEach(async () => {
    await start()
    await activate('PG')
    await activate('JOKER')
  })

  it('asks the provider with the direction and the reserving movement as reference, then settles', async () => {
    expect((await transfer('WALLET', 'PG', 100)).status).toBe(200)
    expect((await transfer('PG', 'WALLET', 40)).status).toBe(200)
    const [into, out] = await transfersOf()
    expect(into).toMatchObject({ from_code: 'WALLET', to_code: 'PG', status: 'settled' })
    expect(out).toMatchObject({ from_code: 'PG', to_code: 'WALLET', status: 'settled' })
    expect(await providerBook('PG')).toEqual([
      { reference: String(into.reserve_movement_id), direction: 'deposit', amount_minor: 100_00, outcome: 'done' },
      { reference: String(out.reserve_movement_id), direction: 'withdraw', amount_minor: 40_00, outcome: 'done' },
    ])
    const kinds = await db().selectFrom('movements').select(['id', 'kind', 'reference']).where('member_id', '=', DEMO_MEMBER_ID)
      .where('kind', 'like', 'transfer%').orderBy('id').execute()
    expect(kinds.map((row) => row.kind)).toEqual(['transfer', 'transfer_settled', 'transfer', 'transfer_settled'])
    expect(kinds[1].reference).toBe(`transfer:${into.id}`)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR - 60_00)
    expect(await gameBalance('PG')).toBe(60)
    await expectProvidersAgree('PG')
    await expectBooksBalanced()
  })

  it('moves game to game out of one provider and into the other with the same reference', async () => {
    await transfer('WALLET', 'PG', 100)
    expect(await transfer('PG', 'JOKER', 30)).toMatchObject({ status: 200, body: { amount: 30 } })
    const moved = (await transfersOf())[1]
    expect(moved).toMatchObject({ from_code: 'PG', to_code: 'JOKER', status: 'settled' })
    const reference = String(moved.reserve_movement_id)
    expect((await providerBook('PG'))[1]).toMatchObject({ reference, direction: 'withdraw', amount_minor: 30_00 })
    expect(await providerBook('JOKER')).toEqual([{ reference, direction: 'deposit', amount_minor: 30_00, outcome: 'done' }])
    expect([await gameBalance('PG'), await gameBalance('JOKER')]).toEqual([70, 30])
    await expectProvidersAgree('PG')
    await expectProvidersAgree('JOKER')
    await expectBooksBalanced()
  })

  it('reverses to the source when the provider refuses: TRANSFER_FAIL means the funds are back', async () => {
    await faults('PG', { down: true })
    expect(await transfer('WALLET', 'PG', 100)).toMatchObject(expectError(502, 'TRANSFER_FAIL'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
    expect((await transfersOf())[0]).toMatchObject({ status: 'reversed' })
    expect(await providerBook('PG')).toEqual([])
    await expectBooksBalanced()
  })

  it('returns money that left the source game to the wallet when the target game refuses it', async () => {
    await transfer('WALLET', 'PG', 100)
    await faults('JOKER', { down: true })
    expect(await transfer('PG', 'JOKER', 30)).toMatchObject(expectError(502, 'TRANSFER_FAIL'))
    expect((await transfersOf())[1]).toMatchObject({ status: 'returned' })
    // PG paid it out, so it is in the wallet now: in one place, where spec 8 says it is.
    expect(await gameBalance('PG')).toBe(70)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR - 70_00)
    await expectProvidersAgree('PG')
    await expectProvidersAgree('JOKER')
    await expectBooksBalanced()
  })
})

describe('the simulated provider', () => {
  /** A server whose demo member has a PG account (with `inGameBaht` moved in), and that account at the provider. */
  async function withPgAccount(inGameBaht = 0) {
    await start()
    await activate('PG')
    if (inGameBaht > 0) expect((await transfer('WALLET', 'PG', inGameBaht)).status).toBe(200)
    const game = await games.findGame(db(), 'PG')
    const account = await games.findGameAccount(db(), DEMO_MEMBER_ID, 'PG')
    if (!game || !account) throw new Error('no PG account')
    /** What the provider holds for the account (its own book, not our ledger). */
    const held = async () => Number((await db().selectFrom('provider_accounts').select('balance_minor')
      .where('game_code', '=', 'PG').where('username', '=', account.username).executeTakeFirst())?.balance_minor ?? 0)
    return { provider: simulatedProvider(db(), () => Date.now()), game, account, held }
  }
  /** A round the demo member plays at PG, reported through the dev stand-in. */
  const round = (amount: string) => call(server.app, 'POST', '/dev/games/PG/rounds', { body: { username: '0812345678', amount, refundPercent: 0 } })

  it('moves money once per reference, however often it is asked, and keeps a refusal', async () => {
    const { provider, game, account } = await withPgAccount()
    const request: ProviderTransfer = { reference: 'ref-1', direction: 'deposit', amountMinor: 5_00 }
    await Promise.all([provider.transfer(game, account, request), provider.transfer(game, account, request)])
    await provider.transfer(game, account, request)
    expect(await providerBook('PG')).toHaveLength(1)
    expect(await provider.transferStatus(game, 'ref-1')).toBe('done')
    expect(await provider.transferStatus(game, 'never-sent')).toBe('unknown')
    await db().insertInto('provider_transfers').values({ game_code: 'PG', reference: 'ref-2', direction: 'deposit', username: account.username, amount_minor: 1, outcome: 'refused', at: 0 }).execute()
    await expect(provider.transfer(game, account, { ...request, reference: 'ref-2' })).rejects.toThrow(/refused/)
  })

  it('keeps a balance of its own and refuses, for good, a payout of more than it holds', async () => {
    const { provider, game, account, held } = await withPgAccount()
    await provider.transfer(game, account, { reference: 'in', direction: 'deposit', amountMinor: 5_00 })
    await expect(provider.transfer(game, account, { reference: 'too-much', direction: 'withdraw', amountMinor: 5_01 })).rejects.toThrow(/refused/)
    expect(await held()).toBe(5_00)
    expect(await provider.transferStatus(game, 'too-much')).toBe('refused')
    // Money arriving later does not make a refused reference pay out.
    await provider.transfer(game, account, { reference: 'more', direction: 'deposit', amountMinor: 1_00 })
    await expect(provider.transfer(game, account, { reference: 'too-much', direction: 'withdraw', amountMinor: 5_01 })).rejects.toThrow(/refused/)
    await provider.transfer(game, account, { reference: 'out', direction: 'withdraw', amountMinor: 6_00 })
    expect(await held()).toBe(0)
  })

  it('refuses a withdrawal of more than the player holds there: the money stays in the game, the books balanced', async () => {
    const { account, held } = await withPgAccount(100)
    expect(await held()).toBe(100_00)
    // A loss played there that has not reached our books yet.
    await db().updateTable('provider_accounts').set({ balance_minor: 40_00 }).where('username', '=', account.username).execute()
    expect(await transfer('PG', 'WALLET', 100)).toMatchObject(expectError(502, 'TRANSFER_FAIL'))
    expect(await gameBalance('PG')).toBe(100)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR - 100_00)
    expect(await held()).toBe(40_00)
    await expectBooksBalanced()
  })

  it('plays a reported round against its own balance first: a loss beyond it is refused, and nothing is booked', async () => {
    const { held } = await withPgAccount(100)
    expect((await round('-30')).status).toBe(200)
    expect((await round('10')).status).toBe(200)
    expect(await round('-81')).toMatchObject(expectError(400, 'MONEY_NOT_ENOUGH'))
    expect(await gameBalance('PG')).toBe(80)
    expect(await held()).toBe(80_00)
    await expectBooksBalanced()
  })

  it('starts each account (migration 0017) at what our books hold there, with what is in transit', async () => {
    const { held } = await withPgAccount(100)
    for (const amount of ['-30', '10']) expect((await round(amount)).status).toBe(200)
    expect((await transfer('PG', 'WALLET', 20)).status).toBe(200)
    // And one in transit: the provider did it, our books have not settled it yet.
    await faults('PG', { dropsAnswers: true })
    expect(await transfer('WALLET', 'PG', 5)).toMatchObject(expectError(504, 'TRANSFER_PENDING'))
    expect(await held()).toBe(65_00)
    await db().schema.dropTable('provider_accounts').execute()
    await providerAccounts.up(db() as never)
    expect(await held()).toBe(65_00)
  })
})

describe('a lost answer', () => {
  beforeEach(async () => {
    await start()
    await activate('PG')
  })

  it('keeps the money in transit (TRANSFER_PENDING), and a retry with the same key finds it settled', async () => {
    await faults('PG', { dropsAnswers: true })
    const key = { 'Idempotency-Key': 'drop-1' }
    expect(await transfer('WALLET', 'PG', 100, token, key)).toMatchObject(expectError(504, 'TRANSFER_PENDING'))
    // The provider did it; the ledger holds it in transit, in neither the wallet nor the game.
    expect(await providerBook('PG')).toMatchObject([{ direction: 'deposit', amount_minor: 100_00, outcome: 'done' }])
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR - 100_00)
    expect(await gameBalance('PG')).toBe(0)
    await expectBooksBalanced()

    const retried = await transfer('WALLET', 'PG', 100, token, key)
    expect(retried).toMatchObject({ status: 200, body: { message: 'SUCCESS', amount: 100, wallet: { amount: 1400 } } })
    expect(await transfer('WALLET', 'PG', 100, token, key)).toMatchObject({ status: 200, body: retried.body })
    expect(await gameBalance('PG')).toBe(100)
    expect(await providerBook('PG')).toHaveLength(1)
    await expectProvidersAgree('PG')
    await expectBooksBalanced()
  })

  it('is resolved by the sweep once old enough, settled once however many finishers race', async () => {
    await faults('PG', { dropsAnswers: true })
    expect((await transfer('WALLET', 'PG', 100)).status).toBe(504)
    const [pending] = await transfersOf()
    // Too young for the sweep: a request may still be waiting for its provider.
    expect(await recoverTransfers(server.app.serverContext)).toBe(0)
    server.advance(2 * MINUTE)
    const resolved = await Promise.all([recoverTransfers(server.app.serverContext), recoverTransfers(server.app.serverContext), recoverTransfers(server.app.serverContext)])
    expect(resolved.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1)
    expect(await findTransfer(db(), Number(pending.id))).toMatchObject({ status: 'settled' })
    const finishes = await db().selectFrom('movements').select('id').where('reference', '=', `transfer:${pending.id}`).execute()
    expect(finishes).toHaveLength(1)
    expect(await gameBalance('PG')).toBe(100)
    await expectProvidersAgree('PG')
    await expectBooksBalanced()
  })

  it('sends a step the provider never saw again, with the same reference, and settles it once', async () => {
    const provider = simulatedProvider(db(), () => Date.now())
    let lost = true
    // The request is lost on its way: the provider never hears of it.
    server.app.serverContext.provider = { ...provider, transfer: async (...args) => (lost ? Promise.reject(new Error('socket hang up')) : provider.transfer(...args)) }
    expect((await transfer('WALLET', 'PG', 100)).status).toBe(504)
    expect(await providerBook('PG')).toEqual([])
    lost = false
    server.advance(2 * MINUTE)
    expect(await recoverTransfers(server.app.serverContext)).toBe(1)
    expect(await providerBook('PG')).toMatchObject([{ direction: 'deposit', amount_minor: 100_00, outcome: 'done' }])
    expect(await gameBalance('PG')).toBe(100)
    await expectBooksBalanced()
  })

  it('leaves a transfer in transit while the provider cannot say, and reverses what it refused', async () => {
    const provider = simulatedProvider(db(), () => Date.now())
    server.app.serverContext.provider = { ...provider, transfer: async () => Promise.reject(new Error('socket hang up')) }
    expect((await transfer('WALLET', 'PG', 100)).status).toBe(504)
    const [pending] = await transfersOf()
    server.advance(2 * MINUTE)
    await faults('PG', { down: true })
    expect(await recoverTransfers(server.app.serverContext)).toBe(0)
    expect(await findTransfer(db(), Number(pending.id))).toMatchObject({ status: 'reserved' })
    // The provider's book says it refused that reference: the money comes back.
    await faults('PG', { down: false })
    const account = await games.findGameAccount(db(), DEMO_MEMBER_ID, 'PG')
    await db().insertInto('provider_transfers').values({ game_code: 'PG', reference: String(pending.reserve_movement_id), direction: 'deposit', username: account?.username ?? '', amount_minor: 100_00, outcome: 'refused', at: 0 }).execute()
    expect(await recoverTransfers(server.app.serverContext)).toBe(1)
    expect(await findTransfer(db(), Number(pending.id))).toMatchObject({ status: 'reversed' })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
    await expectBooksBalanced()
  })

  it('times a slow provider out: the player hears TRANSFER_PENDING, the sweep settles it after', async () => {
    await server.app.close()
    await start({ providerTimeoutMs: 100 })
    await activate('PG')
    await faults('PG', { latencyMs: 400 })
    expect(await transfer('WALLET', 'PG', 100)).toMatchObject(expectError(504, 'TRANSFER_PENDING'))
    // The provider goes on and does it after our timeout.
    await expect.poll(async () => (await providerBook('PG')).length, { interval: 50 }).toBe(1)
    server.advance(2 * MINUTE)
    // Still as slow, the provider cannot say in time either; once it answers in time, it is settled.
    expect(await recoverTransfers(server.app.serverContext)).toBe(0)
    await faults('PG', { latencyMs: 0 })
    expect(await recoverTransfers(server.app.serverContext)).toBe(1)
    expect(await gameBalance('PG')).toBe(100)
    await expectBooksBalanced()
  })
})

describe('the sweep', () => {
  it('runs by itself every transferSweepMs: a transfer left in transit is settled with nobody asking', async () => {
    await start({ transferSweepMs: 20 })
    await activate('PG')
    await faults('PG', { dropsAnswers: true })
    expect(await transfer('WALLET', 'PG', 100)).toMatchObject(expectError(504, 'TRANSFER_PENDING'))
    const [pending] = await transfersOf()
    await faults('PG', { dropsAnswers: false })
    server.advance(2 * MINUTE)
    await expect.poll(async () => (await findTransfer(db(), Number(pending.id))).status).toBe('settled')
    expect(await gameBalance('PG')).toBe(100)
    await expectBooksBalanced()
  })

  it(`goes past a full page (${SWEEP_PAGE}) of transfers it cannot resolve yet to the ones after them`, async () => {
    await start()
    await activate('PG')
    await activate('JOKER')
    const at = START
    const member = await db().selectFrom('members').select('currency').where('id', '=', DEMO_MEMBER_ID).executeTakeFirstOrThrow()
    // A page of transfers to PG, which cannot answer at the sweep, then one to JOKER, which can:
    // none was ever sent, so the sweep sends each again.
    for (let i = 0; i < SWEEP_PAGE; i += 1) {
      await reserveTransfer(db(), { memberId: DEMO_MEMBER_ID, from: 'WALLET', to: 'PG', amountMinor: 1_00, currency: member.currency, at })
    }
    const last = await reserveTransfer(db(), { memberId: DEMO_MEMBER_ID, from: 'WALLET', to: 'JOKER', amountMinor: 7_00, currency: member.currency, at })
    await faults('PG', { down: true })
    server.advance(2 * MINUTE)
    expect(await recoverTransfers(server.app.serverContext)).toBe(1)
    expect(await findTransfer(db(), last.id)).toMatchObject({ status: 'settled' })
    expect(await gameBalance('JOKER')).toBe(7)
    expect((await transfersOf()).filter((row) => row.status === 'reserved')).toHaveLength(SWEEP_PAGE)
    await expectBooksBalanced()
  })
})

describe('Idempotency-Key across the steps', () => {
  beforeEach(async () => {
    await start()
    await activate('PG')
  })

  it('refuses a second request with the key while the first waits for its provider', async () => {
    await faults('PG', { latencyMs: 300 })
    const key = { 'Idempotency-Key': 'slow-1' }
    const first = transfer('WALLET', 'PG', 100, token, key)
    await expect.poll(async () => (await transfersOf()).length, { interval: 10 }).toBe(1)
    expect(await transfer('WALLET', 'PG', 100, token, key)).toMatchObject(expectError(409, 'KEY_INVALID'))
    expect((await first).status).toBe(200)
    expect(await transfer('WALLET', 'PG', 100, token, key)).toMatchObject({ status: 200, body: { amount: 100 } })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR - 100_00)
  })

  it('ends the key with a TRANSFER_FAIL, so the same action runs again once the provider is back', async () => {
    await faults('PG', { down: true })
    const key = { 'Idempotency-Key': 'fail-1' }
    expect((await transfer('WALLET', 'PG', 100, token, key)).status).toBe(502)
    await faults('PG', { down: false })
    expect((await transfer('WALLET', 'PG', 100, token, key)).status).toBe(200)
    expect((await transfer('WALLET', 'PG', 100, token, key)).headers['idempotent-replayed']).toBe('true')
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR - 100_00)
  })
})

describe('transferAll', () => {
  beforeEach(async () => {
    await start()
    for (const code of ['PG', 'JOKER', 'UFABET']) await activate(code)
    await transfer('WALLET', 'PG', 100)
    await transfer('WALLET', 'JOKER', 50)
    await transfer('WALLET', 'UFABET', 25)
  })

  it('is one transfer per account; a provider that fails is named, the others stay settled', async () => {
    await faults('JOKER', { down: true })
    const all = await post('/api/wallet/transferAll', { to: 'WALLET' })
    expect(all).toMatchObject({ status: 200, body: { message: 'SUCCESS', amount: 125, wallet: { amount: 1450 }, unreachable: ['JOKER'] } })
    expect([await gameBalance('PG'), await gameBalance('JOKER'), await gameBalance('UFABET')]).toEqual([0, 50, 0])
    for (const code of ['PG', 'JOKER', 'UFABET']) await expectProvidersAgree(code)
    await expectBooksBalanced()
  })

  it('into a game: each account on its own, the wallet too; money a target refuses comes back to the wallet', async () => {
    await faults('UFABET', { down: true })
    const all = await post('/api/wallet/transferAll', { to: 'UFABET' })
    expect(all).toMatchObject(expectError(502, 'TRANSFER_FAIL'))
    // The wallet's own money never left; PG's and JOKER's left their games and came back to the wallet.
    expect([await gameBalance('PG'), await gameBalance('JOKER'), await gameBalance('UFABET')]).toEqual([0, 0, 25])
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR - 25_00)
    await faults('UFABET', { down: false })
    expect(await post('/api/wallet/transferAll', { to: 'UFABET' })).toMatchObject({ status: 200, body: { amount: 1475 } })
    expect(await gameBalance('UFABET')).toBe(1500)
    for (const code of ['PG', 'JOKER', 'UFABET']) await expectProvidersAgree(code)
    await expectBooksBalanced()
  })
})

describe('a slow provider', () => {
  it("does not stall other members' requests: they are answered while a provider has not answered yet", async () => {
    await start()
    const other = await registerMember(server.app)
    await activate('PG')
    // The provider answers when the test lets it: until then a transfer is waiting on it.
    const provider = server.app.serverContext.provider
    let answer!: () => void
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    server.app.serverContext.provider = { ...provider, transfer: async (...args) => answered.then(() => provider.transfer(...args)) }
    const slow = transfer('WALLET', 'PG', 100)
    await expect.poll(async () => (await transfersOf()).length, { interval: 10 }).toBe(1)
    // A read that waited behind the provider would never be answered here (the test would end on
    // its timeout): each is answered while the provider still holds the transfer.
    for (let i = 0; i < 5; i += 1) expect((await get('/api/wallet', other)).status).toBe(200)
    answer()
    expect((await slow).status).toBe(200)
  })
})
