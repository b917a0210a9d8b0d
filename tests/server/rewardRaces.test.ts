// @vitest-environment node
// Rewards under concurrency (issue 16): taps on several bonuses at once, an offer's last places
// taken by many members at once, a cancel racing a withdrawal and another cancel, two invite
// collects and receives, spins with fewer coins than taps, a coupon claimed twice. Each pays or
// ends once. On PostgreSQL two server instances share the database, as two API nodes would, so
// the requests really overlap, and where a guard is named, withWritesHeld forces the interleaving
// it guards against; on SQLite (one connection) they run one after another: that half proves
// sequential correctness only.
import { afterEach, describe, expect, it } from 'vitest'
import { checkBooks } from '../../server/wallet/books'
import { accountBalance, creditWallet } from '../../server/shared/ledger'
import { type TestServer, call, login, onPostgres, registration, startInstances, withWritesHeld } from './helpers'

let servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers) await server.app.close()
  servers = []
})

/** One instance, or two on one PostgreSQL database; requests alternate between them. */
async function instances(): Promise<TestServer[]> {
  const started = await startInstances(servers)
  expect((await call(started[0].app, 'POST', '/dev/settings', { body: { registerOTP: false } })).status).toBe(200)
  return started
}

async function member(server: TestServer, n: number, fundsMinor: number): Promise<{ token: string; id: number }> {
  const phone = `08${String(20_000_000 + n).padStart(8, '0')}`
  const body = registration({ username: phone, bankAccountNo: `56${phone.slice(2)}` })
  expect((await call(server.app, 'POST', '/api/account', { body })).status).toBe(201)
  const token = await login(server.app, phone, body.password)
  const profile = await call(server.app, 'GET', '/api/account/profile', { token })
  const id = Number((profile.body.profile as { _id: string })._id)
  if (fundsMinor > 0) await creditWallet(server.app.serverContext.db, { memberId: id, amountMinor: fundsMinor, at: Date.now() })
  return { token, id }
}

const messages = (results: { status: number; body: Record<string, unknown> }[]) =>
  results.map((result) => (result.status === 200 ? 'OK' : String(result.body.message))).sort()

async function expectBalancedBooks(server: TestServer): Promise<void> {
  expect(await checkBooks(server.app.serverContext.db)).toMatchObject({ balanced: true, negativeMemberAccounts: 0, cacheMismatches: 0 })
}

