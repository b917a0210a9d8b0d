// @vitest-environment node
// Account security: limits counted before the password check, sign-out, sessions, hashing cost,
// OTP quotas and the payout hold after a bank account change.
import { afterEach, describe, expect, it } from 'vitest'
import { createPasswordHasher, DEFAULT_PASSWORD_COST, limiter } from '../../server/auth/passwords'
import { MAX_SESSIONS_PER_MEMBER } from '../../server/auth/repo'
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
  /** Counts the password checks the server makes from now on. */
  const countChecks = () => {
    const counter = { checks: 0 }
    const verify = server.app.serverContext.passwords.verify
    server.app.serverContext.passwords.verify = (...args) => {
      counter.checks++
      return verify(...args)
    }
    return counter
  }

  it('evaluates at most 5 of 40 parallel wrong guesses from one address', async () => {
    await start()
    const counter = countChecks()
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => loginFrom('10.0.0.1', DEMO.phone, `wrong-${i}`)))
    expect(statuses(answers)).toEqual({ 401: 5, 429: 35 })
    expect(counter.checks).toBe(5)
    const refused = answers.find((answer) => answer.statusCode === 429)!
    expect(refused.json()).toEqual({ message: 'REQUEST_LIMIT' })
    expect(refused.headers['retry-after']).toBe('1')
  })

  it("makes a guesser wait longer after each wrong password, 1 s doubling up to 15 minutes, and checks nothing meanwhile", async () => {
    await start()
    const counter = countChecks()
    for (let i = 0; i < 5; i++) expect((await loginFrom('10.0.0.2', DEMO.phone, 'wrong')).statusCode).toBe(401)
    const waits: number[] = []
    for (let guess = 0; guess < 13; guess++) {
      const early = await loginFrom('10.0.0.2', DEMO.phone, 'wrong')
      expect(early.statusCode).toBe(429)
      const wait = Number(early.headers['retry-after'])
      waits.push(wait)
      server.advance(wait * 1000 - 1)
      expect((await loginFrom('10.0.0.2', DEMO.phone, DEMO.password)).statusCode).toBe(429)
      server.advance(1)
      expect((await loginFrom('10.0.0.2', DEMO.phone, 'wrong')).statusCode).toBe(401)
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900])
    // Only the tries that came after their wait were checked.
    expect(counter.checks).toBe(5 + 13)
  })

  it("a stranger's wrong passwords from four addresses do not lock the owner out where they signed in before", async () => {
    await start()
    expect((await loginFrom('10.0.1.1', DEMO.phone, DEMO.password)).statusCode).toBe(200)
    // Four addresses, five wrong passwords each, every one of them checked (each waits its turn).
    for (let address = 2; address <= 5; address++) {
      for (let i = 0; i < 5; i++) {
        let answer = await loginFrom(`10.0.1.${address}`, DEMO.phone, 'wrong')
        while (answer.statusCode === 429) {
          server.advance(Number(answer.headers['retry-after']) * 1000)
          answer = await loginFrom(`10.0.1.${address}`, DEMO.phone, 'wrong')
        }
        expect(answer.statusCode).toBe(401)
      }
    }
    // The owner, at home: in at once.
    expect((await loginFrom('10.0.1.1', DEMO.phone, DEMO.password)).statusCode).toBe(200)
    // Anywhere else the phone waits: the guesser is slowed down, wherever it moves.
    const elsewhere = await loginFrom('10.0.1.99', DEMO.phone, DEMO.password)
    expect(elsewhere.statusCode).toBe(429)
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThan(60)
    // At home the owner's own wrong passwords still count.
    for (let i = 0; i < 5; i++) expect((await loginFrom('10.0.1.1', DEMO.phone, 'wrong')).statusCode).toBe(401)
    expect((await loginFrom('10.0.1.1', DEMO.phone, DEMO.password)).statusCode).toBe(429)
    // The address is remembered for 30 days after the last successful sign-in.
    const known = await server.app.serverContext.db.selectFrom('login_addresses').selectAll().execute()
    expect(known).toEqual([{ phone: DEMO.phone, address: '10.0.1.1', last_success_at: expect.any(Number) }])
  })

  it('slows one phone across addresses, so a stranger needs many to slow a member down', async () => {
    await start({ limits: { loginFreePerPhone: 8 } })
    for (let i = 0; i < 8; i++) expect((await loginFrom(`10.0.1.${i}`, DEMO.phone, 'wrong')).statusCode).toBe(401)
    expect((await loginFrom('10.0.1.99', DEMO.phone, DEMO.password)).statusCode).toBe(429)
  })

  it('slows one address across phones', async () => {
    await start({ limits: { loginFreePerAddress: 6 } })
    for (let i = 0; i < 6; i++) expect((await loginFrom('10.0.2.1', `08000000${10 + i}`, 'wrong')).statusCode).toBe(401)
    expect((await loginFrom('10.0.2.1', DEMO.phone, DEMO.password)).statusCode).toBe(429)
    expect((await loginFrom('10.0.2.2', DEMO.phone, DEMO.password)).statusCode).toBe(200)
  })

  it('counts two IPv6 addresses of one /64 as one address (and an IPv4-mapped address as its IPv4)', async () => {
    await start()
    for (let i = 0; i < 5; i++) expect((await loginFrom('2001:db8:1:2::a', DEMO.phone, 'wrong')).statusCode).toBe(401)
    expect((await loginFrom('2001:db8:1:2:ffff::b', DEMO.phone, DEMO.password)).statusCode).toBe(429)
    expect((await loginFrom('2001:db8:1:3::a', DEMO.phone, DEMO.password)).statusCode).toBe(200)

    for (let i = 0; i < 5; i++) expect((await loginFrom('::ffff:192.0.2.7', DEMO.phone, 'wrong')).statusCode).toBe(401)
    expect((await loginFrom('192.0.2.7', DEMO.phone, DEMO.password)).statusCode).toBe(429)
  })

  it('logs an ALERT when wrong passwords from everyone pass the overall cap, and refuses no one for it', async () => {
    const lines: string[] = []
    await start({ limits: { loginGlobalAlert: 10 }, logger: true, loggerStream: { write: (line) => lines.push(line) } })
    for (let i = 0; i < 14; i++) expect((await loginFrom(`10.0.3.${i}`, `08100000${10 + i}`, 'wrong')).statusCode).toBe(401)
    await expectSignedIn(server.app, (await loginFrom('10.0.3.200', DEMO.phone, DEMO.password)).json().token)
    const alerts = lines.filter((line) => line.includes('ALERT'))
    // One alert a window, however many attempts pass the cap (and across instances: it is recorded).
    expect(alerts).toHaveLength(1)
    expect(JSON.parse(alerts[0])).toMatchObject({ level: 50, alert: 'login_all', cap: 10, refused: false })
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
    const memberIds = async () => (await server.app.serverContext.db.selectFrom('sessions').select('member_id').execute()).map((row) => row.member_id)
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
    const db = server.app.serverContext.db
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
    (await server.app.serverContext.db.selectFrom('members').select('payout_hold_until').where('username', '=', DEMO.phone).executeTakeFirstOrThrow()).payout_hold_until
  const audits = () => server.app.serverContext.db.selectFrom('bank_account_changes').selectAll().execute()

  it('a new account number writes an audit row and starts a 24 h payout hold', async () => {
    await start()
    const token = await login(server.app)
    const now = server.app.serverContext.now()
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
    expect(await holdUntil()).toBe(server.app.serverContext.now() + 2 * HOUR)
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
