// @vitest-environment node
// The player's everyday calls read no growing table whole (issue 32 §3). A table of members,
// movements or QR codes grows with every player; a query that scans it costs a little more each
// day, and under load each scan holds the one SQLite connection everybody waits on. Every statement
// these calls prepare is planned again here with EXPLAIN QUERY PLAN, and a plan that SCANs a table
// (reads it row by row, no index to find the rows) fails the test, naming the statement.
//
// SQLite only, in both runs of the server suite: its plan is fixed by the schema and the statement
// (PostgreSQL would plan tiny test tables as sequential scans whatever their indexes).
import Database from 'better-sqlite3'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import webPush from 'web-push'
import { outboxPass } from '../../server/notify/outbox'
import { remindExpiringPrizes } from '../../server/spin/reminders'
import { sweepRetention } from '../../server/retention'
import { browserKeys } from '../pushCrypto'
import { staffSession, uploadSlip } from './opsHelpers'
import { call, login, registerMember, registration, type TestServer, startServer } from './helpers'

let server: TestServer
let token: string
/** Each statement the server prepared, with the connection it was prepared on. */
let prepared: Map<string, Database.Database>

beforeEach(async () => {
  prepared = new Map()
  const prepare = Database.prototype.prepare
  vi.spyOn(Database.prototype, 'prepare').mockImplementation(function (this: Database.Database, source: string) {
    prepared.set(source, this)
    return prepare.call(this, source)
  })
  server = await startServer({ databaseUrl: undefined, dataDir: ':memory:', transferSweepMs: 0, retentionSweepMs: 0 })
  token = await login(server.app)
})

afterEach(async () => {
  vi.restoreAllMocks()
  await server.app.close()
})

/** Tables with a handful of rows the operator configures: reading them whole is what an index would do. */
const CONFIGURATION = new Set(['deposit_accounts', 'deposit_wallets', 'games', 'settings', 'lookups', 'banners', 'promotions', 'bonus_offers', 'content', 'spin_prizes'])

/** A statement's plan, its values left NULL (the plan does not depend on them). */
function plan(database: Database.Database, source: string): string[] {
  const values = Array<null>(countParameters(source)).fill(null)
  return (database.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...values) as { detail: string }[]).map((row) => row.detail)
}

/** The `?` parameters of a statement outside its quoted strings. */
const countParameters = (source: string): number => source.replace(/'(?:[^']|'')*'/g, '').split('?').length - 1

/** Partial indexes that hold only what is still to do (the outbox's events not yet sent): reading one whole reads the backlog, not the table. */
const BACKLOG_INDEXES = new Set(['member_events_outbox'])

/** The tables a plan reads whole, leaving out a few rows of configuration, a VALUES list, the one row of a SELECT without FROM and a backlog's partial index. */
const scans = (details: string[]): string[] =>
  details.filter((detail) => detail !== 'SCAN CONSTANT ROW' && !BACKLOG_INDEXES.has(/^SCAN \w+ USING (?:COVERING )?INDEX (\w+)/.exec(detail)?.[1] ?? '')).map((detail) => /^SCAN (\w+)/.exec(detail)?.[1]).filter((table): table is string => Boolean(table) && !CONFIGURATION.has(table!) && !/^\d/.test(table!))

/** Statements that only read or change rows (an INSERT's plan lists foreign-key checks SQLite skips at run time). */
const readsOrChanges = (source: string): boolean => /^\s*(select|update|delete|with)\b/i.test(source)

it("home, the wallet, a transfer, a QR deposit, the statement, rewards, the messages' outbox, the retention sweep and the staff's queues read no growing table whole", async () => {
  // An inviter with a friend: the wallet reads the member's invitees.
  await registerMember(server.app, registration({ username: '0890000001', bankAccountNo: '5570000001', inviteCode: 'PR123' }))
  prepared.clear()
  const player = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const result = await call(server.app, method, path, { token, body })
    expect(result.status, `${method} ${path}: ${JSON.stringify(result.body)}`).toBeLessThan(300)
  }
  await player('GET', '/api/wallet')
  await player('GET', '/api/wallet/activate/PG')
  await player('POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 1 })
  await player('POST', '/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 1 })
  await player('POST', '/api/qrcode/KBANK', { amount: 100 })
  await player('GET', '/api/qrcode/KBANK')
  await player('POST', '/api/statement', { page: 1, limit: 20 })
  await player('GET', '/api/wallet/withdrawals')
  await player('POST', '/api/invite', { page: 1, limit: 10 })
  await player('GET', '/api/refund/check')
  await player('GET', '/api/bonus/check/active')
  await player('GET', '/api/chat/unread')
  // The bell (issue 50): its list and unread count, and the list marked read.
  await player('GET', '/api/notifications')
  await player('POST', '/api/notifications/read', { upTo: '1' })
  await player('GET', '/api/account/profile')
  // The messages' outbox and channels (issue 50): a browser subscribed, an event sent, the channels read.
  server.app.serverContext.notify = {
    ...server.app.serverContext.notify, appUrl: 'https://wallet.example/',
    webPush: { ...webPush.generateVAPIDKeys(), subject: 'mailto:ops@wallet.example', extraOrigins: ['http://127.0.0.1:9'] },
  }
  const keys = browserKeys()
  const put = await call(server.app, 'PUT', '/api/notifications/push', { token, body: { endpoint: 'http://127.0.0.1:9/push', keys: { p256dh: keys.p256dh, auth: keys.auth } } })
  expect(put.status).toBe(200)
  await player('GET', '/api/notifications/channels')
  await outboxPass(server.app.serverContext, server.app.serverContext.notify)
  await remindExpiringPrizes(server.app.serverContext, 24 * 60 * 60 * 1000)
  await call(server.app, 'DELETE', '/api/notifications/push', { token })
  await login(server.app)
  // The retention sweep's deletions by age (issue 49 §2), on tables that grow with every attempt.
  await sweepRetention(server.app.serverContext)
  // A slip's status, as the player's sheet asks it until staff decide.
  const reference = await uploadSlip(server.app, token)
  await player('GET', `/api/statement/slip/reference/${reference}`)
  // The staff's queues: what waits, among every withdrawal and slip ever made.
  const cashier = await staffSession(server.app, 'cashier')
  for (const queue of ['/ops/api/withdrawals', '/ops/api/slips']) {
    const result = await call(server.app, 'GET', queue, { token: cashier.token })
    expect(result.status, `${queue}: ${JSON.stringify(result.body)}`).toBe(200)
  }
  const support = await staffSession(server.app, 'support')
  expect((await call(server.app, 'GET', '/ops/api/chat', { token: support.token })).status).toBe(200)

  const statements = [...prepared].filter(([source]) => readsOrChanges(source) && !source.startsWith('EXPLAIN'))
  expect(statements.length).toBeGreaterThan(20)
  const whole = statements.flatMap(([source, database]) => {
    const details = plan(database, source)
    return scans(details).length ? [`${source.replace(/\s+/g, ' ').slice(0, 200)}\n  plan: ${details.join(' | ')}`] : []
  })
  expect(whole).toEqual([])
})
