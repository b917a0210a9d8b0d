// `npm run load:calls` (issue 49 §2): what each call the issue names costs on a database as it is,
// measured in the server's own process (Fastify's inject: the route, the database and the answer,
// no network), so that the same calls on a fresh database and on `npm run seed:big`'s can be put
// side by side. The database is SQLite in DATA_DIR (default .data/big) or PostgreSQL at
// DATABASE_URL, made by `npm run seed:big` (its members sign in with its password). For each call,
// CALLS_ROUNDS requests (default 400), CALLS_CONCURRENCY at a time (default 8), spread over the
// members chosen for it, after a warm-up round; prints p50, p99 and max per call as a markdown
// table, and `--json` the same as one line of JSON after it. `--plans` then plans every statement the
// calls sent on this database and fails when one reads a growing table whole: on SQLite with
// EXPLAIN QUERY PLAN; on PostgreSQL each is prepared and explained with the values a call sent,
// both as the planner plans it for those values and as the generic plan a prepared statement keeps
// after its fifth run (plan_cache_mode), and a sequential scan counts on a table of 10,000 rows or
// more (on fewer pages it is what the planner rightly prefers). It writes: the transfers move 1
// baht to PG and back, and it adds a staff member (to read the queues). Not part of `npm test`.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { performance } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'
import { generate } from 'otplib'
import { buildServer } from '../server/app'
import { addStaff } from '../server/ops/staff'
import { runSql } from '../server/shared/sql'
import { BIG_PASSWORD } from './seed-big'

const ROUNDS = Number(process.env.CALLS_ROUNDS ?? 400)
const CONCURRENCY = Number(process.env.CALLS_CONCURRENCY ?? 8)
const HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'wallet-user' }

interface Answer { status: number; body: Record<string, unknown> }

async function send(app: FastifyInstance, method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<Answer> {
  const response = await app.inject({ method, url, headers: { ...HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: body === undefined ? undefined : JSON.stringify(body) })
  return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {} }
}

async function signIn(app: FastifyInstance, username: string): Promise<string> {
  const answer = await send(app, 'POST', '/api/login', undefined, { username, password: BIG_PASSWORD })
  if (answer.status !== 200) throw new Error(`${username} could not sign in: ${JSON.stringify(answer.body)}`)
  return answer.body.token as string
}

/** A staff member who reads the queues, signed in with their authenticator code set up. */
async function cashier(app: FastifyInstance): Promise<string> {
  const username = `loadcalls${randomBytes(3).toString('hex')}`
  const password = `load-calls-${randomBytes(8).toString('hex')}`
  await addStaff(app.serverContext, { username, name: 'load calls', role: 'cashier', password }, { staffId: null, address: 'load:calls' })
  const signedIn = await send(app, 'POST', '/ops/api/login', undefined, { username, password })
  if (signedIn.status !== 200) throw new Error(`staff sign-in failed: ${JSON.stringify(signedIn.body)}`)
  const token = signedIn.body.token as string
  if ((signedIn.body.staff as { setup: string | null }).setup === 'totp') {
    const secret = (await send(app, 'POST', '/ops/api/me/totp', token)).body.secret as string
    const code = await generate({ secret, epoch: Math.floor(app.serverContext.now() / 1000) })
    const confirmed = await send(app, 'POST', '/ops/api/me/totp/confirm', token, { code })
    if (confirmed.status !== 200) throw new Error(`TOTP confirm failed: ${JSON.stringify(confirmed.body)}`)
  }
  return token
}

/** Tables of a few rows the operator configures: reading them whole is what an index would do (tests/server/queryPlans.test.ts). */
const CONFIGURATION = new Set(['deposit_accounts', 'deposit_wallets', 'games', 'settings', 'lookups', 'banners', 'promotions', 'bonus_offers', 'content', 'spin_prizes', 'banks', 'sources', 'staff'])

/** Reads and changes: what a plan can read whole. */
const planned = (text: string) => /^\s*(select|update|delete|with)\b/i.test(text)

/** The statements (reads and changes) whose SQLite plan reads a growing table whole, with that plan. */
function planScans(dir: string, statements: readonly string[]): string[] {
  const database = new Database(join(dir, 'wallet.db'), { readonly: true })
  try {
    return statements.filter(planned).flatMap((text) => {
      const values = Array<null>(text.replace(/'(?:[^']|'')*'/g, '').split('?').length - 1).fill(null)
      const details = (database.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...values) as { detail: string }[]).map((row) => row.detail)
      const scanned = details.filter((detail) => detail !== 'SCAN CONSTANT ROW').map((detail) => /^SCAN (\w+)/.exec(detail)?.[1]).filter((table) => table !== undefined && !CONFIGURATION.has(table) && !/^\d/.test(table))
      return scanned.length > 0 ? [`${text.replace(/\s+/g, ' ').slice(0, 160)}: ${details.join(' | ')}`] : []
    })
  } finally {
    database.close()
  }
}

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] }

