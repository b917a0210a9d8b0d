// @vitest-environment node
// Issue 50 §2: the member's money told to the browser and the home-screen app by Web Push. A fake
// push service (real HTTP) receives what the server sends; the test decrypts it as the browser would
// (tests/pushCrypto.ts, from the RFCs). A subscription belongs to its session and goes with it; only
// a browser's push service is taken as its address.
import webPush from 'web-push'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BuildServerOptions } from '../../server/app'
import { outboxPass } from '../../server/notify/outbox'
import { NOTIFY_KINDS, type NotifySettings } from '../../server/notify/settings'
import { browserKeys, decryptPush, type BrowserKeys } from '../pushCrypto'
import { call, login, registerMember, startServer, type TestServer } from './helpers'
import { DEMO_MEMBER_ID, paidQr } from './depositHelpers'
import { FakeApi } from './fakeApi'

const vapid = webPush.generateVAPIDKeys()
let pushService: FakeApi<Buffer>
const servers: TestServer[] = []
beforeEach(async () => {
  pushService = await new FakeApi<Buffer>(() => ({ status: 201, body: {} }), (body) => body).start()
})
afterEach(async () => {
  for (const server of servers.splice(0)) await server.app.close()
  await pushService.stop()
})

const notify = (): NotifySettings => ({
  appUrl: 'https://wallet.example/',
  webPush: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:ops@wallet.example', extraOrigins: [pushService.url] },
  events: new Set(NOTIFY_KINDS),
  maxAgeMs: 60 * 60 * 1000,
  everyMs: 0,
})

async function start(options: Partial<BuildServerOptions> = {}): Promise<TestServer> {
  const server = await startServer({ notify: notify(), ...options })
  servers.push(server)
  return server
}
const pass = (server: TestServer) => outboxPass(server.app.serverContext, server.app.serverContext.notify)

/** The session `token` subscribes this browser (its keys) at `/push/<name>` of the fake push service. */
async function subscribe(server: TestServer, token: string, name: string, keys = browserKeys(), endpoint = `${pushService.url}/push/${name}`) {
  const answer = await call(server.app, 'PUT', '/api/notifications/push', { token, body: { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } } })
  return { answer, keys }
}

const pushesTo = (name: string) => pushService.received.filter((push) => push.path === `/push/${name}`)
const opened = (body: Buffer, keys: BrowserKeys) => JSON.parse(decryptPush(body, keys)) as { title: string; body: string; url: string; tag: string }

const subscriptions = (server: TestServer) => server.app.serverContext.db.selectFrom('push_subscriptions').select(['id', 'member_id', 'endpoint']).orderBy('id').execute()

