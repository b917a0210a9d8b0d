// @vitest-environment node
// GET /metrics (issue 49 §3): Prometheus' text on a port of its own, never the players'; requests
// by route pattern and status with their latency, the event loop's lag, the pool, the sockets, and
// the money in flight by state.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { readServerEnv } from '../../server/env'
import { serveMetrics } from '../../server/shared/http/metrics'
import { call, login, onPostgres, startServer, type TestServer } from './helpers'
import { requestWithdrawal, uploadSlip } from './opsHelpers'

let server: TestServer | undefined
let metrics: Server | undefined
afterEach(async () => {
  metrics?.close()
  await server?.app.close()
  server = metrics = undefined
})

async function scrape(): Promise<{ status: number; type: string | null; text: string }> {
  if (!metrics) metrics = await serveMetrics(server!.app.metrics!, 0, '127.0.0.1')
  const response = await fetch(`http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`)
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() }
}

/** A sample's value by its name and labels as Prometheus writes them, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, with their latency, and never a path a client made up', async () => {
    server = await startServer({ metrics: true })
    const token = await login(server.app)
    for (let i = 0; i < 2; i++) expect((await call(server.app, 'GET', '/api/wallet', { token })).status).toBe(200)
    expect((await call(server.app, 'GET', '/api/wallet')).status).toBe(401)
    await call(server.app, 'GET', '/api/wallet/activate/SECRET123', { token })
    await call(server.app, 'GET', '/api/no-such-thing-4242')
    const { status, type, text } = await scrape()
    expect(status).toBe(200)
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(sample(text, 'wallet_http_requests_total{method="GET",route="/api/wallet",status="200"}')).toBe(2)
    expect(sample(text, 'wallet_http_requests_total{method="GET",route="/api/wallet",status="401"}')).toBe(1)
    expect(sample(text, 'wallet_http_request_duration_seconds_count{method="GET",route="/api/wallet"}')).toBe(3)
    expect(sample(text, 'wallet_http_request_duration_seconds_bucket{le="30",method="GET",route="/api/wallet"}')).toBe(3)
    expect(text).toMatch(/wallet_http_requests_total\{method="GET",route="\/api\/wallet\/activate\/:[a-zA-Z]+",status="\d+"\} 1/)
    expect(text).not.toContain('SECRET123')
    expect(text).not.toContain('no-such-thing-4242')
    // The process: the event loop's lag among prom-client's defaults.
    expect(sample(text, 'wallet_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'wallet_socket_connections')).toBe(0)
    // The pool is PostgreSQL's; a SQLite file has one connection and reports none.
    if (onPostgres()) expect(sample(text, 'wallet_db_pool_waiting')).toBe(0)
    else expect(text).not.toContain('wallet_db_pool_connections{')
  })

  it('gives the money in flight by kind and state, every state at 0 when empty', async () => {
    server = await startServer({ metrics: true })
    let { text } = await scrape()
    expect(sample(text, 'wallet_money_in_flight{kind="withdrawal",state="requested"}')).toBe(0)
    expect(sample(text, 'wallet_money_in_flight{kind="slip",state="processing"}')).toBe(0)
    expect(sample(text, 'wallet_money_in_flight{kind="game_transfer",state="reserved"}')).toBe(0)
    expect(sample(text, 'wallet_transfer_sweep_backlog')).toBe(0)
    const token = await login(server.app)
    await requestWithdrawal(server.app, token, 120.5)
    await uploadSlip(server.app, token)
    ;({ text } = await scrape())
    expect(sample(text, 'wallet_money_in_flight{kind="withdrawal",state="requested"}')).toBe(1)
    expect(sample(text, 'wallet_money_in_flight_minor{kind="withdrawal",state="requested",currency="THB"}')).toBe(12_050)
    expect(sample(text, 'wallet_money_in_flight{kind="slip",state="processing"}')).toBe(1)
    // Once decided, it is no longer in flight.
    const withdrawals = await server.app.serverContext.db.updateTable('withdrawals').set({ status: 'paid' }).where('status', '=', 'requested').executeTakeFirst()
    expect(Number(withdrawals.numUpdatedRows)).toBe(1)
    ;({ text } = await scrape())
    expect(sample(text, 'wallet_money_in_flight{kind="withdrawal",state="requested"}')).toBe(0)
    expect(text).not.toContain('wallet_money_in_flight_minor{kind="withdrawal"')
  })

  it('answers nothing else on its port, and is not on the players\' port', async () => {
    server = await startServer({ metrics: true })
    await scrape()
    const other = await fetch(`http://127.0.0.1:${(metrics!.address() as AddressInfo).port}/api/wallet`)
    expect(other.status).toBe(404)
    const onPlayersPort = await call(server.app, 'GET', '/metrics')
    expect(JSON.stringify(onPlayersPort.body)).not.toContain('wallet_http_requests_total')
  })

  it('is off unless METRICS_PORT is set, and never on PORT', () => {
    expect(readServerEnv({ APP_MODE: 'demo' }).metricsPort).toBeUndefined()
    expect(readServerEnv({ APP_MODE: 'demo', METRICS_PORT: '9464' }).metricsPort).toBe(9464)
    // On loopback unless told, whatever HOST is: what it says (money waiting) is not the players'.
    expect(readServerEnv({ APP_MODE: 'demo', HOST: '0.0.0.0', METRICS_PORT: '9464' }).metricsHost).toBe('127.0.0.1')
    expect(readServerEnv({ APP_MODE: 'demo', HOST: '0.0.0.0', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metricsHost).toBe('10.0.0.5')
    // An instance that listens beyond loopback says where its metrics went (they were on HOST before).
    expect(readServerEnv({ APP_MODE: 'demo', HOST: '0.0.0.0', METRICS_PORT: '9464' }).warnings).toEqual([expect.stringMatching(/METRICS_PORT=9464\) listens on 127\.0\.0\.1 only, not on HOST=0\.0\.0\.0.*METRICS_HOST/)])
    expect(readServerEnv({ APP_MODE: 'demo', HOST: '0.0.0.0', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).warnings).toEqual([])
    expect(readServerEnv({ APP_MODE: 'demo', HOST: '127.0.0.1', METRICS_PORT: '9464' }).warnings).toEqual([])
    expect(() => readServerEnv({ APP_MODE: 'demo', PORT: '9000', METRICS_PORT: '9000' })).toThrow(/METRICS_PORT must not be PORT/)
    expect(() => readServerEnv({ APP_MODE: 'demo', METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT must be a port number/)
  })
})
