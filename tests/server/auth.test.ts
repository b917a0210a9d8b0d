// @vitest-environment node
import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setMemberActive } from '../../server/shared/members'
import { DAY, DEMO, MINUTE, type TestServer, call, expectError, login, startServer } from './helpers'

let server: TestServer
beforeEach(async () => {
  server = await startServer()
})
afterEach(async () => {
  await server.app.close()
})

const tryLogin = (username: unknown, password: unknown) =>
  call(server.app, 'POST', '/api/login', { body: { username, password } })

describe('POST /api/login', () => {
  it('returns a token for the demo member and stores only its hash', async () => {
    const result = await tryLogin(DEMO.phone, DEMO.password)
    expect(result.status).toBe(200)
    const token = result.body.token as string
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = (await server.app.serverContext.db.selectFrom('sessions').select('token_hash').execute()).map((row) => row.token_hash)
    expect(stored).toEqual([createHash('sha256').update(token).digest('hex')])
    expect((await call(server.app, 'GET', '/api/account/profile', { token })).status).toBe(200)
  })

  it('gives one answer for a wrong password and an unknown phone', async () => {
    expect(await tryLogin(DEMO.phone, 'wrong')).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
    expect(await tryLogin('0800000000', 'demo1234')).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
  })

  it('validates the body', async () => {
    expect(await tryLogin(undefined, 'x')).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await tryLogin(DEMO.phone, '')).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await tryLogin(812345678, 'x')).toMatchObject(expectError(400, 'KEY_INVALID'))
    const array = await call(server.app, 'POST', '/api/login', { body: [DEMO.phone] })
    expect(array).toMatchObject(expectError(400, 'KEY_INVALID'))
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "0812345678",',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({ message: 'KEY_INVALID' })
  })

  it('refuses an inactive member with the right password', async () => {
    await setMemberActive(server.app.serverContext.db, 123, false)
    expect(await tryLogin(DEMO.phone, 'wrong')).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
    expect(await tryLogin(DEMO.phone, DEMO.password)).toMatchObject(expectError(403, 'INACTIVE_USER'))
  })

  it('slows a phone down after 5 failed attempts from one address, then checks it again once its wait passed', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await tryLogin(DEMO.phone, `wrong${i}`)).status).toBe(401)
    }
    const refused = await tryLogin(DEMO.phone, DEMO.password)
    expect(refused).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    expect(refused.headers['retry-after']).toBe('1')
    // Another phone is not affected.
    expect(await tryLogin('0800000000', 'x')).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
    server.advance(1000)
    expect((await tryLogin(DEMO.phone, DEMO.password)).status).toBe(200)
  })

  it('slows per client address, so a stranger cannot lock the member out everywhere', async () => {
    for (let i = 0; i < 5; i++) await tryLogin(DEMO.phone, 'wrong')
    expect((await tryLogin(DEMO.phone, DEMO.password)).status).toBe(429)
    const elsewhere = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '203.0.113.9',
      payload: { username: DEMO.phone, password: DEMO.password },
    })
    expect(elsewhere.statusCode).toBe(200)
  })

  it('counts failures again from zero after a successful login', async () => {
    for (let i = 0; i < 4; i++) await tryLogin(DEMO.phone, 'wrong')
    expect((await tryLogin(DEMO.phone, DEMO.password)).status).toBe(200)
    for (let i = 0; i < 4; i++) await tryLogin(DEMO.phone, 'wrong')
    expect((await tryLogin(DEMO.phone, DEMO.password)).status).toBe(200)
  })

  it('lifts the block on POST /dev/reset-limits', async () => {
    for (let i = 0; i < 5; i++) await tryLogin(DEMO.phone, 'wrong')
    expect((await tryLogin(DEMO.phone, DEMO.password)).status).toBe(429)
    expect((await call(server.app, 'POST', '/dev/reset-limits')).body).toEqual({ message: 'OK' })
    expect((await tryLogin(DEMO.phone, DEMO.password)).status).toBe(200)
  })
})

describe('bearer tokens', () => {
  const profile = (headers: Record<string, string>) =>
    call(server.app, 'GET', '/api/account/profile', { headers })

  it('answers 401 UNAUTHORIZED without a token', async () => {
    expect(await profile({})).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })

  it("answers 401 'invalid token' for unknown or garbled tokens", async () => {
    const unknown = 'A'.repeat(43)
    expect(await profile({ authorization: `Bearer ${unknown}` })).toMatchObject(expectError(401, 'invalid token'))
    expect(await profile({ authorization: 'Bearer <script>' })).toMatchObject(expectError(401, 'invalid token'))
    expect(await profile({ authorization: 'Bearer null' })).toMatchObject(expectError(401, 'invalid token'))
    expect(await profile({ authorization: 'Basic abc:def' })).toMatchObject(expectError(401, 'invalid token'))
  })

  it('expires tokens after 7 days', async () => {
    const token = await login(server.app)
    server.advance(7 * DAY - 1)
    expect((await profile({ authorization: `Bearer ${token}` })).status).toBe(200)
    server.advance(1)
    expect(await profile({ authorization: `Bearer ${token}` })).toMatchObject(expectError(401, 'EXPIRED_AUTH_TOKEN'))
    // Still expired (not unknown) when asked again.
    expect(await profile({ authorization: `Bearer ${token}` })).toMatchObject(expectError(401, 'EXPIRED_AUTH_TOKEN'))
  })

  it('honours a shorter session lifetime from the options', async () => {
    const short = await startServer({ sessionTtlMs: MINUTE })
    const token = await login(short.app)
    short.advance(MINUTE)
    const result = await call(short.app, 'GET', '/api/account/profile', { token })
    expect(result).toMatchObject(expectError(401, 'EXPIRED_AUTH_TOKEN'))
    await short.app.close()
  })

  it('refuses a member deactivated after login', async () => {
    const token = await login(server.app)
    await setMemberActive(server.app.serverContext.db, 123, false)
    expect(await profile({ authorization: `Bearer ${token}` })).toMatchObject(expectError(403, 'INACTIVE_USER'))
  })
})
