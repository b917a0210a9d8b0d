// `npm run load` (issue 7): load over loopback against the reference server (test mode, fresh data
// folder, in its own process). 200 signed-in members, each on its own keep-alive connection, send
// a mix of wallet reads and transfers (GET /api/wallet, wallet -> PG 1 baht, GET, PG -> wallet) at
// a fixed overall rate: 1,000 requests per second, one every 200 ms per member, for 30 s; then the
// books are checked; then 10 s steps up the rate find the highest at which p99 stays under 50 ms
// with no errors; last, autocannon with the same members and no pause gives the saturation
// throughput. Prints a markdown table. Not part of `npm test`.
//
// Why the fixed-rate runs pace requests here and not with autocannon's overallRate: autocannon
// sends each connection's quota for a second back to back when the second starts
// (lib/httpClient.js), so "1,000 per second" arrives as one burst of 1,000 every second, and its
// coordinated-omission correction assumes a 1 ms interval. Here each member's requests are
// scheduled evenly with a random phase, and a latency counts from the scheduled time (a request
// sent late because the previous one was slow counts its wait).
//
// Env: LOAD_PORT, LOAD_DURATION (s, default 30), LOAD_NODE_ARGS (e.g. --cpu-prof for the server).
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import autocannon from 'autocannon'

const MEMBERS = 200
const BASE_RATE = 1_000
const DURATION_S = Number(process.env.LOAD_DURATION ?? 30)
const STEP_S = 10
const STEPS = [1_500, 2_000, 2_500, 3_000, 4_000, 5_000]
const P99_GOAL_MS = 50
const port = Number(process.env.LOAD_PORT ?? 4390)
const origin = `http://127.0.0.1:${port}`
const dataDir = `.data/load-${Date.now()}`
const BASE_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'wallet-user' }

const server = spawn(process.execPath, [...(process.env.LOAD_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'scripts/loadServer.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
  stdio: ['ignore', 'ignore', 'inherit'],
})
process.once('exit', () => {
  server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
})

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { ...BASE_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (await fetch(`${origin}/config.json`).then((r) => r.ok, () => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the server did not start')
}

/** A member with 1,000 baht (a paid QR deposit) and an active PG account; their token. */
async function member(i: number): Promise<string> {
  const phone = `06${String(i).padStart(8, '0')}`
  await api('POST', '/api/account', {
    name: `Load ${i}`, username: phone, password: 'secret99', sourceCode: '', inviteCode: '',
    bankCode: 'KBANK', bankAccountName: 'LOAD TESTER', bankAccountNo: `77${phone.slice(2)}`, currency: 'THB',
  })
  const { token } = await api<{ token: string }>('POST', '/api/login', { username: phone, password: 'secret99' })
  const qr = await api<{ qrcodeId: string }>('POST', '/api/qrcode/KBANK', { amount: 1000 }, token)
  await api('POST', `/dev/qrcode/${qr.qrcodeId}/pay`, {})
  await api('GET', '/api/wallet/activate/PG', undefined, token)
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

function send(agent: Agent, token: string, call: Call): Promise<number> {
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

interface RunResult { sent: number; perSecond: number; p50: number; p99: number; max: number; errors: number }

/** Every member sends one request every MEMBERS / rate seconds, evenly, for `seconds`. */
async function paced(tokens: string[], rate: number, seconds: number): Promise<RunResult> {
  const interval = (tokens.length / rate) * 1000
  const latencies: number[] = []
  let errors = 0
  const start = performance.now() + 50
  const end = start + seconds * 1000
  await Promise.all(tokens.map(async (token) => {
    // One agent per member: one keep-alive connection each, like one phone.
    const own = new Agent({ keepAlive: true, maxSockets: 1 })
    let scheduled = start + Math.random() * interval
    for (let k = 0; scheduled < end; k += 1, scheduled += interval) {
      const wait = scheduled - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      const status = await send(own, token, CYCLE[k % CYCLE.length])
      latencies.push(performance.now() - scheduled)
      if (status < 200 || status >= 300) errors += 1
    }
    own.destroy()
  }))
  const elapsed = (performance.now() - start) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  return { sent: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1], errors }
}

/** autocannon, no pause: the most the server answers with these members and this mix. */
function saturation(tokens: string[], seconds: number): Promise<autocannon.Result> {
  let next = 0
  return autocannon({
    url: origin,
    connections: MEMBERS,
    duration: seconds,
    setupClient: (client) => {
      const headers = { ...BASE_HEADERS, authorization: `Bearer ${tokens[next++ % tokens.length]}` }
      client.setRequests(CYCLE.map((call) => ({ ...call, headers })))
    },
  })
}

const ms = (value: number) => value.toFixed(1)
const row = (label: string, rate: string, r: RunResult) =>
  `| ${label} | ${rate} | ${r.perSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} |`

await waitForServer()
await api('POST', '/dev/settings', { registerOTP: false })
const tokens: string[] = []
for (let i = 0; i < MEMBERS; i += 8) tokens.push(...(await Promise.all(Array.from({ length: Math.min(8, MEMBERS - i) }, (_, j) => member(i + j)))))
await paced(tokens, BASE_RATE, 3) // warm-up

const rows = ['| run | target req/s | req/s | p50 ms | p99 ms | max ms | errors |', '|---|---|---|---|---|---|---|']
const base = await paced(tokens, BASE_RATE, DURATION_S)
rows.push(row(`fixed rate, ${DURATION_S} s`, String(BASE_RATE), base))
type Books = { balanced: boolean; movements: number; postings: number }
const books = await api<Books>('GET', '/dev/books')
const passes = (r: RunResult) => r.p99 < P99_GOAL_MS && r.errors === 0
let best = passes(base) ? BASE_RATE : 0
for (const rate of STEPS) {
  const result = await paced(tokens, rate, STEP_S)
  rows.push(row(`step, ${STEP_S} s`, String(rate), result))
  if (!passes(result)) break
  best = rate
}
const cannon = await saturation(tokens, STEP_S)
rows.push(`| autocannon, no pause, ${STEP_S} s | — | ${cannon.requests.average.toFixed(0)} | ${cannon.latency.p50} | ${cannon.latency.p99} | ${cannon.latency.max} | ${cannon.errors + cannon.timeouts + cannon.non2xx} |`)
const finalBooks = await api<Books>('GET', '/dev/books')

console.log(`\n${MEMBERS} members; mix: 50% GET /api/wallet, 50% POST /api/wallet/transfer (1 baht, wallet <-> PG)\n`)
console.log(rows.join('\n'))
const said = (b: Books) => `${b.balanced ? 'balanced' : 'NOT BALANCED'} (${b.movements} movements, ${b.postings} postings)`
console.log(`\nBooks after the ${DURATION_S} s run: ${said(books)}; at the end: ${said(finalBooks)}.`)
console.log(`Highest fixed rate with p99 < ${P99_GOAL_MS} ms and no errors: ${best ? `${best} req/s` : 'none'}.`)
process.exit(passes(base) && books.balanced && finalBooks.balanced ? 0 : 1)
