// @vitest-environment node
// Money under load (issues 7, 14): 200 concurrent random transfers (in steps, through the
// simulated provider) and withdrawals across 20 members
// leave every balance non-negative, every movement's postings summing to zero and the books
// balanced. On PostgreSQL two server instances share the database, as two API nodes would.
import { afterEach, describe, expect, it } from 'vitest'
import { checkBooks } from '../../server/wallet/books'
import { accountBalance, creditWallet } from '../../server/shared/ledger'
import { recoverTransfers } from '../../server/wallet/transfers'
import { findGame, findGameAccount } from '../../server/games/repo'
import { simulatedProvider } from '../../server/games/providers'
import { sql } from 'kysely'
import { type TestServer, call, DEMO, freshAddress, holdLock, login, MINUTE, onPostgres, registration, startServer, testStorage } from './helpers'

const MEMBERS = 20
const OPERATIONS = 200
const FUNDS_MINOR = 1_000_00

let servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers) await server.app.close()
  servers = []
})

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

describe('concurrent money movement', () => {
  it(`keeps the books with ${OPERATIONS} concurrent transfers and withdrawals across ${MEMBERS} members${onPostgres() ? ' on two instances' : ''}`, async () => {
    const storage = await testStorage()
    const first = await startServer(storage)
    servers.push(first)
    if (onPostgres()) servers.push(await startServer(storage))
    const db = first.app.serverContext.db

    const members: { token: string; id: number }[] = []
    // Registration without the OTP step, so twenty sign-ups stay under the OTP rate limit; each
    // member registers from an address of its own (one address hears only a handful of answers).
    expect((await call(first.app, 'POST', '/dev/settings', { body: { registerOTP: false } })).status).toBe(200)
    for (let i = 0; i < MEMBERS; i += 1) {
      const phone = `08${String(10_000_000 + i).padStart(8, '0')}`
      const body = registration({ username: phone, bankAccountNo: `55${phone.slice(2)}` })
      expect((await call(first.app, 'POST', '/api/account', { body, address: freshAddress() })).status).toBe(201)
      const token = await login(first.app, phone, body.password)
      const profile = await call(first.app, 'GET', '/api/account/profile', { token })
      const id = Number((profile.body.profile as { _id: string })._id)
      await creditWallet(db, { memberId: id, amountMinor: FUNDS_MINOR, from: 'deposits-in', at: Date.now() })
      for (const code of ['PG', 'JOKER']) expect((await call(first.app, 'GET', `/api/wallet/activate/${code}`, { token })).status).toBe(200)
      // Half in the game, so both directions have money to move from the start.
      expect((await call(first.app, 'POST', '/api/wallet/transfer', { token, body: { from: 'WALLET', to: 'PG', amount: FUNDS_MINOR / 200 } })).status).toBe(200)
      members.push({ token, id })
    }

    // JOKER does every transfer and loses every answer: those wait in transit for the sweep.
    expect((await call(first.app, 'POST', '/dev/games/JOKER', { body: { dropsAnswers: true } })).status).toBe(200)
    const next = random(7)
    const amount = () => (Math.floor(next() * 30_000) + 100) / 100
    const operations = Array.from({ length: OPERATIONS }, (_, i) => {
      const member = members[Math.floor(next() * MEMBERS)]
      const server = servers[i % servers.length]
      const kind = Math.floor(next() * 4)
      const body = kind === 0 ? { from: 'WALLET', to: 'PG', amount: amount() }
        : kind === 1 ? { from: 'PG', to: 'WALLET', amount: amount() }
          : kind === 3 ? { from: 'PG', to: 'JOKER', amount: amount() }
            : { amount: Math.max(100, amount()) }
      const path = kind === 2 ? '/api/wallet/withdrawAll' : '/api/wallet/transfer'
      return () => call(server.app, 'POST', path, { token: member.token, body })
    })
    const started = performance.now()
    const results = await Promise.all(operations.map((operation) => operation()))
    const elapsed = performance.now() - started

    const statuses = results.map((result) => (result.status === 200 ? 'ok' : String(result.body.message)))
    const counts = Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length]))
    // Only a business refusal may stop an operation, or a provider's lost answer (JOKER) hold it.
    expect(Object.keys(counts).every((key) => ['ok', 'MONEY_NOT_ENOUGH', 'TRANSFER_PENDING'].includes(key)), JSON.stringify(counts)).toBe(true)
    expect(counts.ok).toBeGreaterThan(OPERATIONS / 3)
    expect(counts.TRANSFER_PENDING).toBeGreaterThan(0)

    // Every instance sweeps at once, twice: each transfer is settled once.
    for (const server of servers) server.advance(2 * 60_000)
    await Promise.all([...servers, ...servers].map((server) => recoverTransfers(server.app.serverContext)))
    const finishes = await db.selectFrom('movements').select((eb) => ['reference', eb.fn.countAll().as('n')])
      .where('reference', 'like', 'transfer:%').groupBy('reference').having((eb) => eb.fn.countAll(), '>', 1).execute()
    expect(finishes).toEqual([])
    // What each provider says it moved is what the ledger's game accounts hold.
    for (const code of ['PG', 'JOKER']) {
      const atProvider = await db.selectFrom('provider_transfers').select((eb) => [
        eb.fn.sum<number>(eb.case().when('direction', '=', 'deposit').then(eb.ref('amount_minor')).else(eb.neg(eb.ref('amount_minor'))).end()).as('sum'),
      ]).where('game_code', '=', code).where('outcome', '=', 'done').executeTakeFirstOrThrow()
      const inLedger = await db.selectFrom('ledger_accounts').select((eb) => eb.fn.sum<number>('balance_minor').as('sum'))
        .where('kind', '=', 'game').where('game_code', '=', code).executeTakeFirstOrThrow()
      expect(Number(inLedger.sum), code).toBe(Number(atProvider.sum))
    }

    const negative = await db.selectFrom('ledger_accounts').select('key').where('kind', '!=', 'house').where('balance_minor', '<', 0).execute()
    expect(negative).toEqual([])
    const unbalanced = await db.selectFrom('postings').select('movement_id').groupBy('movement_id')
      .having((eb) => eb.fn.sum<number>('amount_minor'), '!=', 0).execute()
    expect(unbalanced).toEqual([])
    const books = await checkBooks(db)
    expect(books, JSON.stringify(books)).toMatchObject({ balanced: true, cacheMismatches: 0, negativeMemberAccounts: 0 })
    // Every transfer reached its end: nothing is left in transit.
    expect(await db.selectFrom('game_transfers').select('id').where('status', 'in', ['reserved', 'withdrawn']).execute()).toEqual([])
    // Nothing was made or lost: the members' money plus what waits for payout is what was funded.
    const owned = await db.selectFrom('ledger_accounts').select((eb) => eb.fn.sum<number>('balance_minor').as('total'))
      .where('kind', '!=', 'house').where('member_id', 'in', members.map((m) => m.id))
      .executeTakeFirstOrThrow()
    const pending = (await accountBalance(db, { house: 'payouts-pending', currency: 'THB' })) ?? 0
    expect(Number(owned.total) + pending).toBe(MEMBERS * FUNDS_MINOR)

    console.log(`[concurrency] ${onPostgres() ? 'PostgreSQL, 2 instances' : 'SQLite, 1 instance'}: ${OPERATIONS} operations in ${elapsed.toFixed(0)} ms; ${JSON.stringify(counts)}; ${books.movements} movements, ${books.postings} postings, books balanced`)
  }, 60_000)
})

