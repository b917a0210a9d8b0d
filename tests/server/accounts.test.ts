// @vitest-environment node
// Account security: limits counted before the password check, sign-out, sessions, hashing cost,
// OTP quotas and the payout hold after a bank account change.
import { afterEach, describe, expect, it } from 'vitest'
import { createPasswordHasher, DEFAULT_PASSWORD_COST, limiter } from '../../server/auth/passwords'
import { MAX_SESSIONS_PER_MEMBER } from '../../server/auth/sessions'
import { DEFAULT_PAYOUT_HOLD_MS } from '../../server/app'
import { DAY, DEMO, HOUR, type TestServer, call, expectError, expectSignedIn, login, registerMember, startServer } from './helpers'

let server: TestServer
afterEach(async () => {
  await server?.app.close()
})

type Options = Parameters<typeof startServer>[0]
const start = async (options?: Options) => (server = await startServer(options))

const loginFrom = (address: string, username: string, password: string) =>
  server.app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { username, password } })

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => ({ ...counts, [statusCode]: (counts[statusCode] ?? 0) + 1 }), {})

describe('login limits, counted before the password check', () => {
  it('evaluates at most 5 of 40 parallel wrong guesses from one address', async () => {
    await start()
    let checks = 0
    const verify = server.app.wallet.passwords.verify
    server.app.wallet.passwords.verify = (...args) => {
      checks++
      return verify(...args)
    }
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => loginFrom('10.0.0.1', DEMO.phone, `wrong-${i}`)))
    expect(statuses(answers)).toEqual({ 401: 5, 429: 35 })
    expect(checks).toBe(5)
    expect(answers.find((answer) => answer.statusCode === 429)!.json()).toEqual({ message: 'REQUEST_LIMIT' })
  })

  it('limits one phone across addresses, so a stranger needs many to lock a member out', async () => {
    await start({ limits: { loginPerPhone: 8 } })
    for (let i = 0; i < 8; i++) expect((await loginFrom(`10.0.1.${i}`, DEMO.phone, 'wrong')).statusCode).toBe(401)
    expect((await loginFrom('10.0.1.99', DEMO.phone, DEMO.password)).statusCode).toBe(429)
  })

  it('limits one address across phones', async () => {
    await start({ limits: { loginPerAddress: 6 } })
    for (let i = 0; i < 6; i++) expect((await loginFrom('10.0.2.1', `08000000${10 + i}`, 'wrong')).statusCode).toBe(401)
    expect((await loginFrom('10.0.2.1', DEMO.phone, DEMO.password)).statusCode).toBe(429)
    expect((await loginFrom('10.0.2.2', DEMO.phone, DEMO.password)).statusCode).toBe(200)
  })

  it('has a global ceiling for a spray across phones and addresses', async () => {
    await start({ limits: { loginGlobal: 10 } })
    for (let i = 0; i < 10; i++) expect((await loginFrom(`10.0.3.${i}`, `08100000${10 + i}`, 'wrong')).statusCode).toBe(401)
    expect((await loginFrom('10.0.3.200', DEMO.phone, DEMO.password)).statusCode).toBe(429)
  })

  it('a right password does not count, and clears the failures of its phone and address', async () => {
    await start()
    for (let i = 0; i < 4; i++) expect((await loginFrom('10.0.4.1', DEMO.phone, 'wrong')).statusCode).toBe(401)
    expect((await loginFrom('10.0.4.1', DEMO.phone, DEMO.password)).statusCode).toBe(200)
    for (let i = 0; i < 5; i++) expect((await loginFrom('10.0.4.1', DEMO.phone, 'wrong')).statusCode).toBe(401)
    expect((await loginFrom('10.0.4.1', DEMO.phone, DEMO.password)).statusCode).toBe(429)
  })
})

describe('sessions', () => {
  it('POST /api/logout revokes the token on the server', async () => {
    await start()
    const token = await login(server.app)
    const other = await login(server.app)
    expect(await call(server.app, 'POST', '/api/logout', { token })).toMatchObject({ status: 200, body: { message: 'OK' } })
    expect(await call(server.app, 'GET', '/api/account/profile', { token })).toMatchObject(expectError(401, 'invalid token'))
    expect((await call(server.app, 'GET', '/api/account/profile', { token: other })).status).toBe(200)
    expect(await call(server.app, 'POST', '/api/logout')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })

  it(`keeps at most ${MAX_SESSIONS_PER_MEMBER} live sessions a member; the oldest goes`, async () => {
    await start()
    const tokens: string[] = []
    for (let i = 0; i <= MAX_SESSIONS_PER_MEMBER; i++) {
      tokens.push(await login(server.app))
      server.advance(1000)
    }
    expect((await call(server.app, 'GET', '/api/account/profile', { token: tokens[0] })).status).toBe(401)
    for (const token of tokens.slice(1)) {
      expect((await call(server.app, 'GET', '/api/account/profile', { token })).status).toBe(200)
    }
  })

  it('sweeps expired sessions of every member', async () => {
    await start({ sessionTtlMs: HOUR })
    await login(server.app)
    server.advance(2 * DAY)
    const memberIds = async () => (await server.app.wallet.db.selectFrom('sessions').select('member_id').execute()).map((row) => row.member_id)
    expect(await memberIds()).toEqual([123])
    // Another member signs in: the demo's long-expired session goes too.
    await registerMember(server.app)
    expect(await memberIds()).toHaveLength(1)
    expect(await memberIds()).not.toContain(123)
  })
})

describe('change password', () => {
  const change = (token: string, oldPassword: string, newPassword: string) =>
    call(server.app, 'PUT', '/api/account/changepwd', { token, body: { oldPassword, newPassword } })

  it('refuses a new password equal to the old one', async () => {
    await start()
    const token = await login(server.app)
    expect(await change(token, DEMO.password, DEMO.password)).toMatchObject(expectError(400, 'PASSWORD_UNCHANGED'))
  })

  it('counts wrong old passwords before the check, like a login', async () => {
    await start()
    const token = await login(server.app)
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => change(token, `guess-${i}`, 'new-secret')))
    expect(answers.filter((answer) => answer.status === 400).length).toBe(5)
    expect(answers.filter((answer) => answer.status === 429).length).toBe(7)
    expect(await change(token, DEMO.password, 'new-secret')).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
  })
})

