// @vitest-environment node
// Issue 47 §6 and its low items: staff sign in with a second factor (admins always, everyone by the
// `staffTotp` switch), change their own password, and an admin resets another's sign-in; a session
// with a setup to do opens nothing else; refusals of a role are audited. On 3490fad none of the
// routes existed and an admin signed in with the password alone.
import { afterEach, describe, expect, it } from 'vitest'
import { addStaff } from '../../server/ops/staff'
import { type TestServer, call, expectError, startServer } from './helpers'
import { auditOf, connectStaff, setUpTotp, STAFF_PASSWORD, staffSession, totpCode } from './opsHelpers'

let server: TestServer
afterEach(async () => {
  await server?.app.close()
})

const signIn = (body: { username: string; password: string; code?: string }) => call(server.app, 'POST', '/ops/api/login', { body })

/** A staff member made as `npm run staff` makes them, not yet signed in. */
async function made(username: string, role: 'admin' | 'cashier' | 'support') {
  const row = await addStaff(server.app.serverContext, { username, name: username, role, password: STAFF_PASSWORD }, { staffId: null, address: 'test' })
  return row.id
}

describe('the second factor', () => {
  it('makes a new admin set up a code before anything else, then asks for it at every sign-in, once per code', async () => {
    server = await startServer()
    await made('root', 'admin')
    const first = await signIn({ username: 'root', password: STAFF_PASSWORD })
    expect(first.status).toBe(200)
    expect(first.body.staff).toMatchObject({ username: 'root', totp: false, setup: 'totp' })
    const token = first.body.token as string
    // Nothing but the setup, the password, who am I and sign-out.
    for (const [method, url] of [['GET', '/ops/api/slips'], ['GET', '/ops/api/staff'], ['GET', '/ops/api/audit'], ['GET', '/ops/api/members?q=5678']] as const) {
      expect(await call(server.app, method, url, { token }), url).toMatchObject(expectError(403, 'SETUP_REQUIRED'))
    }
    expect((await call(server.app, 'GET', '/ops/api/me', { token })).body).toMatchObject({ setup: 'totp' })
    // Its live socket is refused too: the queues are not for it yet.
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' })
    await expect(connectStaff(address, { staffToken: token })).rejects.toThrow(/SETUP_REQUIRED/)

    // A wrong code does not confirm the setup.
    const setup = await call(server.app, 'POST', '/ops/api/me/totp', { token })
    expect(setup.body).toMatchObject({ secret: expect.stringMatching(/^[A-Z2-7]{32}$/), uri: expect.stringMatching(/^otpauth:\/\/totp\/.*root\?secret=/) })
    expect(setup.headers['cache-control']).toBe('no-store')
    const secret = setup.body.secret as string
    const wrong = (await totpCode(server.app, secret)) === '000000' ? '111111' : '000000'
    expect(await call(server.app, 'POST', '/ops/api/me/totp/confirm', { token, body: { code: wrong } })).toMatchObject(expectError(400, 'WRONG_CODE'))
    const confirmed = await call(server.app, 'POST', '/ops/api/me/totp/confirm', { token, body: { code: await totpCode(server.app, secret) } })
    expect(confirmed.body).toMatchObject({ totp: true, setup: null })
    expect((await call(server.app, 'GET', '/ops/api/staff', { token })).status).toBe(200)
    expect(await call(server.app, 'POST', '/ops/api/me/totp', { token })).toMatchObject(expectError(409, 'TOTP_ENABLED'))

    // From now on: the password alone says only that a code must come with it.
    expect(await signIn({ username: 'root', password: STAFF_PASSWORD })).toMatchObject(expectError(401, 'TOTP_REQUIRED'))
    expect(await signIn({ username: 'root', password: 'not-the-password', code: await totpCode(server.app, secret) })).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
    expect(await signIn({ username: 'root', password: STAFF_PASSWORD, code: wrong })).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
    // The setup took this step's code: a code is taken once, so the next one signs in, and not twice.
    const next = await totpCode(server.app, secret, 1)
    expect((await signIn({ username: 'root', password: STAFF_PASSWORD, code: next })).status).toBe(200)
    expect(await signIn({ username: 'root', password: STAFF_PASSWORD, code: next })).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
    server.advance(60_000)
    expect((await signIn({ username: 'root', password: STAFF_PASSWORD, code: await totpCode(server.app, secret) })).status).toBe(200)
    const audited = (await auditOf(server.app, `staff:${(first.body.staff as { id: string }).id}`)).map((row) => row.action)
    expect(audited).toContain('staff.totp.enable')
    expect(audited.filter((action) => action === 'staff.signIn.failed')).toHaveLength(3)
  })

  it('asks cashiers and support for no code unless the switch says everyone, and then they set one up too', async () => {
    server = await startServer()
    const cashier = await staffSession(server.app, 'cashier')
    expect((await call(server.app, 'GET', '/ops/api/slips', { token: cashier.token })).status).toBe(200)
    const admin = await staffSession(server.app, 'admin')
    expect((await call(server.app, 'POST', '/ops/api/settings', { token: admin.token, body: { staffTotp: 'everyone' } })).status).toBe(200)
    expect(await call(server.app, 'GET', '/ops/api/slips', { token: cashier.token })).toMatchObject(expectError(403, 'SETUP_REQUIRED'))
    await setUpTotp(server.app, cashier.token)
    expect((await call(server.app, 'GET', '/ops/api/slips', { token: cashier.token })).status).toBe(200)
  })

  it('ends the sessions opened without a code once the code is set up, but the one that set it up', async () => {
    server = await startServer()
    await made('nok', 'admin')
    const [a, b] = [(await signIn({ username: 'nok', password: STAFF_PASSWORD })).body.token as string, (await signIn({ username: 'nok', password: STAFF_PASSWORD })).body.token as string]
    await setUpTotp(server.app, a)
    expect((await call(server.app, 'GET', '/ops/api/me', { token: a })).status).toBe(200)
    expect(await call(server.app, 'GET', '/ops/api/me', { token: b })).toMatchObject(expectError(401, 'invalid token'))
  })
})

