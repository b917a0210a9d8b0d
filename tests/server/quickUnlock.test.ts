// Quick unlock in Telegram (issue 31 section 2): a secret the server makes for one device (kept by
// Telegram's BiometricManager) signs in or steps up. Made only where the password was given
// recently, the same refusal for any secret the server does not hold for this member, counted per
// address, at most ten a member, and taken away by the player (with the sessions it opened
// elsewhere) or by a password change.
import { afterEach, describe, expect, it } from 'vitest'
import type { BuildServerOptions } from '../../server/app'
import { MAX_QUICK_UNLOCKS_PER_MEMBER } from '../../server/identity/repo'
import { setMemberActive } from '../../server/shared/members'
import { call, type CallResult, DEMO, START, expectError, expectSignedIn, type HeldLock, holdLock, login, MINUTE, onPostgres, registerMember, startInstances, startServer, type TestServer, withWritesHeld } from './helpers'
import { BOT_TOKEN, identitySettings, initData, link, messengerLogin } from './identityHelpers'

const telegramOn = identitySettings({ telegramBotToken: BOT_TOKEN })

let server: TestServer
afterEach(async () => {
  await server?.app.close()
})
const start = async (options: Partial<BuildServerOptions> = {}) => {
  server = await startServer({ identity: telegramOn, ...options })
}

const add = (token: string) => call(server.app, 'POST', '/api/account/quick-unlock', { token })
const list = async (token: string) => (await call(server.app, 'GET', '/api/account/quick-unlock', { token })).body.quickUnlocks as { id: number; lastUsedAt: number | null }[]
const unlock = (secret: string, address?: string) => call(server.app, 'POST', '/api/login/quick-unlock', { body: { secret }, address })
const stepUp = (token: string, secret: string, address?: string) => call(server.app, 'POST', '/api/account/step-up/quick-unlock', { token, body: { secret }, address })
const withdraw = (token: string, key: string) =>
  call(server.app, 'POST', '/api/wallet/withdraw', { token, body: { amount: 100 }, headers: { 'idempotency-key': key } })
const isLive = async (token: string) => (await call(server.app, 'GET', '/api/account/profile', { token })).status === 200

/** A quick unlock made in a fresh password session of the demo member. */
async function demoQuickUnlock() {
  const token = await login(server.app)
  const added = await add(token)
  expect(added.status).toBe(200)
  return { token, id: added.body.id as number, secret: added.body.secret as string }
}

/** A session of the demo member opened by Telegram: no password given in it. */
async function telegramSession() {
  const now = server.app.serverContext.now()
  expect((await link(server.app, await login(server.app), 'telegram', initData(7070707, now))).status).toBe(200)
  const signedIn = await messengerLogin(server.app, 'telegram', initData(7070707, now))
  expect(signedIn.status).toBe(200)
  return signedIn.body.token as string
}

const invalid = expectError(401, 'QUICK_UNLOCK_INVALID')
const SOME_SECRET = 'A'.repeat(43)

describe('quick unlock off', () => {
  it.each([
    ['the identity off', {}],
    ['only LINE and passkeys on', { identity: identitySettings({ lineChannelId: '1650000001', webauthnRpId: 'wallet.example.test', webauthnOrigin: 'https://wallet.example.test' }) }],
  ])('answers every route 404 IDENTITY_OFF with %s', async (_, options) => {
    server = await startServer(options)
    const token = await login(server.app)
    const off = expectError(404, 'IDENTITY_OFF')
    expect(await unlock(SOME_SECRET)).toMatchObject(off)
    expect(await add(token)).toMatchObject(off)
    expect(await call(server.app, 'GET', '/api/account/quick-unlock', { token })).toMatchObject(off)
    expect(await call(server.app, 'DELETE', '/api/account/quick-unlock/1', { token })).toMatchObject(off)
    expect(await call(server.app, 'DELETE', '/api/account/quick-unlock', { token })).toMatchObject(off)
    expect(await stepUp(token, SOME_SECRET)).toMatchObject(off)
  })
})

