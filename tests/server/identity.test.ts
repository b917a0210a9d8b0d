// @vitest-environment node
// The messenger identity (issue 31, section 1): Telegram's init data and LINE's ID token verified by
// the server, a linked account signing its member in, link and unlink, and the password asked
// again (step-up) before money leaves or the payout account changes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BuildServerOptions } from '../../server/app'
import { readServerEnv } from '../../server/env'
import { IDENTITY_OFF, identityOn } from '../../server/identity/settings'
import { DEMO, MINUTE, OPERATOR_ENV, START, type TestServer, call, expectError, expectSignedIn, login, registerMember, startServer } from './helpers'
import { BOT_TOKEN, CHANNEL_ID, type LineKeys, TELEGRAM_SIGNED, idToken, identitySettings, initData, link, messengerLogin, serveLineKeys } from './identityHelpers'

let lineKeys: LineKeys
beforeAll(async () => {
  lineKeys = await serveLineKeys()
})
afterAll(async () => {
  await lineKeys.close()
})

let server: TestServer
afterEach(async () => {
  await server?.app.close()
})

const start = async (options: Partial<BuildServerOptions> = {}) => {
  server = await startServer({
    identity: identitySettings({ telegramBotToken: BOT_TOKEN, lineChannelId: CHANNEL_ID, lineJwksUrl: lineKeys.url }),
    ...options,
  })
  return server
}
const now = () => server.app.serverContext.now()
const lineToken = (claims: Partial<Parameters<typeof idToken>[0]> = {}) =>
  idToken({ issuedAt: now(), key: lineKeys.key, kid: lineKeys.kid, ...claims })
const TELEGRAM_USER = 5550001

/** The demo member with Telegram user TELEGRAM_USER linked, and a messenger session of it. */
async function linkedDemo() {
  const password = await login(server.app)
  expect((await link(server.app, password, 'telegram', initData(TELEGRAM_USER, now()))).status).toBe(200)
  const signedIn = await messengerLogin(server.app, 'telegram', initData(TELEGRAM_USER, now()))
  expect(signedIn.status).toBe(200)
  return { password, messenger: signedIn.body.token as string }
}

describe('identity off (no operator setting)', () => {
  it('serves no identity in /config.json, refuses every identity route, and asks no step-up to withdraw', async () => {
    server = await startServer()
    expect((await call(server.app, 'GET', '/config.json')).body).not.toHaveProperty('identity')
    const token = await login(server.app)
    const off = expectError(404, 'IDENTITY_OFF')
    expect(await messengerLogin(server.app, 'telegram', initData(1, START))).toMatchObject(off)
    expect(await call(server.app, 'GET', '/api/account/identities', { token })).toMatchObject(off)
    expect(await link(server.app, token, 'telegram', initData(1, START))).toMatchObject(off)
    expect(await call(server.app, 'DELETE', '/api/account/identities/telegram', { token })).toMatchObject(off)
    // A day-old password session withdraws as it always did.
    server.advance(24 * 60 * MINUTE - MINUTE)
    expect((await call(server.app, 'POST', '/api/wallet/withdraw', { token, body: { amount: 100 } })).status).toBe(200)
  })

  // Issue 47 §7: on 3490fad, with the identity off, the bank account changed with the token alone.
  it('still asks for the password again before a bank account change, and takes it by the step-up', async () => {
    server = await startServer()
    const token = await login(server.app)
    const bank = { name: 'DEMO PLAYER', bankCode: 'SCB', bankAccountName: 'DEMO PLAYER', bankAccountNo: '5556667771' }
    // Within STEP_UP_MINUTES of the sign-in the password given then is enough.
    server.advance(10 * MINUTE)
    expect((await call(server.app, 'PUT', '/api/account/profile', { token, body: bank })).status).toBe(200)
    server.advance(MINUTE)
    const stolen = await call(server.app, 'PUT', '/api/account/profile', { token, body: { ...bank, bankAccountNo: '5556667772' } })
    expect(stolen).toMatchObject(expectError(403, 'STEP_UP_REQUIRED'))
    expect(await call(server.app, 'PUT', '/api/account/bankAccountName', { token, body: { bankCode: 'SCB', bankAccountName: 'DEMO P PLAYER' } })).toMatchObject(expectError(403, 'STEP_UP_REQUIRED'))
    expect(await call(server.app, 'POST', '/api/account/step-up', { token, body: { password: 'not-the-password' } })).toMatchObject(expectError(400, 'WRONG_PASSWORD'))
    expect((await call(server.app, 'POST', '/api/account/step-up', { token, body: { password: DEMO.password } })).status).toBe(200)
    expect((await call(server.app, 'PUT', '/api/account/profile', { token, body: { ...bank, bankAccountNo: '5556667772' } })).status).toBe(200)
  })

  it('a messenger that is not configured is off while the other is on', async () => {
    await start({ identity: identitySettings({ telegramBotToken: BOT_TOKEN }) })
    expect((await call(server.app, 'GET', '/config.json')).body.identity).toEqual({ telegram: true, line: false, passkeys: false, stepUpMinutes: 10, telegramContact: true })
    expect(await messengerLogin(server.app, 'line', await lineToken())).toMatchObject(expectError(404, 'IDENTITY_OFF'))
  })
})

