// @vitest-environment node
// Issue 31: the log never carries a messenger credential. Telegram's init data and LINE's ID token
// travel in request bodies, which are not logged; this reads the whole log of a link, a sign-in,
// failed checks and the phone from Telegram, and finds neither a credential nor any part of one
// that could be replayed or matched (a hash, a signature, a token's claims, a contact's phone in
// either form), nor the session tokens and OTP proofs answered. Quick unlock's secret travels in
// bodies too, both ways: neither it nor its stored hash is in the log of its life.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { sha256 } from '../../server/shared/tokens'
import { type TestServer, call, login, startServer } from './helpers'
import { BOT_TOKEN, CHANNEL_ID, type LineKeys, idToken, identitySettings, initData, link, messengerLogin, serveLineKeys, signedContact, telegramContact } from './identityHelpers'

let lineKeys: LineKeys
let server: TestServer
const lines: string[] = []
beforeAll(async () => {
  lineKeys = await serveLineKeys()
})
afterAll(async () => {
  await lineKeys.close()
})
afterEach(async () => {
  await server.app.close()
})

/** The parts of an init data string that say or prove who signed in. */
const initDataParts = (raw: string) => {
  const params = new URLSearchParams(raw)
  return [raw, params.get('hash')!, params.get('user')!, encodeURIComponent(params.get('user')!)]
}
/** A JWT's claims and signature (its header is the same for every token). */
const tokenParts = (token: string) => [token, ...token.split('.').slice(1)]

describe('the log of the messenger identity', () => {
  it('holds no init data, ID token or session token, nor any part of them', async () => {
    lines.length = 0
    server = await startServer({
      logger: true,
      loggerStream: { write: (line) => void lines.push(line) },
      identity: identitySettings({ telegramBotToken: BOT_TOKEN, lineChannelId: CHANNEL_ID, lineJwksUrl: lineKeys.url, telegramContactSkipsOtp: true }),
    })
    const now = server.app.serverContext.now()
    const password = await login(server.app)
    const secrets: string[] = [password]

    const linking = initData(6060606, now, 'Logged Nowhere')
    expect((await link(server.app, password, 'telegram', linking)).status).toBe(200)
    const signing = initData(6060606, now)
    const signedIn = await messengerLogin(server.app, 'telegram', signing)
    expect(signedIn.status).toBe(200)
    secrets.push(...initDataParts(linking), ...initDataParts(signing), signedIn.body.token as string)

    // Failed checks: a tampered init data, a token for another channel, one signed by another key.
    const tampered = initData(6060607, now).replace('6060607', '6060606')
    expect((await messengerLogin(server.app, 'telegram', tampered)).status).toBe(401)
    const lineLink = await idToken({ sub: 'Ulogged', issuedAt: now, key: lineKeys.key, kid: lineKeys.kid })
    expect((await link(server.app, password, 'line', lineLink)).status).toBe(200)
    const wrongAudience = await idToken({ sub: 'Ulogged', aud: '1650000009', issuedAt: now, key: lineKeys.key, kid: lineKeys.kid })
    const wrongKey = await idToken({ sub: 'Ulogged', issuedAt: now, key: lineKeys.stranger, kid: lineKeys.kid })
    for (const refused of [wrongAudience, wrongKey]) expect((await messengerLogin(server.app, 'line', refused)).status).toBe(401)
    const lineSignIn = await idToken({ sub: 'Ulogged', issuedAt: now, key: lineKeys.key, kid: lineKeys.kid })
    const lineSession = await messengerLogin(server.app, 'line', lineSignIn)
    expect(lineSession.status).toBe(200)
    secrets.push(...initDataParts(tampered), ...[lineLink, wrongAudience, wrongKey, lineSignIn].flatMap(tokenParts), lineSession.body.token as string)

    // The phone from Telegram: a contact believed (with the OTP step's proof), one refused as another user's.
    const contact = signedContact(6060606, '66891234567', now)
    const shared = await telegramContact(server.app, initData(6060606, now), contact)
    expect(shared.status).toBe(200)
    const othersContact = signedContact(6060607, '66897654321', now)
    expect((await telegramContact(server.app, initData(6060606, now), othersContact)).status).toBe(403)
    const contactParts = (raw: string) => {
      const params = new URLSearchParams(raw)
      const phone = (JSON.parse(params.get('contact')!) as { phone_number: string }).phone_number
      phones.push(phone, `0${phone.slice(2)}`)
      return [raw, params.get('hash')!, params.get('contact')!, encodeURIComponent(params.get('contact')!)]
    }
    const phones: string[] = []
    secrets.push(...contactParts(contact), ...contactParts(othersContact), shared.body.otpToken as string)

    const log = lines.join('\n')
    // The log is there, and names the routes asked.
    expect(log).toContain('/api/login/messenger')
    expect(log).toContain('messenger linked')
    expect(log).toContain('telegram contact verified')
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(15)
      expect(log).not.toContain(secret)
    }
    for (const phone of phones) expect(log).not.toContain(phone)
  })
})

describe('the log of quick unlock in Telegram', () => {
  it('holds no secret, nor its hash, from its making to its removal', async () => {
    lines.length = 0
    server = await startServer({
      logger: true,
      loggerStream: { write: (line) => void lines.push(line) },
      identity: identitySettings({ telegramBotToken: BOT_TOKEN }),
    })
    const token = await login(server.app)
    const added = await call(server.app, 'POST', '/api/account/quick-unlock', { token })
    expect(added.status).toBe(200)
    const secret = added.body.secret as string
    const signedIn = await call(server.app, 'POST', '/api/login/quick-unlock', { body: { secret } })
    expect(signedIn.status).toBe(200)
    expect((await call(server.app, 'POST', '/api/account/step-up/quick-unlock', { token, body: { secret } })).status).toBe(200)
    // Refused ones: a secret one character off, and one that is no secret's shape.
    const near = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`
    expect((await call(server.app, 'POST', '/api/login/quick-unlock', { body: { secret: near } })).status).toBe(401)
    expect((await call(server.app, 'POST', '/api/account/step-up/quick-unlock', { token, body: { secret: `${secret}!` } })).status).toBe(400)
    expect((await call(server.app, 'DELETE', '/api/account/quick-unlock', { token })).status).toBe(200)

    const log = lines.join('\n')
    expect(log).toContain('/api/login/quick-unlock')
    expect(log).toContain('quick unlock added')
    expect(log).toContain('quick unlock sign-in')
    expect(log).toContain('quick unlock removed')
    for (const kept of [secret, sha256(secret), near, sha256(near), signedIn.body.token as string, token]) expect(log).not.toContain(kept)
  })
})
