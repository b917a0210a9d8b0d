// @vitest-environment node
// Round trips of the player's hot calls (issue 49 §1): every statement a call sends to the database
// is a round trip on PostgreSQL, and every COMMIT a wait for the disk. Each call's statements
// (BEGIN and COMMIT included) and commits are counted on both dialects, warm (the call made once
// before, as every call but a player's first is), and held to the figures below: a change that
// adds a statement to one of these calls fails here, naming the call, and one that saves some
// fails too, until the figure is lowered to keep what was won.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { sql } from 'kysely'
import { accountKey, memberBalances, resolveAccounts } from '../../server/shared/ledger'
import { call, login, onPostgres, registerMember, registration, type TestServer, startServer } from './helpers'

/** [statements, commits] per call. */
type Counts = readonly [statements: number, commits: number]
/** A call's figures, the same on both dialects or one pair each. */
type Held = Counts | { sqlite: Counts; postgres: Counts }
/**
 * Measured at 8a234f6, the same on both dialects then (one code path, row locks inline on
 * PostgreSQL): each dialect's run holds its calls to these. Since issue 49 §1 a movement with one
 * member account is one statement on PostgreSQL (shared/ledger.ts, postInOneStatement), where it is
 * four statements in SQLite's process-local transaction, which costs no round trips.
 */
const HELD: Record<string, Held> = {
  // The session's read, then the balances, the invites and the coins in one statement (readTogether).
  // On PostgreSQL a warm call's session is kept by the instance (auth/sessionCache.ts): no read.
  'wallet read': { sqlite: [2, 0], postgres: [1, 0] },
  'profile': { sqlite: [1, 0], postgres: [0, 0] },
  // Three commits: the saga reserves and commits before the provider is asked (issue 14), the demo
  // provider books its side in this database (a real provider's is its own), then the saga settles.
  // On PostgreSQL each of the three is one statement that commits on its own, outside a
  // transaction (no COMMIT is sent): the reserve (the movement with the transfer's row as its
  // record), the provider's book, the finish (the movement claiming the transfer's row). The answer's
  // wallet balance comes from the movement that touched the wallet, not from a read after.
  // On PostgreSQL the accounts, read once outside a transaction, are known committed for good
  // (ledger.ts, resolveAccounts): a warm transfer reads none.
  'transfer to a game': { sqlite: [19, 3], postgres: [4, 0] },
  'transfer from a game': { sqlite: [19, 3], postgres: [4, 0] },
  'withdraw': { sqlite: [11, 1], postgres: [8, 1] },
  'withdrawal list': { sqlite: [3, 0], postgres: [2, 0] },
  'statement, first page': { sqlite: [5, 0], postgres: [4, 0] },
  'statement, tenth page': { sqlite: [3, 0], postgres: [2, 0] },
  'invite list': { sqlite: [3, 0], postgres: [2, 0] },
  'QR shown': { sqlite: [4, 0], postgres: [3, 0] },
  'active bonus': { sqlite: [2, 0], postgres: [1, 0] },
  'unread chat': { sqlite: [2, 0], postgres: [1, 0] },
  // The bell (issue 50): the newest events with the unread count riding on each row.
  'notifications': { sqlite: [2, 0], postgres: [1, 0] },
}

let server: TestServer
let token: string
const seen = { statements: 0, commits: 0, texts: [] as string[] }

beforeEach(async () => {
  server = await startServer({
    // No sweep of their own in the counts.
    transferSweepMs: 0,
    retentionSweepMs: 0,
    observeStatement: (text) => {
      // Not a call's own: the production mark's check, which every mode but production makes at
      // most once a second on whichever request comes (seed/productionMark.ts). On a slow machine
      // the measured call was that request once ("unread chat: 3 statements", held 2).
      if (/\bdatabase_marks\b/.test(text)) return
      seen.statements += 1
      seen.texts.push(text.replace(/\s+/g, ' ').slice(0, 120))
      if (/^\s*commit\b/i.test(text)) seen.commits += 1
    },
  })
  // On PostgreSQL the instance keeps the sessions it read once it listens (auth/sessionCache.ts).
  if (onPostgres()) await expect.poll(() => server.app.serverContext.sessionCache?.listening).toBe(true)
  token = await login(server.app)
})

afterEach(async () => {
  await server.app.close()
})