describe('turning quick unlock on and signing in with it', () => {
  it('signs in to a session that may withdraw at once and remembers its quick unlock', async () => {
    await start()
    const { token, id, secret } = await demoQuickUnlock()
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await list(token)).toEqual([{ id, createdAt: START, lastUsedAt: null }])
    // Only the hash is stored.
    const stored = await server.app.serverContext.db.selectFrom('quick_unlocks').selectAll().execute()
    expect(JSON.stringify(stored)).not.toContain(secret)

    server.advance(MINUTE)
    const signedIn = await unlock(secret)
    expect(signedIn.status).toBe(200)
    const unlocked = signedIn.body.token as string
    await expectSignedIn(server.app, unlocked)
    const opened = await server.app.serverContext.db.selectFrom('sessions').select(['password_at', 'unlocked_at', 'identity_id', 'passkey_id'])
      .where('quick_unlock_id', '=', id).execute()
    // Issue 47: biometry proves the player, and is not the password.
    expect(opened.map((session) => ({ ...session, unlocked_at: Number(session.unlocked_at) }))).toEqual([{ password_at: null, unlocked_at: START + MINUTE, identity_id: null, passkey_id: null }])
    // It lets a withdrawal go with no step-up.
    expect((await withdraw(unlocked, 'after-quick-unlock')).status).toBe(200)
    expect(await list(unlocked)).toEqual([{ id, createdAt: START, lastUsedAt: START + MINUTE }])
  })

  it('is made only where the password was given within STEP_UP_MINUTES, never in a Telegram session alone', async () => {
    await start()
    const refused = expectError(403, 'STEP_UP_REQUIRED')
    expect(await add(await telegramSession())).toMatchObject(refused)
    const token = await login(server.app)
    server.advance(10 * MINUTE + 1)
    expect(await add(token)).toMatchObject(refused)
    expect((await call(server.app, 'POST', '/api/account/step-up', { token, body: { password: DEMO.password } })).status).toBe(200)
    expect((await add(token)).status).toBe(200)
  })

  it('refuses a secret the server does not hold, the same way whatever the reason', async () => {
    await start()
    await demoQuickUnlock()
    expect(await unlock(SOME_SECRET)).toMatchObject(invalid)
    expect((await unlock('not a secret')).status).toBe(400)
    expect(await server.app.serverContext.db.selectFrom('sessions').select('token_hash').where('quick_unlock_id', 'is not', null).execute()).toEqual([])
  })

  it('refuses an inactive member', async () => {
    await start()
    const { secret } = await demoQuickUnlock()
    await setMemberActive(server.app.serverContext.db, 123, false)
    expect(await unlock(secret)).toMatchObject(expectError(403, 'INACTIVE_USER'))
  })

  it('counts secrets per address, at a sign-in and a step-up alike', async () => {
    await start({ limits: { passkeyLoginFreePerAddress: 2 } })
    const { token, secret } = await demoQuickUnlock()
    const address = '203.0.113.9'
    expect(await unlock(SOME_SECRET, address)).toMatchObject(invalid)
    expect(await stepUp(token, SOME_SECRET, address)).toMatchObject(invalid)
    expect(await unlock(secret, address)).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    expect(await stepUp(token, secret, address)).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    // Another address is not slowed by this one, and a right secret does not count.
    for (let i = 0; i < 3; i++) expect((await unlock(secret, '198.51.100.7')).status).toBe(200)
  })

  it(`keeps ${MAX_QUICK_UNLOCKS_PER_MEMBER} a member: the next removes the oldest and signs out what it opened`, async () => {
    await start()
    const first = await demoQuickUnlock()
    const openedByFirst = (await unlock(first.secret)).body.token as string
    const token = await login(server.app)
    const later: string[] = []
    for (let i = 1; i < MAX_QUICK_UNLOCKS_PER_MEMBER; i++) later.push((await add(token)).body.secret as string)
    expect(await list(token)).toHaveLength(MAX_QUICK_UNLOCKS_PER_MEMBER)
    expect(await isLive(openedByFirst)).toBe(true)

    const newest = await add(token)
    expect(newest.status).toBe(200)
    const kept = await list(token)
    expect(kept).toHaveLength(MAX_QUICK_UNLOCKS_PER_MEMBER)
    expect(kept.map((quickUnlock) => quickUnlock.id)).not.toContain(first.id)
    expect(await unlock(first.secret)).toMatchObject(invalid)
    expect(await isLive(openedByFirst)).toBe(false)
    await expectSignedIn(server.app, token)
    for (const secret of [later[0], newest.body.secret as string]) expect((await unlock(secret)).status).toBe(200)
  })
})

describe('step-up by quick unlock', () => {
  it('counts as the password given again: a held withdrawal goes through', async () => {
    await start()
    const { secret } = await demoQuickUnlock()
    const telegram = await telegramSession()
    expect(await withdraw(telegram, 'held')).toMatchObject(expectError(403, 'STEP_UP_REQUIRED'))
    server.advance(MINUTE)
    expect(await stepUp(telegram, secret)).toMatchObject({ status: 200, body: { message: 'OK' } })
    expect((await withdraw(telegram, 'held')).status).toBe(200)
    expect((await list(telegram))[0]).toMatchObject({ lastUsedAt: START + MINUTE })
    server.advance(10 * MINUTE + 1)
    expect(await withdraw(telegram, 'later')).toMatchObject(expectError(403, 'STEP_UP_REQUIRED'))
  })

  it("refuses another member's secret and an unknown one", async () => {
    await start()
    const { secret } = await demoQuickUnlock()
    const other = await registerMember(server.app)
    expect(await stepUp(other, secret)).toMatchObject(invalid)
    expect(await stepUp(other, SOME_SECRET)).toMatchObject(invalid)
  })
})

