// GET /metrics in Prometheus' text format (issue 49 §3), for the operator's monitoring: served on a
// port of its own (METRICS_PORT, server/main.ts) that the balancer does not forward, so no player
// reads it. Per instance: its requests by route and status and their latency, the event loop's lag
// and the process (prom-client's defaults), its PostgreSQL pool, its sockets. Of the shared
// database, read at each scrape: the money in flight by state (transfers between wallet and game,
// withdrawals, slips, open QRs) and the transfers the sweep has yet to settle.
import { createServer, type Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { type Db, poolState } from '../db'

export interface MetricsSources {
  db: Db
  now: () => number
  /** Sockets this instance holds. */
  sockets: () => number
  /** The age past which the sweep takes a transfer in transit (wallet/transfers.ts). */
  transferRecoveryAfterMs: number
  /** The messengers' outbox still to send, by channel ('events': not yet made into deliveries). */
  outboxBacklog: () => Promise<{ channel: string; count: number | string }[]>
}

/** Latency buckets (seconds): the 50 ms a call should stay under, and the tail up to the request timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/** Money on its way, by where it waits: every state is reported, at 0 when none is in it. */
const IN_FLIGHT = [
  { kind: 'game_transfer', states: ['reserved', 'withdrawn'] },
  { kind: 'withdrawal', states: ['requested', 'review'] },
  { kind: 'slip', states: ['processing'] },
  { kind: 'truelink', states: ['processing'] },
  { kind: 'qrcode', states: ['open'] },
] as const

interface InFlightRow { kind: string; state: string; currency: string; count: number | string; amount: number | string | null }

/** One query for every kind: counts and sums by state and currency. */
async function moneyInFlight(db: Db, now: number): Promise<InFlightRow[]> {
  const { rows } = await sql<InFlightRow>`
    SELECT 'game_transfer' AS kind, status AS state, currency, count(*) AS count, sum(amount_minor) AS amount
      FROM game_transfers WHERE status IN ('reserved', 'withdrawn') GROUP BY status, currency
    UNION ALL
    SELECT 'withdrawal', status, currency, count(*), sum(amount_minor)
      FROM withdrawals WHERE status IN ('requested', 'review') GROUP BY status, currency
    UNION ALL
    SELECT s.kind, s.status, m.currency, count(*), sum(s.amount_minor)
      FROM deposit_slips s JOIN members m ON m.id = s.member_id WHERE s.status = 'processing' GROUP BY s.kind, s.status, m.currency
    UNION ALL
    SELECT 'qrcode', 'open', m.currency, count(*), sum(q.amount_minor)
      FROM deposit_qrcodes q JOIN members m ON m.id = q.member_id WHERE q.status = 'open' AND q.expires_at > ${now} GROUP BY m.currency`.execute(db)
  return rows
}

/** Counts what this instance serves and keeps the registry GET /metrics answers from. */
export function instrument(app: FastifyInstance, sources: MetricsSources): Registry {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry, prefix: 'wallet_' })

  const requests = new Counter({ name: 'wallet_http_requests_total', help: 'Requests answered, by method, route and status.', labelNames: ['method', 'route', 'status'], registers })
  const latency = new Histogram({
    name: 'wallet_http_request_duration_seconds', help: 'Time to answer, by method and route.', labelNames: ['method', 'route'], buckets: LATENCY_BUCKETS, registers,
  })
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/statement/:id), never the URL itself: a path a client invents
    // makes no series of its own.
    const route = request.routeOptions.url ?? 'unmatched'
    requests.inc({ method: request.method, route, status: reply.statusCode })
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000)
  })

  new Gauge({
    name: 'wallet_db_pool_connections', help: 'PostgreSQL connections of this instance, in use and idle (none on SQLite).', labelNames: ['state'], registers,
    collect() {
      const pool = poolState(sources.db)
      if (!pool) return
      this.set({ state: 'busy' }, pool.busy)
      this.set({ state: 'idle' }, pool.idle)
    },
  })
  new Gauge({
    name: 'wallet_db_pool_waiting', help: 'Queries of this instance waiting for a PostgreSQL connection (none on SQLite).', registers,
    collect() {
      const pool = poolState(sources.db)
      if (pool) this.set(pool.waiting)
    },
  })
  new Gauge({
    name: 'wallet_socket_connections', help: 'Chat and console sockets this instance holds.', registers,
    collect() {
      this.set(sources.sockets())
    },
  })

  let inFlight: Promise<InFlightRow[]> | undefined
  /** Both gauges of one scrape from one query. */
  const rows = () => (inFlight ??= moneyInFlight(sources.db, sources.now()).finally(() => setImmediate(() => {
    inFlight = undefined
  })))
  new Gauge({
    name: 'wallet_money_in_flight', help: 'Movements of money on their way, by kind and state (all instances).', labelNames: ['kind', 'state'], registers,
    async collect() {
      const found = await rows()
      for (const { kind, states } of IN_FLIGHT) {
        for (const state of states) {
          this.set({ kind, state }, found.filter((row) => row.kind === kind && row.state === state).reduce((sum, row) => sum + Number(row.count), 0))
        }
      }
    },
  })
  new Gauge({
    name: 'wallet_money_in_flight_minor', help: 'Their amount in minor units, by kind, state and currency (all instances).', labelNames: ['kind', 'state', 'currency'], registers,
    async collect() {
      this.reset()
      for (const row of await rows()) this.set({ kind: row.kind, state: row.state, currency: row.currency }, Number(row.amount ?? 0))
    },
  })
  new Gauge({
    name: 'wallet_transfer_sweep_backlog', help: 'Transfers in transit past the age the sweep settles or reverses them at (all instances).', registers,
    async collect() {
      const { rows: [row] } = await sql<{ count: number | string }>`SELECT count(*) AS count FROM game_transfers
        WHERE status IN ('reserved', 'withdrawn') AND created_at <= ${sources.now() - sources.transferRecoveryAfterMs}`.execute(sources.db)
      this.set(Number(row.count))
    },
  })
  new Gauge({
    name: 'wallet_notify_backlog', help: "Messengers' messages still to send or on their way, by channel; 'events' not yet made into messages (all instances).", labelNames: ['channel'], registers,
    async collect() {
      this.reset()
      for (const row of await sources.outboxBacklog()) this.set({ channel: row.channel }, Number(row.count))
    },
  })
  new Counter({ name: 'wallet_notify_deliveries_total', help: "Messengers' messages settled by this instance, by channel and outcome (sent, retried, blocked, failed, dropped, unknown).", labelNames: ['channel', 'outcome'], registers })
  return registry
}

/** Counts each outcome of the outbox (notify/outbox.ts) on the registry's counter. */
export function countDeliveries(registry: Registry): (channel: string, outcome: string) => void {
  const counter = registry.getSingleMetric('wallet_notify_deliveries_total') as Counter<'channel' | 'outcome'>
  return (channel, outcome) => counter.inc({ channel, outcome })
}

/** Serves GET /metrics from `registry` on a port of its own (0: any free one); nothing else there. */
export async function serveMetrics(registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('GET /metrics\n')
      return
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (error: Error) => response.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${error.message}\n`),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  return server
}