it("holds each hot call's statements and commits to its figure on this dialect", async () => {
  // An inviter with a friend: the wallet and the invite list read the member's invitees.
  await registerMember(server.app, registration({ username: '0890000001', bankAccountNo: '5570000001', inviteCode: 'PR123' }))
  /** The statements of each measured call, named when its figure is off. */
  const texts = new Map<string, string[]>()
  const player = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Counts> => {
    const before = { ...seen, texts: seen.texts.length }
    const result = await call(server.app, method, path, { token, body })
    expect(result.status, `${method} ${path}: ${JSON.stringify(result.body)}`).toBeLessThan(300)
    texts.set(`${method} ${path}`, seen.texts.slice(before.texts))
    return [seen.statements - before.statements, seen.commits - before.commits]
  }
  const CALLS: Record<string, () => Promise<Counts>> = {
    'wallet read': () => player('GET', '/api/wallet'),
    'profile': () => player('GET', '/api/account/profile'),
    'transfer to a game': () => player('POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 1 }),
    'transfer from a game': () => player('POST', '/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 1 }),
    'withdraw': () => player('POST', '/api/wallet/withdraw', { amount: 100 }),
    'withdrawal list': () => player('GET', '/api/wallet/withdrawals'),
    'statement, first page': () => player('POST', '/api/statement', { page: 1, limit: 20 }),
    'statement, tenth page': () => player('POST', '/api/statement', { page: 10, limit: 20 }),
    'invite list': () => player('POST', '/api/invite', { page: 1, limit: 10 }),
    'QR shown': () => player('GET', '/api/qrcode/KBANK'),
    'active bonus': () => player('GET', '/api/bonus/check/active'),
    'unread chat': () => player('GET', '/api/chat/unread'),
    'notifications': () => player('GET', '/api/notifications'),
  }
  expect((await call(server.app, 'GET', '/api/wallet/activate/PG', { token })).status).toBe(200)
  expect((await call(server.app, 'POST', '/api/qrcode/KBANK', { token, body: { amount: 100 } })).status).toBeLessThan(300)
  const measured: Record<string, Counts> = {}
  // The fewer of two warm calls: a switch kept for a second (shared/recent.ts, the terminated
  // check every request makes) is read again by whichever request comes after the second has
  // passed, which on a loaded machine is sometimes a measured one ("withdrawal list: 4 statements",
  // held 3). That read is no call's own; a statement a call adds is in both.
  const fewer = (a: Counts, b: Counts): Counts => (a[0] <= b[0] ? a : b)
  for (const [name, run] of Object.entries(CALLS)) {
    await run()
    measured[name] = fewer(await run(), await run())
  }
  const dialect = onPostgres() ? 'postgres' : 'sqlite'
  console.log(`[statements] ${dialect}: ${JSON.stringify(measured)}`)
  const off = Object.entries(measured).flatMap(([name, [statements, commits]]) => {
    const entry = HELD[name] as Held | undefined
    const held = entry !== undefined && 'sqlite' in entry ? entry[dialect] : entry
    return held && held[0] === statements && held[1] === commits ? [] : [`${name}: ${statements} statements, ${commits} commits (held: ${held ? `${held[0]}, ${held[1]}` : 'none'})`]
  })
  if (off.length > 0) console.log(`[statements] each call's, the last time: ${JSON.stringify(Object.fromEntries(texts), null, 1)}`)
  expect(off, `calls whose round trips changed on ${dialect}`).toEqual([])
})

if (onPostgres()) {
  it('on PostgreSQL sends the money path as prepared statements: each planned once per connection, then only run', async () => {
    const { db } = server.app.serverContext
    const transfer = { from: 'WALLET', to: 'PG', amount: 1 }
    expect((await call(server.app, 'GET', '/api/wallet/activate/PG', { token })).status).toBe(200)
    await db.connection().execute(async (connection) => {
      const prepared = async () => (await sql<{ name: string; calls: number }>`SELECT name, generic_plans + custom_plans AS calls FROM pg_prepared_statements`.execute(connection)).rows
      const before = await prepared()
      // A member's balances, read as the wallet reads them, twice on this one connection.
      await memberBalances(connection, 1)
      await memberBalances(connection, 1)
      const after = await prepared()
      // Planned once (or found planned, when this connection read them before), run twice.
      const ranTwice = after.filter((row) => row.calls - (before.find((seen) => seen.name === row.name)?.calls ?? 0) === 2)
      expect(ranTwice.map((row) => row.name), JSON.stringify(after)).toEqual([expect.stringMatching(/^wallet_\d+$/)])
    })
    // And the calls still answer as before, on every connection of the pool.
    for (let i = 0; i < 3; i += 1) expect((await call(server.app, 'POST', '/api/wallet/transfer', { token, body: transfer })).status).toBe(200)
  })

  it('keeps no account row read inside a transaction, which may yet be rolled back', async () => {
    const { db } = server.app.serverContext
    const house = { house: 'provider:NEWGAME', currency: 'THB' } as const
    // The house account opens in a transaction that is then rolled back: its row never was.
    await expect(db.transaction().execute(async (trx) => {
      await resolveAccounts(trx, [house], 0)
      throw new Error('rolled back')
    })).rejects.toThrow('rolled back')
    const [row] = await resolveAccounts(db, [house], 0)
    const stored = await db.selectFrom('ledger_accounts').select('id').where('key', '=', accountKey(house)).executeTakeFirstOrThrow()
    expect(row.id).toBe(Number(stored.id))
  })
}