describe('password hashing', () => {
  it('hashes at scrypt N = 2^17, r = 8, p = 1 by default', async () => {
    expect(DEFAULT_PASSWORD_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 })
    const hasher = createPasswordHasher()
    const hash = await hasher.hash('s3cret')
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/)
    expect(await hasher.verify('s3cret', hash)).toBe(true)
    expect(await hasher.verify('s3cret!', hash)).toBe(false)
  }, 20_000)

  it('re-hashes at the current cost on the next login', async () => {
    await start()
    const old = await createPasswordHasher({ N: 2 ** 11, r: 8, p: 1 }).hash(DEMO.password)
    const db = server.app.wallet.db
    await db.updateTable('members').set({ password_hash: old }).where('username', '=', DEMO.phone).execute()
    await login(server.app)
    const { password_hash: stored } = await db.selectFrom('members').select('password_hash').where('username', '=', DEMO.phone).executeTakeFirstOrThrow()
    expect(stored).not.toBe(old)
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/)
    await expectSignedIn(server.app, await login(server.app))
  })

  it('runs at most the cap of hashes at once', async () => {
    const run = limiter(2)
    let running = 0
    let most = 0
    const task = () => run(async () => {
      most = Math.max(most, ++running)
      await new Promise((resolve) => setTimeout(resolve, 5))
      running--
    })
    await Promise.all(Array.from({ length: 8 }, task))
    expect(most).toBe(2)
  })
})

describe('OTP send quotas', () => {
  const send = (address: string, phoneNumber: string) =>
    server.app.inject({ method: 'POST', url: '/api/otp/send', remoteAddress: address, payload: { phoneNumber } })

  it('limits one address across phone numbers (SMS pumping)', async () => {
    await start({ limits: { otpPerAddress: 3 } })
    for (let i = 0; i < 3; i++) expect((await send('10.1.0.1', `09100000${10 + i}`)).statusCode).toBe(200)
    const refused = await send('10.1.0.1', '0910000099')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ message: 'REQUEST_LIMIT' })
    expect(server.sms).toHaveLength(3)
  })

  it('has a global ceiling', async () => {
    await start({ limits: { otpGlobal: 2 } })
    expect((await send('10.1.1.1', '0920000010')).statusCode).toBe(200)
    expect((await send('10.1.1.2', '0920000011')).statusCode).toBe(200)
    expect((await send('10.1.1.3', '0920000012')).statusCode).toBe(429)
  })
})

describe('payout bank account changes', () => {
  const update = (token: string, bank: Record<string, string>) =>
    call(server.app, 'PUT', '/api/account/profile', {
      token,
      body: { name: 'demo player', bankCode: 'KBANK', bankAccountName: 'DEMO PLAYER', bankAccountNo: '1234567890', ...bank },
    })
  const holdUntil = async () =>
    (await server.app.wallet.db.selectFrom('members').select('payout_hold_until').where('username', '=', DEMO.phone).executeTakeFirstOrThrow()).payout_hold_until
  const audits = () => server.app.wallet.db.selectFrom('bank_account_changes').selectAll().execute()

  it('a new account number writes an audit row and starts a 24 h payout hold', async () => {
    await start()
    const token = await login(server.app)
    const now = server.app.wallet.now()
    expect((await update(token, { bankAccountNo: '5555555555' })).status).toBe(200)
    expect(await audits()).toEqual([expect.objectContaining({
      old_bank_code: 'KBANK', old_account_no: '1234567890', new_bank_code: 'KBANK', new_account_no: '5555555555',
      changed_at: now,
    })])
    expect(DEFAULT_PAYOUT_HOLD_MS).toBe(24 * HOUR)
    expect(await holdUntil()).toBe(now + 24 * HOUR)
  })

  it('the hold length is server configuration', async () => {
    await start({ payoutHoldMs: 2 * HOUR })
    const token = await login(server.app)
    await update(token, { bankCode: 'SCB', bankAccountNo: '7777777777' })
    expect(await holdUntil()).toBe(server.app.wallet.now() + 2 * HOUR)
  })

  it('a name correction is audited without a hold; an unchanged profile writes nothing', async () => {
    await start()
    const token = await login(server.app)
    expect((await update(token, {})).status).toBe(200)
    expect(await audits()).toHaveLength(0)
    const named = await call(server.app, 'PUT', '/api/account/bankAccountName', {
      token, body: { bankCode: 'KBANK', bankAccountName: 'DEMO PLAYER TWO' },
    })
    expect(named.status).toBe(200)
    expect(await audits()).toEqual([expect.objectContaining({ old_account_name: 'DEMO PLAYER', new_account_name: 'DEMO PLAYER TWO' })])
    expect(await holdUntil()).toBe(0)
  })
})