describe('taking quick unlock away', () => {
  it('a removed quick unlock signs nobody in, and the sessions it opened elsewhere end', async () => {
    await start()
    const { token, id, secret } = await demoQuickUnlock()
    const elsewhere = (await unlock(secret)).body.token as string
    const other = await add(token)
    const removed = await call(server.app, 'DELETE', `/api/account/quick-unlock/${id}`, { token })
    expect(removed).toMatchObject({ status: 200, body: { quickUnlocks: [{ id: other.body.id }] } })
    expect(await unlock(secret)).toMatchObject(invalid)
    expect(await isLive(elsewhere)).toBe(false)
    await expectSignedIn(server.app, token)
    expect(await call(server.app, 'DELETE', `/api/account/quick-unlock/${id}`, { token })).toMatchObject(expectError(404, 'NO_DATA'))
    // Another member's is not theirs to remove.
    const stranger = await registerMember(server.app)
    expect(await call(server.app, 'DELETE', `/api/account/quick-unlock/${other.body.id as number}`, { token: stranger })).toMatchObject(expectError(404, 'NO_DATA'))
    expect((await unlock(other.body.secret as string)).status).toBe(200)
  })

  it('quick unlock off removes them all but keeps the session that asked, even one a quick unlock opened', async () => {
    await start()
    const { token, secret } = await demoQuickUnlock()
    const second = (await add(token)).body.secret as string
    const viaFirst = (await unlock(secret)).body.token as string
    const viaSecond = (await unlock(second)).body.token as string
    expect(await call(server.app, 'DELETE', '/api/account/quick-unlock', { token: viaSecond })).toMatchObject({ status: 200, body: { quickUnlocks: [] } })
    await expectSignedIn(server.app, viaSecond)
    await expectSignedIn(server.app, token)
    expect(await isLive(viaFirst)).toBe(false)
    for (const gone of [secret, second]) expect(await unlock(gone)).toMatchObject(invalid)
    expect(await call(server.app, 'DELETE', '/api/account/quick-unlock', { token })).toMatchObject(expectError(404, 'NO_DATA'))
  })

  it('a password change removes them', async () => {
    await start()
    const { token, secret } = await demoQuickUnlock()
    const change = await call(server.app, 'PUT', '/api/account/changepwd', { token, body: { oldPassword: DEMO.password, newPassword: 'brand-new-99' } })
    expect(change.status).toBe(200)
    expect(await list(token)).toEqual([])
    expect(await unlock(secret)).toMatchObject(invalid)
  })
})

