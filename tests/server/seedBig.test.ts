// @vitest-environment node
// The big database's generator (scripts/seed-big.ts, issue 49 §2), run small on each dialect: what
// it writes keeps the books (every movement balanced, every wallet's balance its postings' sum, none
// below 0), has the shape it promises, and its members sign in and read their statement.
import { afterEach, expect, it } from 'vitest'
import { BIG_PASSWORD, seedBig } from '../../scripts/seed-big'
import { slipsWithoutDigest } from '../../server/deposit/repo'
import { checkBooks } from '../../server/wallet/books'
import { call, type TestServer, startServer } from './helpers'

let server: TestServer
afterEach(async () => {
  await server.app.close()
})

it('fills a seeded database with a year of members, movements, slips, QR codes and chat that keeps the books', async () => {
  server = await startServer({ transferSweepMs: 0, retentionSweepMs: 0 })
  const { db } = server.app.serverContext
  const size = { members: 300, postings: 6_000, slips: 400, withdrawals: 60, chatMessages: 500 }
  const lines: string[] = []
  await seedBig(db, size, Date.now(), (line) => lines.push(line))
  expect(lines.join('\n')).toMatch(/ledger \(3,000 movements, 6,000 postings\)/)

  const books = await checkBooks(db)
  expect(books).toMatchObject({ unbalancedMovements: 0, loneMovements: 0, mixedCurrencyMovements: 0, negativeMemberAccounts: 0, cacheMismatches: 0, balanced: true })
  expect(Object.values(books.totals).every((total) => total === 0)).toBe(true)
  const count = async (table: 'members' | 'postings' | 'deposit_slips' | 'deposit_qrcodes' | 'chat_messages' | 'chat_rooms') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  expect(await count('members')).toBeGreaterThanOrEqual(size.members)
  expect(await count('postings')).toBeGreaterThanOrEqual(size.postings)
  expect(await count('deposit_slips')).toBeGreaterThanOrEqual(size.slips / 2)
  expect(await count('deposit_qrcodes')).toBeGreaterThanOrEqual(size.slips / 2)
  expect(await count('chat_messages')).toBeGreaterThanOrEqual(size.chatMessages)
  // Every slip has its image's digest, as slips sent today do: a server's start has none to read back.
  expect(await slipsWithoutDigest(db)).toEqual([])
  // Slips still waiting for staff: the operator's queue has some.
  expect(await db.selectFrom('deposit_slips').select('id').where('status', '=', 'processing').execute()).not.toHaveLength(0)
  // Withdrawals: as many as asked, paid, failed (the money back) and waiting for a cashier, each
  // with the movement that took its money (a statement's withdrawal row), settled ones with theirs.
  const withdrawals = await db.selectFrom('withdrawals').select(['status', 'requested_movement_id', 'settled_movement_id']).execute()
  expect(withdrawals).toHaveLength(size.withdrawals)
  expect(new Set(withdrawals.map((w) => w.status))).toEqual(new Set(['paid', 'failed', 'requested']))
  expect(withdrawals.every((w) => (w.status === 'requested') === (w.settled_movement_id === null))).toBe(true)
  // A year: the first movement a year before the last.
  const span = await db.selectFrom('movements').select((eb) => [eb.fn.min<number>('created_at').as('first'), eb.fn.max<number>('created_at').as('last')]).where('kind', '=', 'game_round').executeTakeFirstOrThrow()
  expect(Number(span.last) - Number(span.first)).toBeGreaterThan(300 * 24 * 60 * 60 * 1000)

  // The busiest member (the first made) signs in and pages through a statement of many pages.
  const login = await call(server.app, 'POST', '/api/login', { body: { username: '0700000001', password: BIG_PASSWORD } })
  expect(login.status, JSON.stringify(login.body)).toBe(200)
  const token = login.body.token as string
  const tenth = await call(server.app, 'POST', '/api/statement', { token, body: { page: 10, limit: 10 } })
  expect(tenth.status).toBe(200)
  expect(JSON.stringify(tenth.body)).toMatch(/deposit|game/i)
  const wallet = await call(server.app, 'GET', '/api/wallet', { token })
  expect(wallet.status).toBe(200)
})