describe('Telegram init data by the bot token (HMAC)', () => {
  it('an account no member linked is refused without a word about members, and the same init data still links', async () => {
    await start()
    expect((await call(server.app, 'GET', '/config.json')).body.identity).toEqual({ telegram: true, line: true, passkeys: false, stepUpMinutes: 10, telegramContact: true })
    const credential = initData(TELEGRAM_USER, now(), 'Somchai')
    expect(await messengerLogin(server.app, 'telegram', credential)).toMatchObject(expectError(401, 'IDENTITY_NOT_LINKED'))
    const token = await login(server.app)
    const linked = await link(server.app, token, 'telegram', credential)
    expect(linked).toMatchObject({ status: 200, body: { identities: [{ provider: 'telegram', name: 'Somchai', linkedAt: now() }] } })
    expect((await call(server.app, 'GET', '/api/account/identities', { token })).body).toEqual(linked.body)
  })

  it('signs the linked member in, once per init data, however it is re-encoded', async () => {
    await start()
    await linkedDemo()
    const credential = initData(TELEGRAM_USER, now())
    const signedIn = await messengerLogin(server.app, 'telegram', credential)
    expect(signedIn.status).toBe(200)
    await expectSignedIn(server.app, signedIn.body.token as string)
    const used = expectError(401, 'IDENTITY_USED')
    expect(await messengerLogin(server.app, 'telegram', credential)).toMatchObject(used)
    // The same signed fields in another order and with other escapes are the same credential.
    const reordered = credential.split('&').reverse().join('&').replace(/%22/g, '"')
    expect(reordered).not.toBe(credential)
    expect(await messengerLogin(server.app, 'telegram', reordered)).toMatchObject(used)
  })

  it('refuses tampered, foreign and expired init data', async () => {
    await start({ identity: identitySettings({ telegramBotToken: BOT_TOKEN, telegramMaxAgeSeconds: 600 }) })
    await linkedDemo()
    const invalid = expectError(401, 'IDENTITY_INVALID')
    // Another user id under the same hash.
    const tampered = initData(TELEGRAM_USER + 1, now()).replace(String(TELEGRAM_USER + 1), String(TELEGRAM_USER))
    expect(await messengerLogin(server.app, 'telegram', tampered)).toMatchObject(invalid)
    expect(await messengerLogin(server.app, 'telegram', initData(TELEGRAM_USER, now(), 'X', '7000000002:AnotherBotsTokenNotOurs_0123456789abcd'))).toMatchObject(invalid)
    expect(await messengerLogin(server.app, 'telegram', 'user=%7B%22id%22%3A5550001%7D&auth_date=1&hash=00')).toMatchObject(invalid)
    // Older than TELEGRAM_INIT_DATA_MAX_AGE by the server's clock; just inside it is fine.
    expect(await messengerLogin(server.app, 'telegram', initData(TELEGRAM_USER, now() - 601_000))).toMatchObject(expectError(401, 'IDENTITY_EXPIRED'))
    expect((await messengerLogin(server.app, 'telegram', initData(TELEGRAM_USER, now() - 590_000))).status).toBe(200)
    // From well ahead of our clock: not Telegram's.
    expect(await messengerLogin(server.app, 'telegram', initData(TELEGRAM_USER, now() + 60 * MINUTE))).toMatchObject(invalid)
  })
})