// Two instances on one database: a removal on one while the other signs in with the secret. Each
// interleaving is forced, not hoped for (issue 48 §3; beside the browser tests every sign-in lost
// every round of the old all-at-once test): the sign-ins first, the removal between a sign-in's
// read of its quick unlock and its session, then all at once. No session outlives its quick unlock.
if (onPostgres()) {
  describe('taking quick unlock away on two instances', () => {
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

    it('leaves no live session opened by a removed quick unlock, whichever goes first', async () => {
      const [a, b] = await startInstances(servers, { identity: telegramOn })
      const db = a.app.serverContext.db
      const token = await login(a.app)
      let address = 0
      const secrets = async (count = 3) => Promise.all(Array.from({ length: count }, async () => (await call(a.app, 'POST', '/api/account/quick-unlock', { token })).body.secret as string))
      const signIn = (secret: string) => call(b.app, 'POST', '/api/login/quick-unlock', { body: { secret }, address: `192.0.2.${(address += 1)}` })
      const remove = () => call(a.app, 'DELETE', '/api/account/quick-unlock', { token })
      const rowsOf = (mode: 'forKeyShare' | 'forUpdate') => hold(() => holdLock(db, (trx) => trx.selectFrom('quick_unlocks').select('id')[mode]().execute()))
      /** A sign-in that won opened a session, which the removal then ended; one that lost says so. Every secret is gone. */
      const expectOutcomes = async (signIns: CallResult[], won: boolean, used: string[]) => {
        for (const outcome of signIns) {
          if (won) {
            expect(outcome.status, JSON.stringify(outcome.body)).toBe(200)
            expect((await call(b.app, 'GET', '/api/account/profile', { token: outcome.body.token as string })).status).toBe(401)
          } else {
            expect(outcome).toMatchObject(invalid)
          }
        }
        for (const secret of used) expect(await call(b.app, 'POST', '/api/login/quick-unlock', { body: { secret } })).toMatchObject(invalid)
      }

      // The sign-ins first: the removal waits for the rows (a share of them, which a sign-in's
      // session takes too) until every sign-in has its session, and then ends them.
      let used = await secrets()
      const shared = await rowsOf('forKeyShare')
      const removal = remove()
      await shared.queued(1)
      const first = await Promise.all(used.map(signIn))
      await shared.release()
      expect((await removal).status).toBe(200)
      await expectOutcomes(first, true, used)

      // The removal between a sign-in's read of its quick unlock and its session: the removal waits
      // for the row first, and three sign-ins with its secret (each having read it) wait behind the
      // removal to name it in a session; the row goes and each session fails its foreign key. One
      // row: with several, a sign-in waits for the test's hold alone on a row the removal has not
      // reached yet, and goes first.
      used = await secrets(1)
      const taken = await rowsOf('forUpdate')
      const second = remove()
      await taken.queued(1)
      const signIns = Promise.all([1, 2, 3].map(() => signIn(used[0])))
      await taken.queued(4)
      await taken.release()
      expect((await second).status).toBe(200)
      await expectOutcomes(await signIns, false, used)

      // All at once: writes to quick_unlocks held until all four are queued; whichever wins, no
      // session outlives its quick unlock.
      used = await secrets()
      const [together] = await withWritesHeld(db, 'quick_unlocks', 4, async () => Promise.all([Promise.all(used.map(signIn)), remove()]))
      for (const outcome of together) {
        expect([200, 401]).toContain(outcome.status)
        await expectOutcomes([outcome], outcome.status === 200, [])
      }
      await expectOutcomes([], false, used)
      expect((await call(a.app, 'GET', '/api/account/profile', { token })).status).toBe(200)
    })
  })
}

// Issue 47: on 3490fad a quick unlock never expired and counted as the password given, so it alone
// could change the bank account a withdrawal pays.
describe('a quick unlock is not the password', () => {
  const newBank = { name: 'DEMO PLAYER', bankCode: 'SCB', bankAccountName: 'DEMO PLAYER', bankAccountNo: '5556667779' }
  const changeBank = (token: string) => call(server.app, 'PUT', '/api/account/profile', { token, body: newBank })

  it('lets a withdrawal go, never alone a bank account change, at its sign-in or its step-up', async () => {
    await start()
    const { secret } = await demoQuickUnlock()
    server.advance(MINUTE)
    const unlocked = (await unlock(secret)).body.token as string
    expect(await changeBank(unlocked)).toMatchObject(expectError(403, 'STEP_UP_REQUIRED'))
    expect((await stepUp(unlocked, secret)).status).toBe(200)
    expect(await changeBank(unlocked)).toMatchObject(expectError(403, 'STEP_UP_REQUIRED'))
    expect((await withdraw(unlocked, 'by-biometry')).status).toBe(200)
    // Nor does it make another way back in.
    expect(await add(unlocked)).toMatchObject(expectError(403, 'STEP_UP_REQUIRED'))
    expect((await call(server.app, 'POST', '/api/account/step-up', { token: unlocked, body: { password: DEMO.password } })).status).toBe(200)
    expect((await changeBank(unlocked)).status).toBe(200)
  })

  it('is refused, and removed, once its device has not had the password for QUICK_UNLOCK_MAX_DAYS; the password on it starts the age again', async () => {
    await start({ identity: identitySettings({ telegramBotToken: BOT_TOKEN, quickUnlockMaxDays: 30 }) })
    const { secret: kept } = await demoQuickUnlock()
    const { secret: lapsed } = await demoQuickUnlock()
    server.advance(29 * 24 * 60 * MINUTE)
    // The password given in a session the first opened renews it; the second's device never has it.
    const session = (await unlock(kept)).body.token as string
    expect((await call(server.app, 'POST', '/api/account/step-up', { token: session, body: { password: DEMO.password } })).status).toBe(200)
    expect((await unlock(lapsed)).status).toBe(200)
    server.advance(2 * 24 * 60 * MINUTE)
    expect((await unlock(kept)).status).toBe(200)
    expect(await unlock(lapsed)).toMatchObject(invalid)
    expect(await unlock(lapsed)).toMatchObject(invalid)
    expect(await server.app.serverContext.db.selectFrom('quick_unlocks').select('id').execute()).toHaveLength(1)
  })
})
