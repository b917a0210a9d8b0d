// `npm run load` (issues 7 and 32): load over loopback against the reference server (test mode,
// fresh data folder, in its own process) and, in the same run, against a bare Fastify server
// (loadBareServer.ts: the same two routes answering the real server's bodies, no database, no
// authentication, the same logging), the floor the wallet is measured against. 200 signed-in
// members, each on its own keep-alive connection, send a mix of wallet reads and transfers (GET
// /api/wallet, wallet -> PG 1 baht, GET, PG -> wallet) at a fixed overall rate: 1,000 requests per
// second, one every 200 ms per member, for 30 s; then the books are checked; then 10 s steps up
// the rate find, for each server, the highest at which p99 stays under 50 ms with no errors (at
// each step the wallet runs, then the bare server); last, autocannon with the same members and no
// pause gives each one's saturation throughput. Prints markdown tables: every run (with the
// server's CPU time per request, PostgreSQL's when it runs on this machine, and how busy this
// generator was), p99 side by side at each rate both ran, and the ratio of the highest passing
// rates, wallet / bare. Not part of `npm test`.
//
// `npm run load -- --postgres`: the same against PostgreSQL, with TWO wallet instances on one
// database (and two bare servers), each member's requests always to the same instance, half the
// members on each. Without DATABASE_URL it makes a throwaway cluster with pg_virtualenv (Debian's
// postgresql package), fsync on, as a production database runs.
//
// Why the fixed-rate runs pace requests here and not with autocannon's overallRate: autocannon
// sends each connection's quota for a second back to back when the second starts
// (lib/httpClient.js), so "1,000 per second" arrives as one burst of 1,000 every second, and its
// coordinated-omission correction assumes a 1 ms interval. Here each member's requests are
// scheduled evenly with a random phase, and a latency counts from the scheduled time (a request
// sent late because the previous one was slow counts its wait).
//
// The wallet servers run with the Node flags `npm start` uses (package.json's config.nodeFlags).
//
// On a database as big as a busy year leaves (issue 49 §2): build it with `npm run seed:big`, then
// LOAD_DATA_DIR=.data/big (SQLite) or DATABASE_URL (PostgreSQL): the 200 members are added to it.
//
// Env: LOAD_PORT, LOAD_RATE (req/s of the first run, default 1,000), LOAD_DURATION (s, default
// 30), LOAD_STEPS (the rates after it, e.g. `3000,3500`; empty for none), LOAD_NODE_ARGS (e.g.
// --cpu-prof for the wallet servers), LOAD_ELD=1 (the wallet servers' event loop every 5 s, on
// stderr).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'

const postgres = process.argv.includes('--postgres')
if (postgres && !process.env.DATABASE_URL) {
  if (process.env.LOAD_PG_INNER) {
    // Inside pg_virtualenv: PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE name the cluster.
    const { PGUSER = '', PGPASSWORD = '', PGHOST, PGPORT, PGDATABASE } = process.env
    process.env.DATABASE_URL = `postgresql://${encodeURIComponent(PGUSER)}:${encodeURIComponent(PGPASSWORD)}@${PGHOST}:${PGPORT}/${PGDATABASE}`
  } else {
    // Two instances keep up to 2 x 15 connections (README, "Several instances on one PostgreSQL").
    const inner = spawnSync('pg_virtualenv', ['-t', '-o', 'max_connections=100', process.execPath, '--import', 'tsx', ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, LOAD_PG_INNER: '1' },
    })
    if (inner.error) throw new Error(`pg_virtualenv (Debian's postgresql package) is needed without DATABASE_URL: ${inner.error.message}`)
    process.exit(inner.status ?? 1)
  }
}

const MEMBERS = 200
const INSTANCES = postgres ? 2 : 1
const BASE_RATE = Number(process.env.LOAD_RATE ?? 1_000)
const DURATION_S = Number(process.env.LOAD_DURATION ?? 30)
const STEP_S = 10
const STEPS = process.env.LOAD_STEPS !== undefined ? process.env.LOAD_STEPS.split(',').filter(Boolean).map(Number) : [1_500, 2_000, 2_500, 3_000, 3_500, 4_000, 5_000, 6_000]
const P99_GOAL_MS = 50
const firstPort = Number(process.env.LOAD_PORT ?? 4390)
/** LOAD_DATA_DIR: an existing SQLite database to load (e.g. seed:big's), kept after; else a new folder, removed after. */
const dataDir = process.env.LOAD_DATA_DIR ?? `.data/load-${Date.now()}`
const BASE_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'wallet-user' }