describe("Telegram init data by the bot id alone (Telegram's Ed25519 signature)", () => {
  const byId = (overrides = {}) => start({
    identity: identitySettings({ telegramBotId: TELEGRAM_SIGNED.botId, telegramMaxAgeSeconds: 3600, ...overrides }),
  })
  /** The server's clock a minute after Telegram signed the example. */
  const atSigning = async (overrides = {}) => {
    await byId(overrides)
    server.setTime(TELEGRAM_SIGNED.authDate * 1000 + MINUTE)
  }

  it('signs in the member who linked the account, once', async () => {
    await atSigning()
    const token = await login(server.app)
    // Linking uses the credential up, so the member links with it and the sign-in is its replay.
    expect((await link(server.app, token, 'telegram', TELEGRAM_SIGNED.initData)).body).toMatchObject({ identities: [{ provider: 'telegram', name: 'Vladislav + - ? / Kibenko' }] })
    expect(await messengerLogin(server.app, 'telegram', TELEGRAM_SIGNED.initData)).toMatchObject(expectError(401, 'IDENTITY_USED'))
  })

  it('opens a session for the linked member, and the same init data never again', async () => {
    await atSigning()
    const member = await server.app.serverContext.db.selectFrom('members').select('id').where('username', '=', DEMO.phone).executeTakeFirstOrThrow()
    await server.app.serverContext.db.insertInto('member_identities')
      .values({ member_id: member.id, provider: 'telegram', subject: TELEGRAM_SIGNED.userId, name: 'Vladislav', linked_at: now() }).execute()
    const signedIn = await messengerLogin(server.app, 'telegram', TELEGRAM_SIGNED.initData)
    expect(signedIn.status).toBe(200)
    await expectSignedIn(server.app, signedIn.body.token as string)
    expect(await messengerLogin(server.app, 'telegram', TELEGRAM_SIGNED.initData)).toMatchObject(expectError(401, 'IDENTITY_USED'))
  })

  it('refuses it tampered, for another bot, against the test environment key, and once too old', async () => {
    await atSigning()
    const invalid = expectError(401, 'IDENTITY_INVALID')
    const token = await login(server.app)
    expect(await link(server.app, token, 'telegram', TELEGRAM_SIGNED.initData.replace('279058397', '279058398'))).toMatchObject(invalid)
    expect(await link(server.app, token, 'telegram', TELEGRAM_SIGNED.initData.replace('chat_type=private', 'chat_type=group'))).toMatchObject(invalid)
    expect(await link(server.app, token, 'telegram', TELEGRAM_SIGNED.initData.replace(/&signature=[^&]+/, ''))).toMatchObject(invalid)
    await server.app.close()

    await atSigning({ telegramBotId: TELEGRAM_SIGNED.botId + 1 })
    expect(await link(server.app, await login(server.app), 'telegram', TELEGRAM_SIGNED.initData)).toMatchObject(invalid)
    await server.app.close()

    // TELEGRAM_TEST_ENV=1: Telegram's test key, which did not sign the production example.
    await atSigning({ telegramTestEnv: true })
    expect(await link(server.app, await login(server.app), 'telegram', TELEGRAM_SIGNED.initData)).toMatchObject(invalid)
    await server.app.close()

    await atSigning()
    server.setTime(TELEGRAM_SIGNED.authDate * 1000 + 3601_000)
    expect(await link(server.app, await login(server.app), 'telegram', TELEGRAM_SIGNED.initData)).toMatchObject(expectError(401, 'IDENTITY_EXPIRED'))
  })
})

