// Issue: every body has a schema; failures speak the spec's codes; replies carry only their schema.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { JSON_BODY_LIMIT } from '../../server/app'
import { getContent, setContent } from '../../server/lookup/repo'
import { call, DEMO, expectError, login, startServer, type TestServer } from './helpers'

let server: TestServer
beforeEach(async () => {
  server = await startServer()
})
afterEach(async () => {
  await server.app.close()
})

describe('schema failures in the spec\'s codes', () => {
  it.each([
    ['absent', { password: DEMO.password }],
    ['null', { username: null, password: DEMO.password }],
    ['empty', { username: '', password: DEMO.password }],
    ['blank', { username: '   ', password: DEMO.password }],
  ])('a required field %s is 400 KEY_MISSING', async (_, body) => {
    expect(await call(server.app, 'POST', '/api/login', { body })).toMatchObject(expectError(400, 'KEY_MISSING'))
  })

  it.each([
    ['a number', { username: 812345678, password: DEMO.password }],
    ['an object', { username: { $gt: '' }, password: DEMO.password }],
    ['an array', { username: [DEMO.phone], password: DEMO.password }],
    ['too long', { username: DEMO.phone, password: 'x'.repeat(129) }],
  ])('a field that is %s is 400 KEY_INVALID', async (_, body) => {
    expect(await call(server.app, 'POST', '/api/login', { body })).toMatchObject(expectError(400, 'KEY_INVALID'))
  })

  it('a body that is not an object is 400 KEY_INVALID', async () => {
    for (const body of [[], 'text', 42]) {
      const result = await call(server.app, 'POST', '/api/otp/send', {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      })
      expect(result).toMatchObject(expectError(400, 'KEY_INVALID'))
    }
  })

  it('caps JSON bodies at 64 KB', async () => {
    const body = { phoneNumber: '0812345678', padding: 'x'.repeat(JSON_BODY_LIMIT) }
    const result = await call(server.app, 'POST', '/api/otp/send', { body })
    expect(result.status).toBe(413)
    expect(result.body).toEqual({ message: 'KEY_INVALID' })
  })

  it('a dev body with an unknown key is refused, not stripped', async () => {
    const result = await call(server.app, 'POST', '/dev/settings', { body: { registerOtp: false } })
    expect(result).toMatchObject(expectError(400, 'KEY_INVALID'))
  })
})

describe('replies carry only what their schema declares', () => {
  it('drops a field the store holds beyond the contract', async () => {
    const contact = (await getContent(server.app.serverContext.db, 'contact'))!
    await setContent(server.app.serverContext.db, 'contact', { ...contact, adminNote: 'internal' } as typeof contact)
    const result = await call(server.app, 'GET', '/api/lookup/contact')
    expect(result.status).toBe(200)
    expect(Object.keys(result.body).sort()).toEqual(['contactText', 'lineLink', 'lineName', 'lineQR'])
  })

  it('the profile has no password hash or internal ids', async () => {
    const token = await login(server.app)
    const result = await call(server.app, 'GET', '/api/account/profile', { token })
    expect(Object.keys(result.body).sort()).toEqual(['bankAccount', 'profile'])
    expect(JSON.stringify(result.body)).not.toMatch(/hash|scrypt|password/i)
  })
})

describe('member routes sit behind one hook', () => {
  it.each([
    ['GET', '/api/account/profile'],
    ['PUT', '/api/account/profile'],
    ['PUT', '/api/account/bankAccountName'],
    ['PUT', '/api/account/changepwd'],
    ['GET', '/api/lookup/deposit'],
    ['GET', '/api/lookup/withdraw'],
    ['GET', '/api/lookup/agreements'],
    ['GET', '/api/lookup/notice'],
    ['GET', '/api/lookup/slip'],
  ] as const)('%s %s without a token is 401 UNAUTHORIZED before the body is read', async (method, url) => {
    expect(await call(server.app, method, url, { body: method === 'GET' ? undefined : {} })).toMatchObject(
      expectError(401, 'UNAUTHORIZED'),
    )
  })
})

describe('login limits key on a validated phone', () => {
  it('answers WRONG_CREDENTIAL for a username that is no phone, and counts nothing', async () => {
    for (let i = 0; i < 8; i++) {
      const result = await call(server.app, 'POST', '/api/login', { body: { username: `not-a-phone-${i}`, password: 'x' } })
      expect(result).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
    }
    const rows = await server.app.serverContext.db.selectFrom('rate_events').select('id').where('kind', '=', 'login_fail').execute()
    expect(rows).toHaveLength(0)
  })
})