describe('passwords', () => {
  it("lets a staff member change their own password with the current one, ending their other sessions", async () => {
    server = await startServer()
    const cashier = await staffSession(server.app, 'cashier')
    const other = (await signIn({ username: cashier.username, password: STAFF_PASSWORD })).body.token as string
    const change = (body: object) => call(server.app, 'POST', '/ops/api/me/password', { token: cashier.token, body })
    expect(await change({ oldPassword: 'not-the-password', newPassword: 'a-brand-new-password' })).toMatchObject(expectError(400, 'WRONG_PASSWORD'))
    expect((await change({ oldPassword: STAFF_PASSWORD, newPassword: 'short' })).body).toMatchObject({ message: 'PASSWORD_TOO_SHORT', limit: 12 })
    expect(await change({ oldPassword: STAFF_PASSWORD, newPassword: STAFF_PASSWORD })).toMatchObject(expectError(400, 'PASSWORD_UNCHANGED'))
    expect((await change({ oldPassword: STAFF_PASSWORD, newPassword: 'a-brand-new-password' })).status).toBe(200)
    expect((await call(server.app, 'GET', '/ops/api/me', { token: cashier.token })).status).toBe(200)
    expect(await call(server.app, 'GET', '/ops/api/me', { token: other })).toMatchObject(expectError(401, 'invalid token'))
    expect(await signIn({ username: cashier.username, password: STAFF_PASSWORD })).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
    expect((await signIn({ username: cashier.username, password: 'a-brand-new-password' })).status).toBe(200)
    expect((await auditOf(server.app, `staff:${cashier.id}`)).map((row) => row.action)).toContain('staff.password')
  })

  it("lets an admin reset another's sign-in: their sessions end, their code goes, and they choose a password first", async () => {
    server = await startServer()
    const admin = await staffSession(server.app, 'admin')
    const other = await staffSession(server.app, 'admin')
    const reset = await call(server.app, 'POST', `/ops/api/staff/${other.id}/reset`, { token: admin.token, body: { password: 'a-temporary-password' } })
    expect(reset.body).toMatchObject({ id: String(other.id), totp: false, setup: 'password' })
    expect(await call(server.app, 'GET', '/ops/api/me', { token: other.token })).toMatchObject(expectError(401, 'invalid token'))
    expect(await signIn({ username: other.username, password: STAFF_PASSWORD })).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
    // The temporary password signs in with no code (it was removed), to a session that must change it first.
    const temporary = await signIn({ username: other.username, password: 'a-temporary-password' })
    expect(temporary.body.staff).toMatchObject({ setup: 'password' })
    const token = temporary.body.token as string
    expect(await call(server.app, 'GET', '/ops/api/staff', { token })).toMatchObject(expectError(403, 'SETUP_REQUIRED'))
    expect((await call(server.app, 'POST', '/ops/api/me/password', { token, body: { oldPassword: 'a-temporary-password', newPassword: 'my-own-password-again' } })).status).toBe(200)
    // Then the code again, as an admin must.
    expect((await call(server.app, 'GET', '/ops/api/me', { token })).body).toMatchObject({ setup: 'totp' })
    await setUpTotp(server.app, token)
    expect((await call(server.app, 'GET', '/ops/api/staff', { token })).status).toBe(200)
    const [resetRow] = (await auditOf(server.app, `staff:${other.id}`)).filter((row) => row.action === 'staff.reset')
    expect(resetRow).toMatchObject({ staff_id: admin.id })
    expect(JSON.parse(resetRow.after!)).toEqual({ totp: false, mustChangePassword: true, sessionsEnded: 1 })
    expect(resetRow.after).not.toContain('a-temporary-password')
  })
})

describe('refusals', () => {
  it("refuses an admin's reset of their own sign-in (SELF_RESET): their password, code and sessions stay", async () => {
    server = await startServer()
    const admin = await staffSession(server.app, 'admin')
    await staffSession(server.app, 'admin')
    const reset = await call(server.app, 'POST', `/ops/api/staff/${admin.id}/reset`, { token: admin.token, body: { password: 'a-password-i-now-know' } })
    expect(reset).toMatchObject(expectError(403, 'SELF_RESET'))
    expect((await call(server.app, 'GET', '/ops/api/me', { token: admin.token })).status).toBe(200)
    expect(await signIn({ username: admin.username, password: 'a-password-i-now-know' })).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
    expect((await auditOf(server.app, `staff:${admin.id}`)).map((row) => row.action)).not.toContain('staff.reset')
  })


  it("audits a role's refusal with the route it tried", async () => {
    server = await startServer()
    const support = await staffSession(server.app, 'support')
    expect(await call(server.app, 'GET', '/ops/api/withdrawals', { token: support.token })).toMatchObject(expectError(403, 'FORBIDDEN_ROLE'))
    const [row] = (await auditOf(server.app, `staff:${support.id}`)).filter((entry) => entry.action === 'staff.forbidden')
    expect(row).toMatchObject({ staff_id: support.id })
    expect(JSON.parse(row.after!)).toEqual({ route: 'GET /ops/api/withdrawals', duty: 'withdrawals' })
  })
})