const children: ChildProcess[] = []
process.once('exit', () => {
  for (const child of children) child.kill('SIGTERM')
  if (!process.env.LOAD_DATA_DIR) rmSync(dataDir, { recursive: true, force: true })
})

/** Starts a server script on a port; the wallet's with LOAD_NODE_ARGS. */
function start(script: string, port: number, env: Record<string, string>, nodeArgs: string[] = []): { origin: string; pid: number } {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  children.push(child)
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid ?? 0 }
}

async function api<T>(origin: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { ...BASE_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

async function waitFor(origin: string, path: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (await fetch(`${origin}${path}`).then((r) => r.status < 500, () => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${origin} did not start`)
}

/** A member with 1,000 baht (a paid QR deposit) and an active PG account; their token. On a database loaded before, the member made then. */
async function member(origin: string, i: number): Promise<string> {
  const phone = `06${String(i).padStart(8, '0')}`
  const registered = await fetch(`${origin}/api/account`, {
    method: 'POST',
    headers: BASE_HEADERS,
    body: JSON.stringify({
      name: `Load ${i}`, username: phone, password: 'secret99', sourceCode: '', inviteCode: '',
      bankCode: 'KBANK', bankAccountName: 'LOAD TESTER', bankAccountNo: `77${phone.slice(2)}`, currency: 'THB',
    }),
  })
  const before = registered.status === 409
  if (!registered.ok && !before) throw new Error(`POST /api/account answered ${registered.status} ${await registered.text()}`)
  const { token } = await api<{ token: string }>(origin, 'POST', '/api/login', { username: phone, password: 'secret99' })
  if (before) return token
  const qr = await api<{ qrcodeId: string }>(origin, 'POST', '/api/qrcode/KBANK', { amount: 1000 }, token)
  await api(origin, 'POST', `/dev/qrcode/${qr.qrcodeId}/pay`, {})
  await api(origin, 'GET', '/api/wallet/activate/PG', undefined, token)
  return token
}

interface Call { method: 'GET' | 'POST'; path: string; body?: string }
const transferBody = (from: string, to: string) => JSON.stringify({ from, to, amount: 1 })
/** One member's cycle: each connection is one member, so their transfers never race each other. */
const CYCLE: readonly Call[] = [
  { method: 'GET', path: '/api/wallet' },
  { method: 'POST', path: '/api/wallet/transfer', body: transferBody('WALLET', 'PG') },
  { method: 'GET', path: '/api/wallet' },
  { method: 'POST', path: '/api/wallet/transfer', body: transferBody('PG', 'WALLET') },
]

/** Who sends: a member's token and the instance their requests go to. */
interface Sender { origin: string; token: string }

function send(agent: Agent, { origin, token }: Sender, call: Call): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(`${origin}${call.path}`, {
      method: call.method,
      agent,
      headers: { ...BASE_HEADERS, authorization: `Bearer ${token}`, ...(call.body ? { 'content-length': Buffer.byteLength(call.body) } : {}) },
      timeout: 10_000,
    }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    req.on('error', () => resolve(0))
    req.on('timeout', () => req.destroy())
    req.end(call.body)
  })
}

/** The fields of /proc/<pid>/stat after the process's name: [11] and [12] its user and system ticks, [13] and [14] its waited-for children's. */
const statFields = (stat: string): string[] => stat.slice(stat.lastIndexOf(') ') + 2).split(' ')

/** CPU time (user + system, every thread) a process has used, in ms, from /proc (Linux). */
function cpuMs(pids: readonly number[]): number {
  let ticks = 0
  for (const pid of pids) {
    try {
      const fields = statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'))
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      return NaN
    }
  }
  return ticks * 10 // USER_HZ is 100 on Linux
}

/**
 * CPU time (ms) of this machine's PostgreSQL: every process named `postgres` (the postmaster and
 * its backends, whatever cluster), with what their finished children used (a backend that exits is
 * counted in the postmaster's). NaN when none runs here (DATABASE_URL on another machine).
 */
function databaseCpuMs(): number {
  let ticks = 0
  let found = false
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (!stat.includes(' (postgres) ')) continue
      const fields = statFields(stat)
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
      found = true
    } catch {
      // Gone meanwhile: its time is in its parent's.
    }
  }
  return found ? ticks * 10 : NaN
}

interface RunResult {
  sent: number; perSecond: number; p50: number; p99: number; max: number; errors: number
  /** The servers' CPU time per request, µs. */
  cpuPerRequest: number
  /** PostgreSQL's CPU time per request, µs (NaN without PostgreSQL on this machine). */
  databaseCpuPerRequest: number
  /** How busy this generator's thread was, 0 to 1. */
  generatorBusy: number
}

/** Every member sends one request every MEMBERS / rate seconds, evenly, for `seconds`. */
async function paced(senders: Sender[], pids: readonly number[], rate: number, seconds: number): Promise<RunResult> {
  const interval = (senders.length / rate) * 1000
  const latencies: number[] = []
  let errors = 0
  const cpuBefore = cpuMs(pids)
  const databaseBefore = postgres ? databaseCpuMs() : NaN
  const busyBefore = performance.eventLoopUtilization()
  const start = performance.now() + 50
  const end = start + seconds * 1000
  await Promise.all(senders.map(async (sender) => {
    // One agent per member: one keep-alive connection each, like one phone.
    const own = new Agent({ keepAlive: true, maxSockets: 1 })
    let scheduled = start + Math.random() * interval
    for (let k = 0; scheduled < end; k += 1, scheduled += interval) {
      const wait = scheduled - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      // A timer may fire a little early: such a request counts from when it was sent.
      const sent = Math.min(scheduled, performance.now())
      const status = await send(own, sender, CYCLE[k % CYCLE.length])
      latencies.push(performance.now() - sent)
      if (status < 200 || status >= 300) errors += 1
    }
    own.destroy()
  }))
  const elapsed = (performance.now() - start) / 1000
  const cpu = cpuMs(pids) - cpuBefore
  const databaseCpu = databaseCpuMs() - databaseBefore
  const generatorBusy = performance.eventLoopUtilization(busyBefore).utilization
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  return {
    sent: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1], errors,
    cpuPerRequest: (cpu * 1000) / latencies.length, databaseCpuPerRequest: (databaseCpu * 1000) / latencies.length, generatorBusy,
  }
}

/** autocannon, no pause, the members spread over the instances: the most they answer with this mix. */
async function saturation(senders: Sender[], seconds: number): Promise<{ perSecond: number; p50: number; p99: number; max: number; errors: number }> {
  const origins = [...new Set(senders.map((sender) => sender.origin))]
  const results = await Promise.all(origins.map((origin) => {
    const mine = senders.filter((sender) => sender.origin === origin)
    let next = 0
    return autocannon({
      url: origin,
      connections: mine.length,
      duration: seconds,
      setupClient: (client) => {
        const headers = { ...BASE_HEADERS, authorization: `Bearer ${mine[next++ % mine.length].token}` }
        client.setRequests(CYCLE.map((call) => ({ ...call, headers })))
      },
    })
  }))
  return {
    perSecond: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    max: Math.max(...results.map((r) => r.latency.max)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  }
}

// The wallet instances, each on its own port; with PostgreSQL they share the database.
const walletEnv = { DATA_DIR: dataDir, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) }
// Node's flags as `npm start` runs the server (package.json's config.nodeFlags), then LOAD_NODE_ARGS.
const startFlags = (JSON.parse(readFileSync('package.json', 'utf8')) as { config: { nodeFlags: string } }).config.nodeFlags
const nodeArgs = [startFlags, process.env.LOAD_NODE_ARGS ?? ''].join(' ').split(' ').filter(Boolean)
const wallets = Array.from({ length: INSTANCES }, (_, i) => start('scripts/loadServer.ts', firstPort + i, walletEnv, nodeArgs))
for (const { origin } of wallets) await waitFor(origin, '/config.json')
const main = wallets[0].origin
await api(main, 'POST', '/dev/settings', { registerOTP: false })

// Member i always goes to instance i mod INSTANCES: half the members on each of two.
const senders: Sender[] = []
for (let i = 0; i < MEMBERS; i += 8) {
  senders.push(...(await Promise.all(Array.from({ length: Math.min(8, MEMBERS - i) }, async (_, j) => {
    const { origin } = wallets[(i + j) % INSTANCES]
    return { origin, token: await member(origin, i + j) }
  }))))
}

// The bare servers answer what the wallet answers: a wallet read and a transfer's reply, as sent.
const first = senders[0]
const walletBody = await api<unknown>(first.origin, 'GET', '/api/wallet', undefined, first.token)
await api(first.origin, 'POST', '/api/wallet/transfer', JSON.parse(transferBody('WALLET', 'PG')), first.token)
const transferReply = await api<unknown>(first.origin, 'POST', '/api/wallet/transfer', JSON.parse(transferBody('PG', 'WALLET')), first.token)
const bareEnv = { LOAD_BODIES: JSON.stringify({ wallet: walletBody, transfer: transferReply }) }
const bares = Array.from({ length: INSTANCES }, (_, i) => start('scripts/loadBareServer.ts', firstPort + 10 + i, bareEnv))
for (const { origin } of bares) await waitFor(origin, '/api/wallet')
const bareSenders = senders.map((sender, i) => ({ ...sender, origin: bares[i % INSTANCES].origin }))

interface Target { name: string; senders: Sender[]; pids: number[]; results: Map<number, RunResult>; best: number; failed: boolean }
const targets: Target[] = [
  { name: INSTANCES > 1 ? `wallet x${INSTANCES}` : 'wallet', senders, pids: wallets.map((w) => w.pid), results: new Map(), best: 0, failed: false },
  { name: INSTANCES > 1 ? `bare x${INSTANCES}` : 'bare', senders: bareSenders, pids: bares.map((b) => b.pid), results: new Map(), best: 0, failed: false },
]
const [walletTarget, bareTarget] = targets
for (const target of targets) await paced(target.senders, target.pids, BASE_RATE, 3) // warm-up

const ms = (value: number) => value.toFixed(1)
const rows = [
  '| run | server | target req/s | req/s | p50 ms | p99 ms | max ms | errors | server CPU µs/req | PostgreSQL CPU µs/req | generator busy |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
]
const row = (label: string, target: Target, rate: number, r: RunResult) =>
  `| ${label} | ${target.name} | ${rate} | ${r.perSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} | ${r.cpuPerRequest.toFixed(0)} | ${target === walletTarget && postgres ? r.databaseCpuPerRequest.toFixed(0) : '—'} | ${(r.generatorBusy * 100).toFixed(0)}% |`
const passes = (r: RunResult) => r.p99 < P99_GOAL_MS && r.errors === 0

type Books = { balanced: boolean; movements: number; postings: number }
let books: Books | undefined
for (const [index, rate] of [BASE_RATE, ...STEPS].entries()) {
  const seconds = index === 0 ? DURATION_S : STEP_S
  for (const target of targets) {
    if (target.failed) continue
    const result = await paced(target.senders, target.pids, rate, seconds)
    target.results.set(rate, result)
    rows.push(row(index === 0 ? `fixed rate, ${seconds} s` : `step, ${seconds} s`, target, rate, result))
    if (passes(result)) target.best = rate
    else target.failed = true
    if (index === 0 && target === walletTarget) books = await api<Books>(main, 'GET', '/dev/books')
  }
  if (targets.every((target) => target.failed)) break
}
for (const target of targets) {
  const cannon = await saturation(target.senders, STEP_S)
  rows.push(`| autocannon, no pause, ${STEP_S} s | ${target.name} | — | ${cannon.perSecond.toFixed(0)} | ${cannon.p50} | ${cannon.p99} | ${cannon.max} | ${cannon.errors} | | | |`)
}
const finalBooks = await api<Books>(main, 'GET', '/dev/books')

const side = ['| target req/s | wallet p99 ms | bare p99 ms | wallet / bare |', '|---|---|---|---|']
for (const [rate, result] of walletTarget.results) {
  const bare = bareTarget.results.get(rate)
  if (bare) side.push(`| ${rate} | ${ms(result.p99)} | ${ms(bare.p99)} | ${(result.p99 / bare.p99).toFixed(1)}x |`)
}

const where = postgres ? `PostgreSQL, ${INSTANCES} wallet instances (members split between them)` : 'SQLite'
console.log(`\n${where}; ${MEMBERS} members; mix: 50% GET /api/wallet, 50% POST /api/wallet/transfer (1 baht, wallet <-> PG)\n`)
console.log(rows.join('\n'))
console.log(`\np99 at the same rate:\n\n${side.join('\n')}`)
const said = (b: Books) => `${b.balanced ? 'balanced' : 'NOT BALANCED'} (${b.movements} movements, ${b.postings} postings)`
if (books) console.log(`\nBooks after the ${DURATION_S} s run: ${said(books)}; at the end: ${said(finalBooks)}.`)
const shown = (best: number) => (best ? `${best} req/s` : 'none')
console.log(`Highest fixed rate with p99 < ${P99_GOAL_MS} ms and no errors: wallet ${shown(walletTarget.best)}, bare ${shown(bareTarget.best)}` +
  (walletTarget.best && bareTarget.best ? `; wallet / bare ${(walletTarget.best / bareTarget.best).toFixed(2)}.` : '.'))
const base = walletTarget.results.get(BASE_RATE)
process.exit(base && passes(base) && books?.balanced && finalBooks.balanced ? 0 : 1)
