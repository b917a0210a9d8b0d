// @vitest-environment node
// Issue 27: a new password has at least 8 characters (registration, its step-3 check, change
// password: 400 PASSWORD_TOO_SHORT); a password set before the rule still signs in, and the login
// answer asks for a new one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findMemberByUsername, updatePasswordHash } from '../../server/shared/members'
import { PASSWORD_MIN_LENGTH } from '../../contract/lib/validation'
import { DEMO, type TestServer, call, expectError, login, registration, startServer, verifyPhone } from './helpers'

let server: TestServer
beforeEach(async () => {
  server = await startServer()
})
afterEach(async () => {
  await server.app.close()
})

const SHORT = 'abc1234'
/** Four characters in eight UTF-16 units: counted as four. */
const SHORT_WIDE = '🔑🔑🔑🔑'

/** The demo member's password as an older release may have stored it: shorter than the rule. */
async function givenDemoPassword(password: string): Promise<void> {
  const member = await findMemberByUsername(server.app.serverContext.db, DEMO.phone)
  await updatePasswordHash(server.app.serverContext.db, member!.id, await server.app.serverContext.passwords.hash(password))
}

describe('new passwords have at least 8 characters', () => {
  it('is the rule the app states too', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8)
    expect(SHORT_WIDE).toHaveLength(8)
  })

  it('registration refuses a shorter one, and takes 8', async () => {
    const registered = registration()
    const body = { ...registered, otpToken: await verifyPhone(server.app, registered.username) }
    for (const password of [SHORT, SHORT_WIDE, ' 234567']) {
      expect(await call(server.app, 'POST', '/api/account', { body: { ...body, password } }), password)
        .toMatchObject(expectError(400, 'PASSWORD_TOO_SHORT'))
    }
    expect(await findMemberByUsername(server.app.serverContext.db, body.username)).toBeUndefined()
    expect((await call(server.app, 'POST', '/api/account', { body: { ...body, password: 'abcd1234' } })).status).toBe(201)
    expect(await login(server.app, body.username, 'abcd1234')).toEqual(expect.any(String))
  })

  it("step 3's check refuses a shorter one, so the wizard stays on the password", async () => {
    const { bankCode: _b, bankAccountName: _n, bankAccountNo: _a, ...fields } = registration()
    const step3 = { ...fields, otpToken: await verifyPhone(server.app, fields.username) }
    expect(await call(server.app, 'POST', '/api/account/validate', { body: { ...step3, password: SHORT } }))
      .toMatchObject(expectError(400, 'PASSWORD_TOO_SHORT'))
    expect(await call(server.app, 'POST', '/api/account/validate', { body: { ...step3, password: SHORT_WIDE } }))
      .toMatchObject(expectError(400, 'PASSWORD_TOO_SHORT'))
    expect(await call(server.app, 'POST', '/api/account/validate', { body: { ...step3, password: 'รหัสผ่านสั้น' } }))
      .toMatchObject({ status: 200, body: { message: 'OK' } })
  })

  it('change password refuses a shorter new one and keeps the old one', async () => {
    const token = await login(server.app)
    const change = (newPassword: string) =>
      call(server.app, 'PUT', '/api/account/changepwd', { token, body: { oldPassword: DEMO.password, newPassword } })
    expect(await change(SHORT)).toMatchObject(expectError(400, 'PASSWORD_TOO_SHORT'))
    expect(await change(SHORT_WIDE)).toMatchObject(expectError(400, 'PASSWORD_TOO_SHORT'))
    expect(await login(server.app)).toEqual(expect.any(String))
    expect(await change('longer12')).toMatchObject({ status: 200, body: { message: 'SUCCESS' } })
    expect(await login(server.app, DEMO.phone, 'longer12')).toEqual(expect.any(String))
  })
})

describe('a password shorter than the rule, set before it', () => {
  it('still signs in, and the answer asks for a new one; a password of 8 or more does not', async () => {
    await givenDemoPassword('old123')
    const result = await call(server.app, 'POST', '/api/login', { body: { username: DEMO.phone, password: 'old123' } })
    expect(result).toMatchObject({ status: 200, body: { token: expect.any(String), passwordChangeRequired: true } })
    const token = result.body.token as string
    expect((await call(server.app, 'GET', '/api/account/profile', { token })).status).toBe(200)
    // Changed to one that keeps the rule: the next sign-in asks nothing.
    const changed = await call(server.app, 'PUT', '/api/account/changepwd', { token, body: { oldPassword: 'old123', newPassword: 'new-secret' } })
    expect(changed.status).toBe(200)
    const next = await call(server.app, 'POST', '/api/login', { body: { username: DEMO.phone, password: 'new-secret' } })
    expect(next.status).toBe(200)
    expect(next.body).not.toHaveProperty('passwordChangeRequired')
  })
})