if (onPostgres()) {
  describe('lock order of a movement in one statement (issue 49 §1)', () => {
    /** One instance, the demo member signed in with a PG account. */
    async function demoWithGame() {
      const server = await startServer()
      servers.push(server)
      const { db } = server.app.serverContext
      const token = await login(server.app)
      expect((await call(server.app, 'GET', '/api/wallet/activate/PG', { token })).status).toBe(200)
      const member = await db.selectFrom('members').select('id').where('username', '=', DEMO.phone).executeTakeFirstOrThrow()
      return { server, db, token, member }
    }

    it("a transfer that meets a withdrawal's locked member waits before it touches the wallet: no deadlock", async () => {
      const { server, db, token, member } = await demoWithGame()
      const walletKey = `wallet:${member.id}`
      // A withdrawal's order: the payee's member row (lockPayee, FOR UPDATE), then the wallet.
      const withdrawal = await holdLock(db, (trx) => sql`SELECT id FROM members WHERE id = ${member.id} FOR UPDATE`.execute(trx))
      const transfer = call(server.app, 'POST', '/api/wallet/transfer', { token, body: { from: 'WALLET', to: 'PG', amount: 1 } })
      try {
        await withdrawal.queued(1)
        // The withdrawal's next step: its wallet. A transfer that had updated the wallet before
        // asking for the member's row would hold it now, and the two would wait on each other.
        await withdrawal.inside((trx) => sql`UPDATE ledger_accounts SET balance_minor = balance_minor WHERE "key" = ${walletKey}`.execute(trx))
      } finally {
        await withdrawal.release()
      }
      const answer = await transfer
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    })

    it('two finishers of one transfer that both saw it reserved, let go at once: one books its finish, the other nothing', async () => {
      const storage = await testStorage()
      const first = await startServer({ ...storage, transferSweepMs: 0 })
      const second = await startServer({ ...storage, transferSweepMs: 0 })
      servers.push(first, second)
      const { db } = first.app.serverContext
      const token = await login(first.app)
      expect((await call(first.app, 'GET', '/api/wallet/activate/PG', { token })).status).toBe(200)
      // The provider does the deposit and the answer is lost: the transfer stays reserved.
      expect((await call(first.app, 'POST', '/dev/games/PG', { body: { dropsAnswers: true } })).status).toBeLessThan(300)
      expect((await call(first.app, 'POST', '/api/wallet/transfer', { token, body: { from: 'WALLET', to: 'PG', amount: 100 } })).status).toBe(504)
      expect((await call(first.app, 'POST', '/dev/games/PG', { body: { dropsAnswers: false } })).status).toBeLessThan(300)
      const pending = await db.selectFrom('game_transfers').select('id').where('status', '=', 'reserved').executeTakeFirstOrThrow()
      first.advance(2 * MINUTE)
      second.advance(2 * MINUTE)
      // Both sweeps read the transfer reserved and hear from the provider that it was done; both
      // finishing statements then wait on the transfer's row, and go on together.
      const row = await holdLock(db, (trx) => sql`SELECT id FROM game_transfers WHERE id = ${pending.id} FOR UPDATE`.execute(trx))
      const sweeps = [recoverTransfers(first.app.serverContext), recoverTransfers(second.app.serverContext)]
      try {
        await row.queued(2)
      } finally {
        await row.release()
      }
      expect((await Promise.all(sweeps)).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1)
      const finishes = await db.selectFrom('movements').select('kind').where('member_id', '=', Number((await db.selectFrom('game_transfers').select('member_id').where('id', '=', pending.id).executeTakeFirstOrThrow()).member_id))
        .where('kind', 'like', 'transfer_%').execute()
      expect(finishes).toEqual([{ kind: 'transfer_settled' }])
      expect(await db.selectFrom('game_transfers').select(['status', 'finish_movement_id']).where('id', '=', pending.id).executeTakeFirstOrThrow())
        .toMatchObject({ status: 'settled', finish_movement_id: expect.anything() })
      const books = await checkBooks(db)
      expect(books, JSON.stringify(books)).toMatchObject({ balanced: true, cacheMismatches: 0 })
    })

    it("the demo provider's book, asked twice at once with one reference while the first is writing it: the balance there moves once", async () => {
      const { db, member } = await demoWithGame()
      const game = (await findGame(db, 'PG'))!
      const account = (await findGameAccount(db, member.id, 'PG'))!
      const balanceThere = async () => Number((await db.selectFrom('provider_accounts').select('balance_minor')
        .where('game_code', '=', 'PG').where('username', '=', account.username).executeTakeFirst())?.balance_minor ?? 0)
      const before = await balanceThere()
      const provider = simulatedProvider(db, () => Date.now())
      const deposit = { reference: 'race-1', direction: 'deposit' as const, amountMinor: 100_00 }
      // The first request, in the book's order (the balance there, then the reference), written
      // and not yet committed; two more with its reference wait for it.
      const firstRequest = await holdLock(db, async (trx) => {
        await sql`INSERT INTO provider_accounts (game_code, username, balance_minor) VALUES ('PG', ${account.username}, 10000)
          ON CONFLICT (game_code, username) DO UPDATE SET balance_minor = provider_accounts.balance_minor + 10000`.execute(trx)
        await sql`INSERT INTO provider_transfers (game_code, reference, direction, username, amount_minor, outcome, at)
          VALUES ('PG', 'race-1', 'deposit', ${account.username}, 10000, 'done', 0)`.execute(trx)
      })
      const repeats = [provider.transfer(game, account, deposit), provider.transfer(game, account, deposit)]
      try {
        await firstRequest.queued(2)
      } finally {
        await firstRequest.release()
      }
      await Promise.all(repeats)
      expect(await balanceThere()).toBe(before + 100_00)
      expect(await db.selectFrom('provider_transfers').select('outcome').where('reference', '=', 'race-1').execute()).toEqual([{ outcome: 'done' }])
    })
  })
}