/** The tables a PostgreSQL plan reads whole (Seq Scan), leaving out the configuration's. */
function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] && !CONFIGURATION.has(node['Relation Name']) ? [node['Relation Name']] : []
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)]
}

/** A table this big read whole is a finding; below it a sequential scan is the planner's right choice (a few pages). */
const GROWN_ROWS = 10_000

/**
 * The statements whose PostgreSQL plan reads a grown table (GROWN_ROWS, by the planner's
 * statistics) whole, with the tables: each prepared and explained with the values a call sent, as
 * planned for them and as the generic plan.
 */
async function planScansPostgres(url: string, statements: ReadonlyMap<string, readonly unknown[]>): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows: grown } = await client.query<{ relname: string }>(
      "SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND reltuples >= $1", [GROWN_ROWS])
    const isGrown = new Set(grown.map((row) => row.relname))
    const found: string[] = []
    let k = 0
    for (const [text, values] of statements) {
      if (!planned(text)) continue
      const name = `plan_check_${(k += 1)}`
      await client.query(`PREPARE ${name} AS ${text}`)
      const literals = values.map((value) => (value === null || value === undefined ? 'NULL' : client.escapeLiteral(String(value))))
      const execute = `EXECUTE ${name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        await client.query(`SET plan_cache_mode = ${mode}`)
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${execute}`)
        const scanned = seqScans(rows[0]['QUERY PLAN'][0].Plan).filter((table) => isGrown.has(table))
        if (scanned.length > 0) found.push(`${text.replace(/\s+/g, ' ').slice(0, 160)} (${mode}): reads ${[...new Set(scanned)].join(', ')} whole`)
      }
      await client.query(`DEALLOCATE ${name}`)
    }
    return found
  } finally {
    await client.end()
  }
}

interface Timing { call: string; p50: number; p99: number; max: number; errors: number }

/** `ROUNDS` requests of `one` (given the round's number), `CONCURRENCY` at a time, after a warm-up of one each. */
async function measure(call: string, one: (i: number) => Promise<Answer>): Promise<Timing> {
  for (let i = 0; i < CONCURRENCY; i += 1) await one(i)
  const latencies: number[] = []
  let errors = 0
  let next = 0
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < ROUNDS) {
      const i = next++
      const started = performance.now()
      const answer = await one(i)
      latencies.push(performance.now() - started)
      if (answer.status >= 300) errors += 1
    }
  }))
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  return { call, p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1], errors }
}