describe('LINE ID tokens (ES256, behind a JWKS on loopback)', () => {
  it('sign the linked member in once; the name and subject come from the verified token', async () => {
    await start()
    const token = await login(server.app)
    expect((await link(server.app, token, 'line', await lineToken({ sub: 'Uline1', name: 'Somchai LINE' }))).body)
      .toMatchObject({ identities: [{ provider: 'line', name: 'Somchai LINE' }] })
    const credential = await lineToken({ sub: 'Uline1' })
    const signedIn = await messengerLogin(server.app, 'line', credential)
    expect(signedIn.status).toBe(200)
    await expectSignedIn(server.app, signedIn.body.token as string)
    expect(await messengerLogin(server.app, 'line', credential)).toMatchObject(expectError(401, 'IDENTITY_USED'))
    expect(await messengerLogin(server.app, 'line', await lineToken({ sub: 'Uother' }))).toMatchObject(expectError(401, 'IDENTITY_NOT_LINKED'))
  })

  it('refuse a wrong audience, issuer, key or algorithm, and an expired token', async () => {
    await start()
    const token = await login(server.app)
    await link(server.app, token, 'line', await lineToken({ sub: 'Uline1' }))
    const invalid = expectError(401, 'IDENTITY_INVALID')
    expect(await messengerLogin(server.app, 'line', await lineToken({ sub: 'Uline1', aud: '1650000002' }))).toMatchObject(invalid)
    expect(await messengerLogin(server.app, 'line', await lineToken({ sub: 'Uline1', iss: 'https://access.line.me.example' }))).toMatchObject(invalid)
    // Signed by a key LINE does not publish, under LINE's key id.
    expect(await messengerLogin(server.app, 'line', await lineToken({ sub: 'Uline1', key: lineKeys.stranger }))).toMatchObject(invalid)
    // The signature of one token on another's claims.
    const [header, , signature] = (await lineToken({ sub: 'Uline1' })).split('.')
    const other = (await lineToken({ sub: 'Uline2' })).split('.')[1]
    expect(await messengerLogin(server.app, 'line', `${header}.${other}.${signature}`)).toMatchObject(invalid)
    // Unsigned (alg none), and not a token at all.
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${other}.`
    expect(await messengerLogin(server.app, 'line', unsigned)).toMatchObject(invalid)
    expect(await messengerLogin(server.app, 'line', 'not-a-token')).toMatchObject(invalid)
    // Expired by the server's clock.
    const expiring = await lineToken({ sub: 'Uline1', expiresInSeconds: 60 })
    server.advance(61_000)
    expect(await messengerLogin(server.app, 'line', expiring)).toMatchObject(expectError(401, 'IDENTITY_EXPIRED'))
  })

  it("answer 503 IDENTITY_UNAVAILABLE when LINE's keys cannot be fetched", async () => {
    await start({ identity: identitySettings({ lineChannelId: CHANNEL_ID, lineJwksUrl: 'http://127.0.0.1:9/certs' }) })
    expect(await messengerLogin(server.app, 'line', await lineToken())).toMatchObject(expectError(503, 'IDENTITY_UNAVAILABLE'))
  })
})

describe('linking', () => {
  it('only in a session the password opened, never in a messenger one (even after step-up)', async () => {
    await start()
    const { messenger } = await linkedDemo()
    const refused = expectError(403, 'PASSWORD_SESSION_REQUIRED')
    expect(await link(server.app, messenger, 'line', await lineToken())).toMatchObject(refused)
    expect((await call(server.app, 'POST', '/api/account/step-up', { token: messenger, body: { password: DEMO.password } })).status).toBe(200)
    expect(await link(server.app, messenger, 'line', await lineToken())).toMatchObject(refused)
    expect((await call(server.app, 'GET', '/api/account/identities', { token: messenger })).body).toMatchObject({ identities: [{ provider: 'telegram' }] })
  })

  it("one account on one member: another member's is refused, this member's is answered as linked, a second of one messenger is refused", async () => {
    await start()
    const demo = await login(server.app)
    expect((await link(server.app, demo, 'telegram', initData(TELEGRAM_USER, now()))).status).toBe(200)
    const other = await registerMember(server.app)
    expect(await link(server.app, other, 'telegram', initData(TELEGRAM_USER, now()))).toMatchObject(expectError(409, 'IDENTITY_LINKED_ELSEWHERE'))
    expect((await call(server.app, 'GET', '/api/account/identities', { token: other })).body).toEqual({ identities: [] })
    expect((await link(server.app, demo, 'telegram', initData(TELEGRAM_USER, now()))).body).toMatchObject({ identities: [{ provider: 'telegram' }] })
    expect(await link(server.app, demo, 'telegram', initData(TELEGRAM_USER + 1, now()))).toMatchObject(expectError(409, 'IDENTITY_PROVIDER_LINKED'))
    // A LINE account beside it is fine, listed oldest first.
    server.advance(1000)
    const both = await link(server.app, demo, 'line', await lineToken())
    expect((both.body.identities as { provider: string }[]).map((identity) => identity.provider)).toEqual(['telegram', 'line'])
  })

  it('records each link and unlink with its time and address, and the record cannot be rewritten', async () => {
    await start()
    const token = await login(server.app)
    await call(server.app, 'POST', '/api/account/identities', { token, body: { provider: 'telegram', credential: initData(TELEGRAM_USER, now()) }, address: '203.0.113.7' })
    server.advance(MINUTE)
    await call(server.app, 'DELETE', '/api/account/identities/telegram', { token, address: '203.0.113.8' })
    const db = server.app.serverContext.db
    const events = await db.selectFrom('identity_events').select(['provider', 'subject', 'action', 'address', 'at']).orderBy('id').execute()
    expect(events).toEqual([
      { provider: 'telegram', subject: String(TELEGRAM_USER), action: 'link', address: '203.0.113.7', at: START },
      { provider: 'telegram', subject: String(TELEGRAM_USER), action: 'unlink', address: '203.0.113.8', at: START + MINUTE },
    ])
    await expect(db.updateTable('identity_events').set({ address: '0.0.0.0' }).execute()).rejects.toThrow(/append-only/)
    await expect(db.deleteFrom('identity_events').execute()).rejects.toThrow(/append-only/)
  })
})

describe('unlinking', () => {
  it('removes the account and ends every session it opened; password sessions stay', async () => {
    await start()
    const { password, messenger } = await linkedDemo()
    const second = (await messengerLogin(server.app, 'telegram', initData(TELEGRAM_USER, now()))).body.token as string
    expect((await call(server.app, 'DELETE', '/api/account/identities/telegram', { token: password })).body).toEqual({ identities: [] })
    for (const ended of [messenger, second]) {
      expect(await call(server.app, 'GET', '/api/account/profile', { token: ended })).toMatchObject(expectError(401, 'invalid token'))
    }
    await expectSignedIn(server.app, password)
    expect(await messengerLogin(server.app, 'telegram', initData(TELEGRAM_USER, now()))).toMatchObject(expectError(401, 'IDENTITY_NOT_LINKED'))
    expect(await call(server.app, 'DELETE', '/api/account/identities/telegram', { token: password })).toMatchObject(expectError(404, 'NO_DATA'))
  })

  it('from the messenger session itself ends that session too', async () => {
    await start()
    const { messenger } = await linkedDemo()
    // Issue 47: the messenger session alone unlinks nothing; with the password given again it may.
    expect(await call(server.app, 'DELETE', '/api/account/identities/telegram', { token: messenger })).toMatchObject(expectError(403, 'STEP_UP_REQUIRED'))
    expect((await call(server.app, 'POST', '/api/account/step-up', { token: messenger, body: { password: DEMO.password } })).status).toBe(200)
    expect((await call(server.app, 'DELETE', '/api/account/identities/telegram', { token: messenger })).status).toBe(200)
    expect((await call(server.app, 'GET', '/api/account/profile', { token: messenger })).status).toBe(401)
  })
})

// Issue 47 §4: on 3490fad a messenger link outlived a password change, and a password session of
// any age (up to 7 days) linked or unlinked one.
describe('a password change and the links', () => {
  it('ends every messenger link and the sessions they opened, keeping the session that changed it', async () => {
    await start()
    const { password, messenger } = await linkedDemo()
    const change = await call(server.app, 'PUT', '/api/account/changepwd', { token: messenger, body: { oldPassword: DEMO.password, newPassword: 'a-new-password-1' } })
    expect(change.status, JSON.stringify(change.body)).toBe(200)
    // The messenger session that changed it stays (the password proved it); the link does not.
    expect((await call(server.app, 'GET', '/api/account/profile', { token: messenger })).status).toBe(200)
    expect((await call(server.app, 'GET', '/api/account/identities', { token: messenger })).body).toEqual({ identities: [] })
    expect((await call(server.app, 'GET', '/api/account/profile', { token: password })).status).toBe(401)
    expect(await messengerLogin(server.app, 'telegram', initData(TELEGRAM_USER, now()))).toMatchObject(expectError(401, 'IDENTITY_NOT_LINKED'))
    const events = await server.app.serverContext.db.selectFrom('identity_events').select('action').orderBy('id').execute()
    expect(events.map((event) => event.action)).toEqual(['link', 'unlink'])
  })

  it('links and unlinks only with the password given within STEP_UP_MINUTES', async () => {
    await start()
    const token = await login(server.app)
    server.advance(11 * MINUTE)
    const stale = expectError(403, 'STEP_UP_REQUIRED')
    expect(await link(server.app, token, 'telegram', initData(TELEGRAM_USER, now()))).toMatchObject(stale)
    expect((await call(server.app, 'POST', '/api/account/step-up', { token, body: { password: DEMO.password } })).status).toBe(200)
    // The same init data was not used up by the refusal.
    expect((await link(server.app, token, 'telegram', initData(TELEGRAM_USER, now()))).status).toBe(200)
    server.advance(11 * MINUTE)
    expect(await call(server.app, 'DELETE', '/api/account/identities/telegram', { token })).toMatchObject(stale)
    expect((await call(server.app, 'POST', '/api/account/step-up', { token, body: { password: DEMO.password } })).status).toBe(200)
    expect((await call(server.app, 'DELETE', '/api/account/identities/telegram', { token })).status).toBe(200)
  })
})

describe('step-up', () => {
  const withdraw = (token: string, key: string, path = '/api/wallet/withdraw') =>
    call(server.app, 'POST', path, { token, body: { amount: 100 }, headers: { 'idempotency-key': key } })
  const stepUp = (token: string, password: string) => call(server.app, 'POST', '/api/account/step-up', { token, body: { password } })
  const newBank = { name: 'DEMO PLAYER', bankCode: 'SCB', bankAccountName: 'DEMO PLAYER', bankAccountNo: '5556667778' }

  it('a messenger session withdraws and changes the bank account only after the password, and a retried key goes through once', async () => {
    await start()
    const { messenger: token } = await linkedDemo()
    const required = expectError(403, 'STEP_UP_REQUIRED')
    expect(await withdraw(token, 'withdraw-1')).toMatchObject(required)
    expect(await withdraw(token, 'withdraw-2', '/api/wallet/withdrawAll')).toMatchObject(required)
    expect(await call(server.app, 'PUT', '/api/account/profile', { token, body: newBank })).toMatchObject(required)
    expect(await call(server.app, 'PUT', '/api/account/bankAccountName', { token, body: { bankCode: 'KBANK', bankAccountName: 'DEMO OTHER NAME' } })).toMatchObject(required)
    // The profile's name alone is no bank change.
    const profile = (await call(server.app, 'GET', '/api/account/profile', { token })).body.profile as Record<string, string>
    const sameBank = { name: 'Demo Renamed', bankCode: profile.bankCode, bankAccountName: profile.bankAccountName, bankAccountNo: profile.bankAccountNo }
    expect((await call(server.app, 'PUT', '/api/account/profile', { token, body: sameBank })).status).toBe(200)

    expect(await stepUp(token, 'wrong-password')).toMatchObject(expectError(400, 'WRONG_PASSWORD'))
    expect(await withdraw(token, 'withdraw-1')).toMatchObject(required)
    expect(await stepUp(token, DEMO.password)).toMatchObject({ status: 200, body: { message: 'OK' } })
    const first = await withdraw(token, 'withdraw-1')
    expect(first.status).toBe(200)
    const again = await withdraw(token, 'withdraw-1')
    expect(again).toMatchObject({ status: 200, body: first.body, headers: { 'idempotent-replayed': 'true' } })
    const db = server.app.serverContext.db
    expect(await db.selectFrom('withdrawals').select('id').execute()).toHaveLength(1)
    expect((await call(server.app, 'PUT', '/api/account/profile', { token, body: newBank })).status).toBe(200)

    // STEP_UP_MINUTES later the password is asked again.
    server.advance(10 * MINUTE + 1)
    expect(await withdraw(token, 'withdraw-3')).toMatchObject(required)
  })

  it('a password session is asked again once its password is older than STEP_UP_MINUTES', async () => {
    await start({ identity: identitySettings({ telegramBotToken: BOT_TOKEN, stepUpMinutes: 30 }) })
    const token = await login(server.app)
    server.advance(30 * MINUTE)
    expect((await withdraw(token, 'fresh')).status).toBe(200)
    server.advance(1)
    expect(await withdraw(token, 'stale')).toMatchObject(expectError(403, 'STEP_UP_REQUIRED'))
    expect((await stepUp(token, DEMO.password)).status).toBe(200)
    expect((await withdraw(token, 'stale')).status).toBe(200)
  })

  it('counts wrong passwords as a login does', async () => {
    await start({ limits: { loginFreePerPhoneAddress: 2 } })
    const { messenger: token } = await linkedDemo()
    for (let i = 0; i < 2; i++) expect((await stepUp(token, 'wrong-password')).status).toBe(400)
    const limited = await stepUp(token, DEMO.password)
    expect(limited).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it('the password change is its own proof: a messenger session changes it with the right old password only', async () => {
    await start()
    const { messenger: token } = await linkedDemo()
    const change = (oldPassword: string) => call(server.app, 'PUT', '/api/account/changepwd', { token, body: { oldPassword, newPassword: 'brand-new-99' } })
    expect(await change('wrong-password')).toMatchObject(expectError(400, 'WRONG_PASSWORD'))
    expect(await withdraw(token, 'after-change')).toMatchObject(expectError(403, 'STEP_UP_REQUIRED'))
    expect(await change(DEMO.password)).toMatchObject({ status: 200, body: { message: 'SUCCESS' } })
    await login(server.app, DEMO.phone, 'brand-new-99')
    // The old password just given is the session's step-up.
    expect((await withdraw(token, 'after-change')).status).toBe(200)
  })
})

describe('messenger sign-in limits and dev routes', () => {
  it('counts sign-ins per address before the check, as a login', async () => {
    await start({ limits: { messengerLoginFreePerAddress: 2 } })
    for (let i = 0; i < 2; i++) {
      expect((await messengerLogin(server.app, 'telegram', initData(9, now()), '198.51.100.1')).status).toBe(401)
    }
    expect(await messengerLogin(server.app, 'telegram', initData(9, now()), '198.51.100.1')).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    // Another address is not slowed by it.
    expect(await messengerLogin(server.app, 'telegram', initData(9, now()), '198.51.100.2')).toMatchObject(expectError(401, 'IDENTITY_NOT_LINKED'))
  })

  it('the /dev stand-ins switch the identity and sign credentials the server accepts', async () => {
    server = await startServer()
    const base = 'http://127.0.0.1:0/dev/line/jwks'
    expect((await call(server.app, 'POST', '/dev/identity', { body: { telegramBotToken: BOT_TOKEN, lineChannelId: CHANNEL_ID, lineJwksUrl: base, stepUpMinutes: 5 } })).body)
      .toEqual({ identity: { telegram: true, line: true, passkeys: false, stepUpMinutes: 5, telegramContact: true } })
    expect((await call(server.app, 'GET', '/config.json')).body.identity).toEqual({ telegram: true, line: true, passkeys: false, stepUpMinutes: 5, telegramContact: true })
    const token = await login(server.app)
    const minted = (await call(server.app, 'POST', '/dev/telegram/init-data', { body: { userId: 77, firstName: 'Dev' } })).body.initData as string
    expect((await link(server.app, token, 'telegram', minted)).body).toMatchObject({ identities: [{ provider: 'telegram', name: 'Dev' }] })
    const again = (await call(server.app, 'POST', '/dev/telegram/init-data', { body: { userId: 77 } })).body.initData as string
    expect((await messengerLogin(server.app, 'telegram', again)).status).toBe(200)
    // The LINE stand-in's key: served as a key set and used to sign.
    const jwks = (await call(server.app, 'GET', '/dev/line/jwks')).body as { keys: { kty: string; alg: string; d?: string }[] }
    expect(jwks.keys).toMatchObject([{ kty: 'EC', alg: 'ES256' }])
    expect(jwks.keys[0].d).toBeUndefined()
    const { idToken: minted2 } = (await call(server.app, 'POST', '/dev/line/id-token', { body: { sub: 'Udev', aud: 'x', expiresInSeconds: 60 } })).body as { idToken: string }
    expect(JSON.parse(Buffer.from(minted2.split('.')[1], 'base64url').toString())).toMatchObject({ sub: 'Udev', aud: 'x', iss: 'https://access.line.me', exp: Math.floor(START / 1000) + 60 })
    expect((await call(server.app, 'POST', '/dev/identity', { body: { telegramBotToken: null, lineChannelId: null } })).body).toEqual({})
    expect((await call(server.app, 'GET', '/config.json')).body).not.toHaveProperty('identity')
  })

  it.each(['demo', 'production'] as const)('are not there in %s mode', async (mode) => {
    server = await startServer({ mode, identity: IDENTITY_OFF })
    for (const [method, url] of [['POST', '/dev/identity'], ['GET', '/dev/line/jwks'], ['POST', '/dev/line/id-token'], ['POST', '/dev/telegram/init-data']] as const) {
      expect((await call(server.app, method, url, { body: method === 'POST' ? {} : undefined })).status, url).toBe(404)
    }
  })

  it("sign in by LINE with the stand-in's own key set, as the browser tests do", async () => {
    server = await startServer()
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = server.app.server.address() as { port: number }
    await call(server.app, 'POST', '/dev/identity', { body: { lineChannelId: CHANNEL_ID, lineJwksUrl: `http://127.0.0.1:${port}/dev/line/jwks` } })
    const mint = async () => ((await call(server.app, 'POST', '/dev/line/id-token', { body: { sub: 'Ustandin', name: 'Stand In' } })).body.idToken as string)
    const token = await login(server.app)
    expect((await link(server.app, token, 'line', await mint())).body).toMatchObject({ identities: [{ provider: 'line', name: 'Stand In' }] })
    const signedIn = await messengerLogin(server.app, 'line', await mint())
    expect(signedIn.status).toBe(200)
    await expectSignedIn(server.app, signedIn.body.token as string)
  })

  it('refuse a key set address that is no URL', async () => {
    server = await startServer()
    expect(await call(server.app, 'POST', '/dev/identity', { body: { lineChannelId: CHANNEL_ID, lineJwksUrl: 'not a url' } })).toMatchObject(expectError(400, 'KEY_INVALID'))
  })
})