describe(`bonuses under concurrency${onPostgres() ? ' on two instances' : ''}`, () => {
  it('ten taps on four offers at once give one bonus, paid once', async () => {
    const [first] = await instances()
    const { token, id } = await member(first, 1, 1_000_00)
    const paths = ['/api/bonus/activate/WELCOME100', '/api/bonus/activate/DAILY10', '/api/bonus/activate/WEEKLY20', '/api/promotion/activate/NEWYEAR50']
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) =>
      call(servers[i % servers.length].app, 'GET', paths[i % paths.length], { token, headers: { 'idempotency-key': `tap-${i}` } })))
    // One is paid. Each other tap is refused: the bonus held, or (a tap on the same offer that read
    // after the first committed) that offer received already. Which refusal depends on timing.
    const answers = messages(results)
    expect(answers.filter((answer) => answer === 'OK')).toHaveLength(1)
    for (const refused of answers.filter((answer) => answer !== 'OK')) {
      expect(['BONUS_ALREADY_ACTIVE', 'BONUS_MAX_CLAIMED', 'PROMOTION_RECEIVED']).toContain(refused)
    }
    const rows = await first.app.serverContext.db.selectFrom('user_bonuses').selectAll().where('member_id', '=', id).execute()
    expect(rows).toHaveLength(1)
    expect(await accountBalance(first.app.serverContext.db, { wallet: id })).toBe(1_000_00 + Number(rows[0].bonus_minor))
    await expectBalancedBooks(first)
  })

  it('two activations that both found no bonus held give one bonus: the one-active index refuses the second', async () => {
    const [first] = await instances()
    const { token, id } = await member(first, 5, 1_000_00)
    const at = (i: number) => servers[i % servers.length].app
    // Both have read "no bonus held" before either records one (PostgreSQL: held at the barrier).
    const results = await withWritesHeld(first.app.serverContext.db, 'user_bonuses', 2, () => Promise.all(
      ['/api/bonus/activate/WELCOME100', '/api/bonus/activate/DAILY10'].map((path, i) => call(at(i), 'GET', path, { token, headers: { 'idempotency-key': `held-${i}` } })),
    ))
    expect(messages(results)).toEqual(['BONUS_ALREADY_ACTIVE', 'OK'])
    const rows = await first.app.serverContext.db.selectFrom('user_bonuses').selectAll().where('member_id', '=', id).execute()
    expect(rows).toHaveLength(1)
    expect(await accountBalance(first.app.serverContext.db, { wallet: id })).toBe(1_000_00 + Number(rows[0].bonus_minor))
    await expectBalancedBooks(first)
  })

  it("an offer's quota is given to exactly that many of eight members tapping at once", async () => {
    const [first] = await instances()
    const offer = { code: 'LAST3', kind: 'bonus', name: 'Last three', type: 'limit', maxReceived: 1, percent: 10, maxBonusMinor: 50_00, turnoverMultiplier: 1, percentFail: 10, quota: 3 }
    expect((await call(first.app, 'POST', '/dev/bonuses', { body: [offer] })).status).toBe(200)
    const members = []
    for (let i = 0; i < 8; i += 1) members.push(await member(first, 10 + i, 100_00))
    const results = await Promise.all(members.map(({ token }, i) =>
      call(servers[i % servers.length].app, 'GET', '/api/bonus/activate/LAST3', { token, headers: { 'idempotency-key': `last-${i}` } })))
    expect(messages(results)).toEqual(['BONUS_FULL', 'BONUS_FULL', 'BONUS_FULL', 'BONUS_FULL', 'BONUS_FULL', 'OK', 'OK', 'OK'])
    const row = await first.app.serverContext.db.selectFrom('bonuses').select('claimed').where('code', '=', 'LAST3').executeTakeFirstOrThrow()
    expect(row.claimed).toBe(3)
    expect(await accountBalance(first.app.serverContext.db, { house: 'bonuses', currency: 'THB' })).toBe(-3 * 10_00)
    await expectBalancedBooks(first)
  })

  it('a cancel racing a withdrawal and a second cancel ends the bonus once, and removes money once', async () => {
    const [first] = await instances()
    // Cancellable after any loss at all: below 100 % of deposit + bonus.
    const offer = { code: 'EASY', kind: 'bonus', name: 'Easy', type: 'limit', maxReceived: 1, percent: 10, maxBonusMinor: 10_00, turnoverMultiplier: 1, percentFail: 100 }
    expect((await call(first.app, 'POST', '/dev/bonuses', { body: [offer] })).status).toBe(200)
    const { token, id } = await member(first, 30, 1_000_00)
    expect((await call(first.app, 'GET', '/api/bonus/activate/EASY', { token })).status).toBe(200)
    // 1,010 held; 200 to PG, 150 lost there, 50 back: 860 in the wallet, nothing in a game, below 1,010.
    expect((await call(first.app, 'GET', '/api/wallet/activate/PG', { token })).status).toBe(200)
    expect((await call(first.app, 'POST', '/api/wallet/transfer', { token, body: { from: 'WALLET', to: 'PG', amount: 200 } })).status).toBe(200)
    const phone = `08${String(20_000_030).padStart(8, '0')}`
    expect((await call(first.app, 'POST', '/dev/games/PG/rounds', { body: { username: phone, amount: '-150', refundPercent: 0 } })).status).toBe(200)
    expect((await call(first.app, 'POST', '/api/wallet/transfer', { token, body: { from: 'PG', to: 'WALLET', amount: 50 } })).status).toBe(200)

    const at = (i: number) => servers[i % servers.length].app
    const [clearA, withdrawal, clearB] = await Promise.all([
      call(at(0), 'GET', '/api/bonus/clear', { token, headers: { 'idempotency-key': 'clear-a' } }),
      call(at(1), 'POST', '/api/wallet/withdrawAll', { token, body: { amount: 800 }, headers: { 'idempotency-key': 'withdraw-a' } }),
      call(at(0), 'GET', '/api/bonus/clear', { token, headers: { 'idempotency-key': 'clear-b' } }),
    ])
    // Whichever came first ended the bonus; the others found none held. The withdrawal is paid either way.
    expect(withdrawal).toMatchObject({ status: 200, body: { message: 'SUCCESS' } })
    const rows = await first.app.serverContext.db.selectFrom('user_bonuses').select(['status']).where('member_id', '=', id).execute()
    expect(rows).toHaveLength(1)
    const clears = [clearA, clearB].map((result) => result.body.message).sort()
    const forfeits = (await accountBalance(first.app.serverContext.db, { house: 'bonus-forfeits', currency: 'THB' })) ?? 0
    const walletAfter = await accountBalance(first.app.serverContext.db, { wallet: id })
    if (rows[0].status === 'cancelled') {
      // Cancelled first (nothing in a game to clear); the withdrawal then took 800 of 860.
      expect(clears).toEqual(['BONUS_CLEAR', 'NO_DATA'])
      expect([forfeits, walletAfter]).toEqual([0, 60_00])
    } else {
      // The withdrawal first: it took the whole balance, the 60 beyond 800 removed; no cancel found a bonus.
      expect(rows[0].status).toBe('withdrawn')
      expect(clears).toEqual(['NO_DATA', 'NO_DATA'])
      expect([forfeits, walletAfter]).toEqual([60_00, 0])
    }
    await expectBalancedBooks(first)
  })
})

