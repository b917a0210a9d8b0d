// @vitest-environment node
// The sessions an instance keeps on PostgreSQL (issue 49 §1, auth/sessionCache.ts): served without
// a read while nothing changed, and refused on every instance once a session ends or its member
// changes, however that happened. Kept sessions live an hour here, so that only what the cache
// hears (the trigger's notification, the instance's own writes) can make another instance refuse.
import { afterEach, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import pg from 'pg'
import { type TestServer, call, DEMO, login, onPostgres, startServer, testStorage } from './helpers'
import { handshake, listening } from './chatHelpers'

const HOUR = 60 * 60 * 1000
let servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers) await server.app.close()
  servers = []
})

if (onPostgres()) {
  describe('sessions kept per instance, on two instances over one PostgreSQL', () => {
    /** Two instances on one database, each counting the session reads it sends, both listening. */
    async function twoInstances() {
      const storage = await testStorage()
      const sessionReads = [0, 0]
      const [a, b] = await Promise.all([0, 1].map((i) => startServer({
        ...storage,
        sessionCacheMs: HOUR,
        observeStatement: (text) => {
          if (/FROM sessions s JOIN members m/.test(text)) sessionReads[i] += 1
        },
      })))
      servers.push(a, b)
      for (const server of [a, b]) await expect.poll(() => server.app.serverContext.sessionCache?.listening).toBe(true)
      return { a, b, sessionReads, databaseUrl: storage.databaseUrl! }
    }
    const wallet = (server: TestServer, token: string) => call(server.app, 'GET', '/api/wallet', { token })

    it('serves a session it read without reading it again', async () => {
      const { b, sessionReads } = await twoInstances()
      const token = await login(b.app)
      expect((await wallet(b, token)).status).toBe(200)
      const reads = sessionReads[1]
      expect((await wallet(b, token)).status).toBe(200)
      expect((await wallet(b, token)).status).toBe(200)
      expect(sessionReads[1]).toBe(reads)
    })

    it('a sign-out on one instance: refused there at once, and on the other once it hears', async () => {
      const { a, b } = await twoInstances()
      const token = await login(a.app)
      expect((await wallet(a, token)).status).toBe(200)
      expect((await wallet(b, token)).status).toBe(200)
      expect((await call(a.app, 'POST', '/api/logout', { token })).status).toBeLessThan(300)
      // The instance that signed out forgot it before answering.
      expect((await wallet(a, token)).status).toBe(401)
      await expect.poll(async () => (await wallet(b, token)).status).toBe(401)
    })

    it('a password changed on one instance ends the other sessions on both', async () => {
      const { a, b } = await twoInstances()
      const changing = await login(a.app)
      const other = await login(b.app)
      expect((await wallet(a, other)).status).toBe(200)
      expect((await wallet(b, other)).status).toBe(200)
      const changed = await call(a.app, 'PUT', '/api/account/changepwd', { token: changing, body: { oldPassword: DEMO.password, newPassword: 'another9' } })
      expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(300)
      expect((await wallet(a, other)).status).toBe(401)
      await expect.poll(async () => (await wallet(b, other)).status).toBe(401)
      expect((await wallet(b, changing)).status).toBe(200)
    })

    it("a member deactivated outside the server (psql) is refused on every instance", async () => {
      const { a, b, databaseUrl } = await twoInstances()
      const token = await login(a.app)
      expect((await wallet(a, token)).status).toBe(200)
      expect((await wallet(b, token)).status).toBe(200)
      const psql = new pg.Client({ connectionString: databaseUrl })
      await psql.connect()
      try {
        await psql.query('UPDATE members SET is_active = 0 WHERE username = $1', [DEMO.phone])
      } finally {
        await psql.end()
      }
      for (const server of [a, b]) await expect.poll(async () => (await wallet(server, token)).status).toBe(403)
    })

    it("a socket's handshake reads its session: one ended where this instance has not heard it yet is refused", async () => {
      const { a, b, databaseUrl } = await twoInstances()
      const token = await login(a.app)
      expect((await wallet(b, token)).status).toBe(200)
      // The session ends without a notification (triggers off for this connection): b has not
      // heard it, as in the moment between a sign-out elsewhere and its notification arriving.
      const psql = new pg.Client({ connectionString: databaseUrl })
      await psql.connect()
      try {
        await psql.query("SET session_replication_role = 'replica'")
        await psql.query('DELETE FROM sessions')
      } finally {
        await psql.end()
      }
      // b still serves the kept session to a call (the bound README states for calls)...
      expect((await wallet(b, token)).status).toBe(200)
      // ...but lets no socket in on it: a socket would stay in a room no later cut reaches.
      expect(await handshake(await listening(b.app), { token })).toBe('invalid token')
    })

    it('keeps nothing it heard nothing about: a lost listening connection forgets every session, and it listens again', async () => {
      const { a, b } = await twoInstances()
      const token = await login(a.app)
      expect((await wallet(b, token)).status).toBe(200)
      const { db } = a.app.serverContext
      // b's listening connection ends (a restart of PostgreSQL, a network cut); the session is
      // then ended in a way b cannot hear.
      const ended = await sql<{ ended: boolean }>`SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE query = 'LISTEN wallet_sessions'`.execute(db)
      expect(ended.rows.length).toBeGreaterThanOrEqual(2)
      await sql`DELETE FROM sessions`.execute(db)
      await expect.poll(async () => (await wallet(b, token)).status).toBe(401)
      for (const server of [a, b]) await expect.poll(() => server.app.serverContext.sessionCache?.listening).toBe(true)
      // Listening again, it keeps sessions again and hears their end.
      const again = await login(a.app)
      expect((await wallet(b, again)).status).toBe(200)
      expect((await call(a.app, 'POST', '/api/logout', { token: again })).status).toBeLessThan(300)
      await expect.poll(async () => (await wallet(b, again)).status).toBe(401)
    })
  })
} else {
  it('keeps no sessions on SQLite: one process, and a read costs no round trip', async () => {
    const server = await startServer()
    servers.push(server)
    expect(server.app.serverContext.sessionCache).toBeUndefined()
  })
}