/** Every statement the calls sent, with the values of its last sending on PostgreSQL (`--plans`: each read or change is planned on this database after). */
const sent = new Map<string, readonly unknown[]>()
/** Only the measured calls' statements are kept (not the start's migrations and seeds, nor the sign-ins). */
let recording = false
const dataDir = process.env.DATA_DIR ?? '.data/big'
const app = await buildServer({
  dataDir,
  databaseUrl: process.env.DATABASE_URL,
  observeStatement: (text, values) => {
    if (recording) sent.set(text, values ?? [])
  },
  mode: 'test',
  staticDir: '/nonexistent-static-dir',
  transferSweepMs: 0,
  retentionSweepMs: 0,
  logger: false,
})
try {
  const db = app.serverContext.db
  const [{ n: memberCount }] = await runSql<{ n: number | string }>(db, "SELECT COUNT(*) AS n FROM members WHERE username LIKE '07%'", [])
  const N = Number(memberCount)
  if (N === 0) throw new Error('no members of npm run seed:big here: build the database with it first')
  const phone = (n: number) => `07${String(n).padStart(8, '0')}`
  // The busiest (the first 1 %: pages and pages of statement), members across the whole range, and
  // inviters (every third member past 30 was invited by the member a tenth of its number).
  const busy = Math.max(1, Math.floor(N / 100))
  const PEOPLE = 16
  const spread = (count: number, pick: (i: number) => number) => Array.from({ length: count }, (_, i) => phone(pick(i)))
  const anyone = spread(PEOPLE, (i) => 2 * Math.max(1, Math.floor((i * N) / (2 * PEOPLE))))
  const players = {
    busy: await Promise.all(spread(Math.min(PEOPLE, busy), (i) => 1 + i * Math.max(1, Math.floor(busy / PEOPLE)))
      .map((username) => signIn(app, username))),
    // Even members hold a PG account (seed-big.ts).
    anyone: await Promise.all(anyone.map((username) => signIn(app, username))),
    inviters: await Promise.all(spread(PEOPLE, (i) => Math.max(4, Math.floor(((i + 1) * N) / (10 * PEOPLE))))
      .map((username) => signIn(app, username))),
  }
  const pick = (tokens: string[], i: number) => tokens[i % tokens.length]
  // A slip's status: the reference of the latest slip of one of the members asking.
  const slipOwners = await Promise.all(anyone.map(async (username, i) => {
    const [slip] = await runSql<{ reference: string }>(db,
      'SELECT s.reference FROM deposit_slips s JOIN members m ON m.id = s.member_id WHERE m.username = ? ORDER BY s.id DESC LIMIT 1', [username])
    return slip ? { token: players.anyone[i], reference: slip.reference } : undefined
  }))
  const slips = slipOwners.filter((owner): owner is { token: string; reference: string } => owner !== undefined)
  if (slips.length === 0) throw new Error('none of the members asking has a slip')
  const staff = await cashier(app)

  const timings: Timing[] = []
  recording = true
  const run = async (call: string, one: (i: number) => Promise<Answer>) => {
    timings.push(await measure(call, one))
  }
  await run('wallet read', (i) => send(app, 'GET', '/api/wallet', pick(players.anyone, i)))
  await run('transfer (1 baht to PG and back)', (i) => send(app, 'POST', '/api/wallet/transfer', pick(players.anyone, i),
    Math.floor(i / players.anyone.length) % 2 === 0 ? { from: 'WALLET', to: 'PG', amount: 1 } : { from: 'PG', to: 'WALLET', amount: 1 }))
  await run('statement, first page', (i) => send(app, 'POST', '/api/statement', pick(players.busy, i), { page: 1, limit: 20 }))
  await run('statement, tenth page', (i) => send(app, 'POST', '/api/statement', pick(players.busy, i), { page: 10, limit: 20 }))
  await run('slip status', (i) => {
    const { token, reference } = slips[i % slips.length]
    return send(app, 'GET', `/api/statement/slip/reference/${reference}`, token)
  })
  await run('invite list', (i) => send(app, 'POST', '/api/invite', pick(players.inviters, i), { page: 1, limit: 10 }))
  await run("staff's slip queue", () => send(app, 'GET', '/ops/api/slips', staff))
  await run("staff's withdrawal queue", () => send(app, 'GET', '/ops/api/withdrawals', staff))

  const ms = (value: number) => value.toFixed(1)
  console.log(`\n${N.toLocaleString('en')} members of seed:big; ${ROUNDS} requests a call, ${CONCURRENCY} at a time, in the server's process\n`)
  console.log('| call | p50 ms | p99 ms | max ms | errors |')
  console.log('|---|---|---|---|---|')
  for (const t of timings) console.log(`| ${t.call} | ${ms(t.p50)} | ${ms(t.p99)} | ${ms(t.max)} | ${t.errors} |`)
  if (process.argv.includes('--json')) console.log(JSON.stringify(timings))
  if (timings.some((t) => t.errors > 0)) process.exitCode = 1
  if (process.argv.includes('--plans')) {
    const url = process.env.DATABASE_URL
    const whole = url ? await planScansPostgres(url, sent) : planScans(dataDir, [...sent.keys()])
    const how = url ? "PostgreSQL's EXPLAIN EXECUTE, custom and generic plans" : "SQLite's EXPLAIN QUERY PLAN"
    console.log(`\n${[...sent.keys()].filter(planned).length} statements planned on this database (${how}): ${whole.length === 0 ? 'every one finds its rows through an index' : `${whole.length} read a growing table whole:`}`)
    for (const line of whole) console.log(`  ${line}`)
    if (whole.length > 0) process.exitCode = 1
  }
} finally {
  await app.close()
}