describe(`the invite bonus under concurrency${onPostgres() ? ' on two instances' : ''}`, () => {
  it('two collects and two receives at once count the play once and pay once', async () => {
    const [first] = await instances()
    const inviter = await member(first, 40, 0)
    const phone = `08${String(20_000_041).padStart(8, '0')}`
    const body = registration({ username: phone, bankAccountNo: `56${phone.slice(2)}`, inviteCode: `PR${inviter.id}` })
    expect((await call(first.app, 'POST', '/api/account', { body })).status).toBe(201)
    const friendToken = await login(first.app, phone, body.password)
    expect((await call(first.app, 'GET', '/api/wallet/activate/PG', { token: friendToken })).status).toBe(200)
    expect((await call(first.app, 'POST', '/dev/games/PG/rounds', { body: { username: phone, amount: '500', refundPercent: 0 } })).status).toBe(200)

    const at = (i: number) => servers[i % servers.length].app
    const token = inviter.token
    const collects = await Promise.all([0, 1].map((i) => call(at(i), 'GET', '/api/invite/collect', { token, headers: { 'idempotency-key': `collect-${i}` } })))
    expect(messages(collects)).toEqual(['INVITE_COLLECT', 'OK'])
    const receives = await Promise.all([0, 1].map((i) => call(at(i), 'GET', '/api/invite/bonus', { token, headers: { 'idempotency-key': `receive-${i}` } })))
    expect(messages(receives)).toEqual(['NO_INVITE_BONUS', 'OK'])
    // 1 % of 500, once.
    expect(await accountBalance(first.app.serverContext.db, { wallet: inviter.id })).toBe(5_00)
    await expectBalancedBooks(first)
  })
})

describe(`the spin wheel under concurrency${onPostgres() ? ' on two instances' : ''}`, () => {
  it('five spins at once with two coins spin twice; a coupon claimed twice at once pays once', async () => {
    const [first] = await instances()
    const wheel = {
      name: 'Race wheel', coinPerDepositMinor: 0, couponDays: 7,
      slices: [
        { code: 'WIN', label: '9', bgColor: '#112233', textColor: '#ffffff', weight: 1, amountMinor: 9_00 },
        { code: 'LOSE', label: '0', bgColor: '#112233', textColor: '#ffffff', weight: 0, amountMinor: 0 },
      ],
    }
    expect((await call(first.app, 'POST', '/dev/settings', { body: { spinActive: true, spin: wheel } })).status).toBe(200)
    const { token, id } = await member(first, 50, 0)
    const phone = `08${String(20_000_050).padStart(8, '0')}`
    expect((await call(first.app, 'POST', '/dev/coins', { body: { username: phone, coins: 2 } })).status).toBe(200)
    const at = (i: number) => servers[i % servers.length].app
    const spins = await Promise.all(Array.from({ length: 5 }, (_, i) =>
      call(at(i), 'POST', '/api/spinwheel/spin', { token, headers: { 'idempotency-key': `spin-${i}` } })))
    expect(messages(spins)).toEqual(['NO_COIN', 'NO_COIN', 'NO_COIN', 'OK', 'OK'])
    const coupons = (await call(first.app, 'GET', '/api/spinwheel/coupon', { token })).body as unknown as { _id: string }[]
    expect(coupons).toHaveLength(2)
    // Both have read the coupon unclaimed before either marks it (PostgreSQL: held at the barrier).
    const claims = await withWritesHeld(first.app.serverContext.db, 'spin_coupons', 2, () => Promise.all([0, 1].map((i) =>
      call(at(i), 'POST', '/api/spinwheel/coupon/claim', { token, body: { coupon: coupons[0]._id }, headers: { 'idempotency-key': `claim-${i}` } }))))
    expect(messages(claims)).toEqual(['NO_CLAIMABLE_COUPON', 'OK'])
    expect(await accountBalance(first.app.serverContext.db, { wallet: id })).toBe(9_00)
    await expectBalancedBooks(first)
  })
})