describe('the operator settings (readServerEnv)', () => {
  const read = (env: Record<string, string>) => readServerEnv({ APP_MODE: 'dev', ...env }, () => '')

  it('are off without a Telegram or LINE setting, whatever else is set', () => {
    expect(read({}).identity).toBeUndefined()
    // STEP_UP_MINUTES alone keeps the identity off, and still sets how long the password lasts for a bank change (issue 47).
    const off = read({ STEP_UP_MINUTES: '5', TELEGRAM_INIT_DATA_MAX_AGE: '60' }).identity
    expect(off).toMatchObject({ stepUpMinutes: 5 })
    expect(identityOn(off!)).toBe(false)
  })

  it('read each setting, with the defaults the README gives', () => {
    expect(read({ TELEGRAM_BOT_TOKEN: BOT_TOKEN }).identity).toEqual({
      telegramBotToken: BOT_TOKEN, telegramBotId: undefined, telegramTestEnv: false, telegramMaxAgeSeconds: 3600,
      lineChannelId: undefined, lineJwksUrl: 'https://api.line.me/oauth2/v2.1/certs', stepUpMinutes: 10, telegramContactSkipsOtp: false, quickUnlockMaxDays: 30,
    })
    expect(read({
      TELEGRAM_BOT_ID: '7342037359', TELEGRAM_TEST_ENV: '1', TELEGRAM_INIT_DATA_MAX_AGE: '600',
      LINE_CHANNEL_ID: CHANNEL_ID, LINE_JWKS_URL: 'http://127.0.0.1:8900/dev/line/jwks', STEP_UP_MINUTES: '3',
    }).identity).toEqual({
      telegramBotToken: undefined, telegramBotId: 7342037359, telegramTestEnv: true, telegramMaxAgeSeconds: 600,
      lineChannelId: CHANNEL_ID, lineJwksUrl: 'http://127.0.0.1:8900/dev/line/jwks', stepUpMinutes: 3, telegramContactSkipsOtp: false, quickUnlockMaxDays: 30,
    })
  })

  it.each([
    [{ TELEGRAM_BOT_TOKEN: 'not-a-token' }, /TELEGRAM_BOT_TOKEN must be the bot token/],
    [{ TELEGRAM_BOT_ID: '12ab' }, /TELEGRAM_BOT_ID must be the bot's numeric id/],
    [{ TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_BOT_ID: '7000000002' }, /TELEGRAM_BOT_ID is not the id of the bot/],
    [{ TELEGRAM_BOT_ID: '1', TELEGRAM_TEST_ENV: 'yes' }, /TELEGRAM_TEST_ENV must be 1/],
    [{ TELEGRAM_BOT_ID: '1', TELEGRAM_INIT_DATA_MAX_AGE: '0' }, /TELEGRAM_INIT_DATA_MAX_AGE must be a whole number above 0/],
    [{ LINE_CHANNEL_ID: 'channel' }, /LINE_CHANNEL_ID must be the LINE Login channel's numeric id/],
    [{ LINE_CHANNEL_ID: CHANNEL_ID, LINE_JWKS_URL: 'not a url' }, /LINE_JWKS_URL is not a URL/],
    [{ LINE_CHANNEL_ID: CHANNEL_ID, STEP_UP_MINUTES: '1.5' }, /STEP_UP_MINUTES must be a whole number above 0/],
  ])('refuse a bad value by name: %j', (env, message) => {
    expect(() => read(env)).toThrow(message)
  })

  it("want LINE's keys over https in production", () => {
    expect(() => readServerEnv({ APP_MODE: 'production', ...OPERATOR_ENV, SMS_WEBHOOK_URL: 'https://sms.example', SMS_WEBHOOK_SECRET: 'k'.repeat(32), LINE_CHANNEL_ID: CHANNEL_ID, LINE_JWKS_URL: 'http://keys.example/certs' }, () => ''))
      .toThrow(/LINE_JWKS_URL must be https in production/)
  })
})
