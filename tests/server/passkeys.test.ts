// Passkeys (issue 31, quick unlock in a plain browser): added only where the password was given
// recently, a sign-in and a step-up by a real assertion (a software authenticator signs; the
// server's library checks), challenges used once and only for what and whom they were given,
// the counter never going back, and a removal or a password change taking them away.
import { afterEach, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server'
import type { BuildServerOptions } from '../../server/app'
import { readServerEnv } from '../../server/env'
import { call, type CallResult, DEMO, OPERATOR_ENV, START, expectError, expectSignedIn, type HeldLock, holdLock, login, MINUTE, onPostgres, registerMember, startInstances, startServer, type TestServer, withWritesHeld } from './helpers'
import { identitySettings } from './identityHelpers'
import { type Ceremony, SoftAuthenticator } from './passkeyAuthenticator'

const ORIGIN = 'https://wallet.example.test'
const RP_ID = 'wallet.example.test'
const passkeysOn = identitySettings({ webauthnRpId: RP_ID, webauthnOrigin: ORIGIN })

let server: TestServer
afterEach(async () => {
  await server?.app.close()
})
const start = async (options: Partial<BuildServerOptions> = {}) => {
  server = await startServer({ identity: passkeysOn, ...options })
}

const registerOptions = async (token: string) => {
  const result = await call(server.app, 'POST', '/api/account/passkeys/options', { token })
  expect(result.status).toBe(200)
  return result.body as unknown as PublicKeyCredentialCreationOptionsJSON
}
const loginOptions = async () => (await call(server.app, 'POST', '/api/login/passkey/options')).body as unknown as PublicKeyCredentialRequestOptionsJSON
const stepUpOptions = async (token: string) =>
  (await call(server.app, 'POST', '/api/account/step-up/passkey/options', { token })).body as unknown as PublicKeyCredentialRequestOptionsJSON
const passkeyLogin = (body: unknown, address?: string) => call(server.app, 'POST', '/api/login/passkey', { body, address })
const stepUp = (token: string, body: unknown) => call(server.app, 'POST', '/api/account/step-up/passkey', { token, body })
const list = async (token: string) => (await call(server.app, 'GET', '/api/account/passkeys', { token })).body.passkeys as { id: number }[]
const withdraw = (token: string, key: string) =>
  call(server.app, 'POST', '/api/wallet/withdraw', { token, body: { amount: 100 }, headers: { 'idempotency-key': key } })

/** A passkey added from a fresh password session of the demo member. */
async function demoPasskey(ceremony: Ceremony = {}) {
  const token = await login(server.app)
  const authenticator = new SoftAuthenticator(ORIGIN)
  const added = await call(server.app, 'POST', '/api/account/passkeys', { token, body: authenticator.create(await registerOptions(token), ceremony) })
  return { token, authenticator, added }
}

const invalid = expectError(401, 'PASSKEY_INVALID')

describe('passkeys off', () => {
  it('serve no passkeys in /config.json and refuse every passkey route', async () => {
    server = await startServer()
    const token = await login(server.app)
    expect((await call(server.app, 'GET', '/config.json')).body.identity).toBeUndefined()
    const off = expectError(404, 'IDENTITY_OFF')
    expect(await call(server.app, 'POST', '/api/login/passkey/options')).toMatchObject(off)
    expect(await call(server.app, 'POST', '/api/account/passkeys/options', { token })).toMatchObject(off)
    expect(await call(server.app, 'GET', '/api/account/passkeys', { token })).toMatchObject(off)
  })

  it('are on with the relying party alone, which turns the identity (and its step-up) on', async () => {
    await start()
    expect((await call(server.app, 'GET', '/config.json')).body.identity).toEqual({ telegram: false, line: false, passkeys: true, stepUpMinutes: 10, telegramContact: false })
  })
})

describe('adding a passkey and signing in with it', () => {
  it('signs in with no phone typed, to a session that may withdraw at once and remembers its passkey', async () => {
    await start()
    const { authenticator, added, token } = await demoPasskey()
    expect(added.status).toBe(200)
    expect(await list(token)).toEqual([{ id: expect.any(Number), createdAt: expect.any(Number), lastUsedAt: null }])

    const options = await loginOptions()
    // Discoverable: the options name no credential, so they tell nobody whose passkeys exist.
    expect(options.allowCredentials ?? []).toEqual([])
    expect(options.userVerification).toBe('required')
    const signedIn = await passkeyLogin(authenticator.get(options))
    expect(signedIn.status).toBe(200)
    const passkeyToken = signedIn.body.token as string
    await expectSignedIn(server.app, passkeyToken)
    const [passkey] = added.body.passkeys as { id: number }[]
    const opened = await server.app.serverContext.db.selectFrom('sessions').select(['password_at', 'identity_id'])
      .where('passkey_id', '=', passkey.id).execute()
    expect(opened.map((session) => ({ ...session, password_at: Number(session.password_at) }))).toEqual([{ password_at: START, identity_id: null }])
    // A user-verified passkey is the password given: no step-up is asked.
    expect((await withdraw(passkeyToken, 'after-passkey')).status).toBe(200)
    expect((await list(passkeyToken))[0]).toMatchObject({ lastUsedAt: expect.any(Number) })
  })

  it('is refused without user verification, at registration and at sign-in', async () => {
    await start()
    const { added } = await demoPasskey({ userVerified: false })
    expect(added).toMatchObject(invalid)
    const { authenticator } = await demoPasskey()
    expect(await passkeyLogin(authenticator.get(await loginOptions(), { userVerified: false }))).toMatchObject(invalid)
  })

  it('adds one only where the password was given within STEP_UP_MINUTES', async () => {
    await start()
    const token = await login(server.app)
    const options = await registerOptions(token)
    server.advance(10 * MINUTE + 1)
    const refused = expectError(403, 'STEP_UP_REQUIRED')
    expect(await call(server.app, 'POST', '/api/account/passkeys', { token, body: new SoftAuthenticator(ORIGIN).create(options) })).toMatchObject(refused)
    expect(await call(server.app, 'POST', '/api/account/passkeys/options', { token })).toMatchObject(refused)
    expect((await call(server.app, 'POST', '/api/account/step-up', { token, body: { password: DEMO.password } })).status).toBe(200)
    expect((await call(server.app, 'POST', '/api/account/passkeys', { token, body: new SoftAuthenticator(ORIGIN).create(await registerOptions(token)) })).status).toBe(200)
  })

  it('refuses a passkey added before', async () => {
    await start()
    const { authenticator, token } = await demoPasskey()
    const again = await call(server.app, 'POST', '/api/account/passkeys', { token, body: authenticator.create(await registerOptions(token)) })
    expect(again).toMatchObject(expectError(409, 'PASSKEY_REGISTERED'))
  })
})

describe('an answer is taken once, for what and whom it was asked', () => {
  it('refuses a replayed sign-in, and a fresh signature over a used challenge', async () => {
    await start()
    const { authenticator } = await demoPasskey()
    const options = await loginOptions()
    const answer = authenticator.get(options)
    expect((await passkeyLogin(answer)).status).toBe(200)
    expect(await passkeyLogin(answer)).toMatchObject(invalid)
    expect(await passkeyLogin(authenticator.get(options))).toMatchObject(invalid)
  })

  it('refuses a challenge given for another purpose', async () => {
    await start()
    const { authenticator, token } = await demoPasskey()
    // A step-up's challenge does not sign anyone in, nor a sign-in's step anyone up.
    expect(await passkeyLogin(authenticator.get(await stepUpOptions(token)))).toMatchObject(invalid)
    expect(await stepUp(token, authenticator.get(await loginOptions()))).toMatchObject(invalid)
    // A registration's challenge is not a sign-in's.
    const registration = await registerOptions(token)
    expect(await passkeyLogin(authenticator.get({ challenge: registration.challenge, rpId: RP_ID }))).toMatchObject(invalid)
  })

  it('refuses a challenge given to another member or another session', async () => {
    await start()
    const { authenticator, token } = await demoPasskey()
    const other = await registerMember(server.app)
    const theirs = await registerOptions(other)
    // Their registration challenge answered by this member: refused, and it is used up.
    expect(await call(server.app, 'POST', '/api/account/passkeys', { token, body: new SoftAuthenticator(ORIGIN).create(theirs) })).toMatchObject(invalid)
    // The demo member's step-up challenge, answered in another session of the same member.
    const secondSession = await login(server.app)
    expect(await stepUp(secondSession, authenticator.get(await stepUpOptions(token)))).toMatchObject(invalid)
  })

  it('refuses a wrong origin or RP ID', async () => {
    await start()
    const token = await login(server.app)
    const wrongOrigin = await call(server.app, 'POST', '/api/account/passkeys', { token, body: new SoftAuthenticator('https://evil.example').create(await registerOptions(token)) })
    expect(wrongOrigin).toMatchObject(invalid)
    const wrongRp = await call(server.app, 'POST', '/api/account/passkeys', { token, body: new SoftAuthenticator(ORIGIN).create(await registerOptions(token), { rpId: 'evil.example' }) })
    expect(wrongRp).toMatchObject(invalid)
    const { authenticator } = await demoPasskey()
    expect(await passkeyLogin(authenticator.get(await loginOptions(), { origin: 'https://evil.example' }))).toMatchObject(invalid)
    expect(await passkeyLogin(authenticator.get(await loginOptions(), { rpId: 'evil.example' }))).toMatchObject(invalid)
    // None of them was used: the right answer still signs in.
    expect((await passkeyLogin(authenticator.get(await loginOptions()))).status).toBe(200)
  })

  it('refuses a challenge past its five minutes', async () => {
    await start()
    const { authenticator } = await demoPasskey()
    const options = await loginOptions()
    server.advance(5 * MINUTE)
    expect(await passkeyLogin(authenticator.get(options))).toMatchObject(invalid)
  })

  it('refuses a counter that goes back (a cloned authenticator)', async () => {
    await start()
    const { authenticator } = await demoPasskey()
    authenticator.counter = 5
    expect((await passkeyLogin(authenticator.get(await loginOptions()))).status).toBe(200)
    authenticator.counter = 3
    expect(await passkeyLogin(authenticator.get(await loginOptions()))).toMatchObject(invalid)
    authenticator.counter = 5
    expect(await passkeyLogin(authenticator.get(await loginOptions()))).toMatchObject(invalid)
    expect((await passkeyLogin(authenticator.get(await loginOptions()))).status).toBe(200)
  })

  it('counts sign-in answers per address like a login', async () => {
    await start({ limits: { passkeyLoginFreePerAddress: 2 } })
    const { authenticator } = await demoPasskey()
    const address = '203.0.113.9'
    for (let i = 0; i < 2; i++) expect(await passkeyLogin(authenticator.get(await loginOptions(), { origin: 'https://evil.example' }), address)).toMatchObject(invalid)
    const limited = await passkeyLogin(authenticator.get(await loginOptions()), address)
    expect(limited).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    // Another address is not slowed by this one.
    expect((await passkeyLogin(authenticator.get(await loginOptions()), '198.51.100.7')).status).toBe(200)
  })
})

describe('taking quick unlock away', () => {
  it('a removed passkey signs nobody in, and the sessions it opened elsewhere end', async () => {
    await start()
    const { authenticator, token } = await demoPasskey()
    const elsewhere = (await passkeyLogin(authenticator.get(await loginOptions()))).body.token as string
    const [passkey] = await list(token)
    const removed = await call(server.app, 'DELETE', `/api/account/passkeys/${passkey.id}`, { token })
    expect(removed).toMatchObject({ status: 200, body: { passkeys: [] } })
    expect(await passkeyLogin(authenticator.get(await loginOptions()))).toMatchObject(expectError(401, 'PASSKEY_UNKNOWN'))
    expect((await call(server.app, 'GET', '/api/account/profile', { token: elsewhere })).status).toBe(401)
    await expectSignedIn(server.app, token)
    expect(await call(server.app, 'DELETE', `/api/account/passkeys/${passkey.id}`, { token })).toMatchObject(expectError(404, 'NO_DATA'))
  })

  it('quick unlock off removes them all but keeps the session that asked, even one a passkey opened', async () => {
    await start()
    const { authenticator, token } = await demoPasskey()
    const second = new SoftAuthenticator(ORIGIN)
    expect((await call(server.app, 'POST', '/api/account/passkeys', { token, body: second.create(await registerOptions(token)) })).status).toBe(200)
    const viaPasskey = (await passkeyLogin(second.get(await loginOptions()))).body.token as string
    expect(await list(viaPasskey)).toHaveLength(2)
    expect(await call(server.app, 'DELETE', '/api/account/passkeys', { token: viaPasskey })).toMatchObject({ status: 200, body: { passkeys: [] } })
    await expectSignedIn(server.app, viaPasskey)
    await expectSignedIn(server.app, token)
    expect(await passkeyLogin(authenticator.get(await loginOptions()))).toMatchObject(expectError(401, 'PASSKEY_UNKNOWN'))
  })

  it('a password change removes them', async () => {
    await start()
    const { authenticator, token } = await demoPasskey()
    const change = await call(server.app, 'PUT', '/api/account/changepwd', { token, body: { oldPassword: DEMO.password, newPassword: 'brand-new-99' } })
    expect(change.status).toBe(200)
    expect(await list(token)).toEqual([])
    expect(await passkeyLogin(authenticator.get(await loginOptions()))).toMatchObject(expectError(401, 'PASSKEY_UNKNOWN'))
  })
})

describe('step-up by passkey', () => {
  it('counts as the password given again: a withdrawal goes through once, and the answer is not taken twice', async () => {
    await start()
    const { authenticator, token } = await demoPasskey()
    server.advance(10 * MINUTE + 1)
    expect(await withdraw(token, 'stale')).toMatchObject(expectError(403, 'STEP_UP_REQUIRED'))
    const options = await stepUpOptions(token)
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([authenticator.id])
    const answer = authenticator.get(options)
    expect(await stepUp(token, answer)).toMatchObject({ status: 200, body: { message: 'OK' } })
    const first = await withdraw(token, 'stale')
    expect(first.status).toBe(200)
    expect(await withdraw(token, 'stale')).toMatchObject({ status: 200, body: first.body, headers: { 'idempotent-replayed': 'true' } })
    expect(await server.app.serverContext.db.selectFrom('withdrawals').select('id').execute()).toHaveLength(1)

    server.advance(10 * MINUTE + 1)
    expect(await stepUp(token, answer)).toMatchObject(invalid)
    expect(await withdraw(token, 'later')).toMatchObject(expectError(403, 'STEP_UP_REQUIRED'))
  })

  it('refuses another member\'s passkey', async () => {
    await start()
    const { authenticator } = await demoPasskey()
    const other = await registerMember(server.app)
    expect(await stepUp(other, authenticator.get(await loginOptions()))).toMatchObject(expectError(401, 'PASSKEY_UNKNOWN'))
  })
})

describe('the relying party settings (readServerEnv)', () => {
  const read = (env: Record<string, string>, mode = 'dev') => readServerEnv({ APP_MODE: mode, ...env }, () => '')

  it('turn passkeys (and so the identity) on together, the name defaulting to the app name', async () => {
    const identity = read({ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGIN: 'https://wallet.example.com' }).identity
    expect(identity).toMatchObject({ webauthnRpId: 'example.com', webauthnOrigin: 'https://wallet.example.com', webauthnRpName: undefined })
    server = await startServer({ identity })
    const options = await registerOptions(await login(server.app))
    expect(options.rp).toEqual({ id: 'example.com', name: server.app.serverContext.config.current.appName })
    expect(read({ WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGIN: 'http://localhost:5173', WEBAUTHN_RP_NAME: 'Lucky Wallet' }).identity)
      .toMatchObject({ webauthnRpId: 'localhost', webauthnOrigin: 'http://localhost:5173', webauthnRpName: 'Lucky Wallet' })
  })

  it.each([
    [{ WEBAUTHN_RP_ID: 'example.com' }, /WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN go together/],
    [{ WEBAUTHN_RP_NAME: 'Wallet' }, /WEBAUTHN_RP_NAME is given without/],
    [{ WEBAUTHN_RP_ID: 'https://example.com', WEBAUTHN_ORIGIN: 'https://example.com' }, /WEBAUTHN_RP_ID must be a lower-case domain name/],
    [{ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGIN: 'https://example.com/app' }, /WEBAUTHN_ORIGIN must be an origin alone/],
    [{ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGIN: 'http://example.com' }, /WEBAUTHN_ORIGIN must be https/],
    [{ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGIN: 'https://example.org' }, /host must be WEBAUTHN_RP_ID or under it/],
  ])('refuse a bad pairing by name: %j', (env, message) => {
    expect(() => read(env)).toThrow(message)
  })

  it('want https in production, even on localhost', () => {
    const operator = { ...OPERATOR_ENV, SMS_WEBHOOK_URL: 'https://sms.example', SMS_WEBHOOK_SECRET: 'k'.repeat(32) }
    expect(() => read({ ...operator, WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGIN: 'http://localhost:8080' }, 'production')).toThrow(/WEBAUTHN_ORIGIN must be https/)
    expect(read({ ...operator, WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGIN: 'https://example.com' }, 'production').identity).toMatchObject({ webauthnRpId: 'example.com' })
  })
})

describe('POST /dev/identity', () => {
  it('switches passkeys on for an origin and off again', async () => {
    server = await startServer()
    const on = await call(server.app, 'POST', '/dev/identity', { body: { webauthnOrigin: 'http://localhost:9000' } })
    expect(on.body).toEqual({ identity: { telegram: false, line: false, passkeys: true, stepUpMinutes: 10, telegramContact: false } })
    const token = await login(server.app)
    expect((await registerOptions(token)).rp.id).toBe('localhost')
    expect((await call(server.app, 'POST', '/dev/identity', { body: { webauthnOrigin: 'localhost' } })).status).toBe(400)
    expect((await call(server.app, 'POST', '/dev/identity', { body: { webauthnOrigin: null } })).body).toEqual({})
    expect(await call(server.app, 'POST', '/api/login/passkey/options')).toMatchObject(expectError(404, 'IDENTITY_OFF'))
  })
})

if (onPostgres()) {
  describe('taking passkeys away on two instances', () => {
    const servers: TestServer[] = []
    const holds: HeldLock[] = []
    /** A lock the test takes, let go after it whatever happened (the servers wait for their connections). */
    const hold = async (take: () => Promise<HeldLock>) => {
      const held = await take()
      holds.push(held)
      return held
    }
    afterEach(async () => {
      for (const held of holds.splice(0)) await held.release()
      for (const instance of servers.splice(0)) await instance.app.close()
    })

    it('leaves no live session opened by a removed passkey, whichever goes first', async () => {
      const [a, b] = await startInstances(servers, { identity: passkeysOn })
      const db = a.app.serverContext.db
      const token = await login(a.app)
      const options = async (app: TestServer['app'], path: string, bearer?: string) =>
        (await call(app, 'POST', path, { token: bearer })).body as unknown as PublicKeyCredentialRequestOptionsJSON & PublicKeyCredentialCreationOptionsJSON
      let address = 0
      /** Three new passkeys of the member (on instance a) and their answers to sign-in challenges (from b). */
      const answered = async () => {
        const authenticators = [1, 2, 3].map(() => new SoftAuthenticator(ORIGIN))
        for (const authenticator of authenticators) {
          const body = authenticator.create(await options(a.app, '/api/account/passkeys/options', token))
          expect((await call(a.app, 'POST', '/api/account/passkeys', { token, body })).status).toBe(200)
        }
        return Promise.all(authenticators.map(async (authenticator) => authenticator.get(await options(b.app, '/api/login/passkey/options'))))
      }
      const signIn = (body: unknown) => call(b.app, 'POST', '/api/login/passkey', { body, address: `198.51.100.${(address += 1)}` })
      const remove = () => call(a.app, 'DELETE', '/api/account/passkeys', { token })
      const holdTable = (table: string) => hold(() => holdLock(db, (trx) => sql`LOCK TABLE ${sql.table(table)} IN EXCLUSIVE MODE`.execute(trx)))
      /** A sign-in that won opened a session, which the removal then ended; one that lost says why. */
      const expectOutcomes = async (signIns: CallResult[], codes: readonly string[]) => {
        for (const outcome of signIns) {
          if (codes.length === 0) {
            expect(outcome.status, JSON.stringify(outcome.body)).toBe(200)
            expect((await call(b.app, 'GET', '/api/account/profile', { token: outcome.body.token as string })).status).toBe(401)
          } else {
            expect(outcome.status).toBe(401)
            expect(codes).toContain(outcome.body.message)
          }
        }
      }

      // The sign-ins first: the removal waits for the passkeys (a share of their rows, which a
      // sign-in's counter and its session's key take too) until every sign-in has its session.
      let answers = await answered()
      const rows = await hold(() => holdLock(db, (trx) => trx.selectFrom('passkeys').select('id').forKeyShare().execute()))
      const removal = remove()
      await rows.queued(1)
      const first = await Promise.all(answers.map(signIn))
      await rows.release()
      expect((await removal).status).toBe(200)
      await expectOutcomes(first, [])

      // The removal between a sign-in's read of its passkey and the move of its counter: each has
      // read it and waits to use up its challenge when the passkeys go.
      answers = await answered()
      const challenges = await holdTable('passkey_challenges')
      let signIns = Promise.all(answers.map(signIn))
      await challenges.queued(3)
      expect((await remove()).status).toBe(200)
      await challenges.release()
      await expectOutcomes(await signIns, ['PASSKEY_INVALID'])

      // The removal between the counter's move and the session: each has moved its counter and
      // waits to give back its attempt when the passkeys go; its session then has no passkey to name.
      answers = await answered()
      const again = await holdTable('passkey_challenges')
      signIns = Promise.all(answers.map(signIn))
      await again.queued(3)
      const attempts = await holdTable('rate_events')
      await again.release()
      await attempts.queued(3)
      expect((await remove()).status).toBe(200)
      await attempts.release()
      await expectOutcomes(await signIns, ['PASSKEY_UNKNOWN'])

      // All at once: the sign-ins wait to move their counters and the removal to take its rows, and
      // all four go when the table is let go; whichever wins, no session outlives its passkey.
      answers = await answered()
      const [together] = await withWritesHeld(db, 'passkeys', 4, async () => Promise.all([Promise.all(answers.map(signIn)), remove()]))
      for (const outcome of together) {
        expect([200, 401]).toContain(outcome.status)
        await expectOutcomes([outcome], outcome.status === 200 ? [] : ['PASSKEY_INVALID', 'PASSKEY_UNKNOWN'])
      }
      await expectSignedIn(a.app, token)
    })
  })
}
