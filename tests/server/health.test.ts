// @vitest-environment node
// What a load balancer asks an instance (issue 49 §3): /healthz (alive) and /readyz (its database
// answers, its migrations are current, it is not draining), without a log line per probe.
import { type AddressInfo, createServer, type Socket } from 'node:net'
import Fastify from 'fastify'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/shared/db'
import { registerHealth } from '../../server/shared/http/health'
import { call, startLoggedServer, type TestServer } from './helpers'

let server: TestServer & { log: string[] }
beforeEach(async () => {
  server = await startLoggedServer()
})
afterEach(async () => {
  await server.app.close()
})

/** The log's entries about a path: its request lines and what its handler said. */
const loggedAbout = (path: string) => server.log.map((line) => JSON.parse(line) as { req?: { url?: string }; msg?: string; status?: string })
  .filter((entry) => entry.req?.url === path || entry.msg === 'not ready')

describe('health for a load balancer', () => {
  it('answers alive and ready, uncached, and logs no probe that succeeds', async () => {
    const alive = await call(server.app, 'GET', '/healthz')
    expect(alive.status).toBe(200)
    expect(alive.body).toEqual({ status: 'alive' })
    expect(alive.headers['cache-control']).toBe('no-store')
    const ready = await call(server.app, 'GET', '/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: 'ready' })
    expect(ready.headers['cache-control']).toBe('no-store')
    expect(loggedAbout('/healthz')).toEqual([])
    expect(loggedAbout('/readyz')).toEqual([])
    // The request log still has the calls around them.
    await call(server.app, 'GET', '/config.json')
    expect(server.log.some((line) => line.includes('/config.json'))).toBe(true)
  })

  it('is not ready while a migration of this code is missing from the database, and says so in the log', async () => {
    const { db } = server.app.serverContext
    const last = await db.selectFrom('kysely_migration' as never).select(sql<string>`max(name)`.as('name')).executeTakeFirstOrThrow() as { name: string }
    await sql`DELETE FROM kysely_migration WHERE name = ${last.name}`.execute(db)
    const answer = await call(server.app, 'GET', '/readyz')
    expect(answer.status).toBe(503)
    expect(answer.body).toEqual({ status: 'migrations pending', pending: 1 })
    expect(loggedAbout('/readyz').some((entry) => entry.msg === 'not ready' && entry.status === 'migrations pending')).toBe(true)
    // Alive all the same: the process answers; it is the balancer's to send players elsewhere.
    expect((await call(server.app, 'GET', '/healthz')).status).toBe(200)
  })

  it('says draining once the shutdown began, and answers players meanwhile, each answer closing its connection', async () => {
    const before = await server.app.inject({ method: 'GET', url: '/config.json' })
    expect(before.headers.connection).toBe('keep-alive')
    server.app.drain()
    const answer = await call(server.app, 'GET', '/readyz')
    expect(answer.status).toBe(503)
    expect(answer.body).toEqual({ status: 'draining' })
    expect((await call(server.app, 'GET', '/healthz')).status).toBe(200)
    const during = await server.app.inject({ method: 'GET', url: '/config.json' })
    expect(during.statusCode).toBe(200)
    expect(during.headers.connection).toBe('close')
  })

  it('is not ready when its database refuses or never answers, and says so within its bound', async () => {
    // A PostgreSQL that refuses (nothing listens) and one that accepts and never speaks.
    const held = new Set<Socket>()
    const silent = createServer((socket) => void held.add(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const refusedPort = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    for (const port of [refusedPort, (silent.address() as AddressInfo).port]) {
      const db = openDatabase({ dataDir: ':memory:', databaseUrl: `postgresql://nobody:secret@127.0.0.1:${port}/none` })
      const app = Fastify()
      registerHealth(app, db)
      try {
        const answer = await call(app, 'GET', '/readyz')
        expect(answer.status).toBe(503)
        expect(answer.body).toEqual({ status: 'database unreachable' })
      } finally {
        await app.close()
        void db.destroy().catch(() => undefined)
      }
    }
    for (const socket of held) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })
})