describe("Web Push's messages of the member's money", () => {
  it('sends a deposit to the subscribed browser, encrypted to its keys and signed with the VAPID key, in the member’s language, opening its screen', async () => {
    const server = await start()
    const token = await login(server.app)
    const { answer, keys } = await subscribe(server, token, 'phone')
    expect(answer).toMatchObject({ status: 200, body: { channels: [{ channel: 'webpush', linked: true, on: true }] } })
    expect((await call(server.app, 'PUT', '/api/notifications/channels', { token, body: { language: 'en' } })).status).toBe(200)
    await paidQr(server.app, token, 250)
    await pass(server)

    const [push] = pushesTo('phone')
    expect(pushService.received).toHaveLength(1)
    expect(push.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'high' })
    // The push service holds it no longer than the messages' bound (an hour).
    expect(Number(push.headers.ttl)).toBeGreaterThan(3500)
    expect(Number(push.headers.ttl)).toBeLessThanOrEqual(3600)
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`))
    const shown = opened(push.body, keys)
    expect(shown).toMatchObject({ title: 'Deposit received', url: 'https://wallet.example/user/statement' })
    expect(shown.body).toContain('250.00')
    expect(shown.tag).toMatch(/^event-\d+$/)

    // Sent once: another pass sends nothing more.
    await pass(server)
    expect(pushService.received).toHaveLength(1)
  })

  it("reaches each of the member's browsers, and a signed-out session's no more", async () => {
    const server = await start()
    const phone = await login(server.app)
    const laptop = await login(server.app)
    const phoneKeys = (await subscribe(server, phone, 'phone')).keys
    const laptopKeys = (await subscribe(server, laptop, 'laptop')).keys
    await paidQr(server.app, phone, 100)
    await pass(server)
    expect(opened(pushesTo('phone')[0].body, phoneKeys).title).toBe(opened(pushesTo('laptop')[0].body, laptopKeys).title)

    expect((await call(server.app, 'POST', '/api/logout', { token: laptop })).status).toBe(200)
    expect(await subscriptions(server)).toHaveLength(1)
    await paidQr(server.app, phone, 100)
    await pass(server)
    expect(pushesTo('phone')).toHaveLength(2)
    expect(pushesTo('laptop')).toHaveLength(1)
  })

  it('turned off on this browser: its subscription goes, and the channel says so', async () => {
    const server = await start()
    const token = await login(server.app)
    await subscribe(server, token, 'phone')
    expect(await call(server.app, 'DELETE', '/api/notifications/push', { token })).toMatchObject({ status: 200, body: { channels: [{ channel: 'webpush', linked: false, on: false }] } })
    await paidQr(server.app, token, 100)
    await pass(server)
    expect(pushService.received).toHaveLength(0)
  })

  it('a browser signed in by another member next hears only that member', async () => {
    const server = await start()
    const first = await login(server.app)
    const keys = browserKeys()
    await subscribe(server, first, 'shared', keys)
    const second = await registerMember(server.app)
    await subscribe(server, second, 'shared', keys)
    const rows = await subscriptions(server)
    expect(rows).toHaveLength(1)
    expect(Number(rows[0].member_id)).not.toBe(DEMO_MEMBER_ID)
    await paidQr(server.app, first, 100)
    await pass(server)
    expect(pushService.received).toHaveLength(0)
  })

  it('takes only a browser push service as the address, and keys of the right shape', async () => {
    const server = await start()
    const token = await login(server.app)
    const keys = browserKeys()
    for (const endpoint of ['http://169.254.169.254/latest/meta-data', 'https://wallet.example/push', 'https://fcm.googleapis.com.evil.example/fcm/send/x', 'https://fcm.googleapis.com:8443/fcm/send/x']) {
      expect((await subscribe(server, token, 'x', keys, endpoint)).answer, endpoint).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } })
    }
    const wrong = { ...keys, p256dh: Buffer.alloc(65, 1).toString('base64url') }
    expect((await subscribe(server, token, 'x', wrong)).answer).toMatchObject({ status: 400 })
    expect((await subscribe(server, token, 'x', { ...keys, auth: Buffer.alloc(8).toString('base64url') })).answer).toMatchObject({ status: 400 })
    expect((await subscribe(server, token, 'x', keys, 'https://fcm.googleapis.com/fcm/send/abc')).answer.status).toBe(200)
    expect(await subscriptions(server)).toHaveLength(1)
  })

  it('a subscription the push service says is gone (410) is dropped; a 429 waits its Retry-After', async () => {
    const server = await start()
    const token = await login(server.app)
    await subscribe(server, token, 'phone')
    pushService.answers.push({ status: 429, body: {}, headers: { 'Retry-After': '30' } })
    await paidQr(server.app, token, 100)
    const before = server.app.serverContext.now()
    await pass(server)
    const [waiting] = await server.app.serverContext.db.selectFrom('notify_deliveries').select(['status', 'next_at']).execute()
    expect(waiting.status).toBe('pending')
    expect(Number(waiting.next_at)).toBeGreaterThanOrEqual(before + 30_000)

    await server.app.serverContext.db.updateTable('notify_deliveries').set({ next_at: 0 }).execute()
    pushService.answers.push({ status: 410, body: {} })
    await pass(server)
    expect(await server.app.serverContext.db.selectFrom('notify_deliveries').select(['status', 'error']).execute()).toEqual([{ status: 'failed', error: '410 Gone' }])
    expect(await subscriptions(server)).toHaveLength(0)
    expect(await call(server.app, 'GET', '/api/notifications/channels', { token })).toMatchObject({ body: { channels: [{ channel: 'webpush', linked: false }] } })
  })

  it('is off without the VAPID settings: no channel, no subscription taken', async () => {
    const server = await start({ notify: { ...notify(), webPush: undefined } })
    const token = await login(server.app)
    expect((await subscribe(server, token, 'phone')).answer.status).toBe(404)
    expect((await call(server.app, 'GET', '/config.json')).body).not.toHaveProperty('vapidPublicKey')
  })

  it('/config.json gives the public key, never the private one', async () => {
    const server = await start()
    const config = (await call(server.app, 'GET', '/config.json')).body as Record<string, unknown>
    expect(config).toMatchObject({ messages: ['webpush'], vapidPublicKey: vapid.publicKey })
    expect(JSON.stringify(config)).not.toContain(vapid.privateKey)
  })
})
