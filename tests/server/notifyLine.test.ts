// @vitest-environment node
// Issue 50 §2: the member's money told through LINE. A push from the operator's official account to
// the linked LINE user (a fake Messaging API, real HTTP), only where the player is a friend of it,
// a buttons template whose button opens the LIFF app on the screen; each push carries a retry key
// of its delivery, so one sent again (a lost answer, a sender stopped mid-call) stays one message.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BuildServerOptions } from '../../server/app'
import { retryKeyOf } from '../../server/notify/line'
import { outboxPass } from '../../server/notify/outbox'
import { NOTIFY_KINDS, type NotifySettings } from '../../server/notify/settings'
import { call, login, startServer, type TestServer } from './helpers'
import { CHANNEL_ID, idToken, identitySettings, link, type LineKeys, serveLineKeys } from './identityHelpers'
import { paidQr as payQr } from './depositHelpers'
import { FakeApi, type Received } from './fakeApi'

interface Push { to: string; messages: { type: string; altText: string; template: { type: string; text: string; actions: { type: string; label: string; uri: string }[] } }[] }

const LINE_USER = 'U0123456789abcdef0123456789abcdef'
const ACCESS_TOKEN = 'line-channel-access-token-for-tests'
const LIFF_ID = '2000000000-notify'

let lineApi: FakeApi<Push>
let keys: LineKeys
/** Retry keys LINE has accepted: a second push with one answers 409, as LINE does. */
let accepted: Set<string>
const servers: TestServer[] = []
beforeEach(async () => {
  accepted = new Set()
  lineApi = await new FakeApi<Push>((received: Received<Push>) => {
    const key = String(received.headers['x-line-retry-key'])
    if (accepted.has(key)) return { status: 409, body: { message: 'The retry key is already accepted' } }
    accepted.add(key)
    return { status: 200, body: { sentMessages: [{ id: String(accepted.size) }] } }
  }).start()
  keys = await serveLineKeys()
})
afterEach(async () => {
  for (const server of servers.splice(0)) await server.app.close()
  await lineApi.stop()
  await keys.close()
})

const notify = (): NotifySettings => ({
  appUrl: 'https://wallet.example/',
  line: { token: ACCESS_TOKEN, apiUrl: lineApi.url },
  events: new Set(NOTIFY_KINDS),
  maxAgeMs: 60 * 60 * 1000,
  everyMs: 0,
})

async function start(options: Partial<BuildServerOptions> = {}): Promise<TestServer> {
  const server = await startServer({ identity: identitySettings({ lineChannelId: CHANNEL_ID, lineJwksUrl: keys.url }), notify: notify(), ...options })
  servers.push(server)
  await call(server.app, 'POST', '/dev/config', { body: { line: { liffId: LIFF_ID, mock: false } } })
  return server
}
const pass = (server: TestServer) => outboxPass(server.app.serverContext, server.app.serverContext.notify)

/** The demo member with LINE linked; `friend`: what the app read of the friendship (liff.getFriendship). */
async function linkedMember(server: TestServer, friend?: boolean): Promise<string> {
  const token = await login(server.app)
  const linked = await link(server.app, token, 'line', await idToken({ sub: LINE_USER, key: keys.key, kid: keys.kid, issuedAt: server.app.serverContext.now() }))
  expect(linked.status, JSON.stringify(linked.body)).toBe(200)
  if (friend !== undefined) expect((await call(server.app, 'PUT', '/api/notifications/channels', { token, body: { line: { allowed: friend } } })).status).toBe(200)
  return token
}

const paidQr = (server: TestServer, token: string, amount: number) => payQr(server.app, token, amount)

const deliveries = (server: TestServer) =>
  server.app.serverContext.db.selectFrom('notify_deliveries').select(['id', 'channel', 'status', 'attempts']).orderBy('id').execute()

describe("LINE's messages of the member's money", () => {
  it("pushes a deposit to a friend of the official account, with a button opening the LIFF app and the delivery's retry key", async () => {
    const server = await start()
    const token = await linkedMember(server, true)
    expect(await call(server.app, 'GET', '/api/notifications/channels', { token })).toMatchObject({ body: { channels: [{ channel: 'line', linked: true, allowed: true, on: true, blocked: false }] } })
    await paidQr(server, token, 250)
    await pass(server)
    expect(lineApi.received).toHaveLength(1)
    const [push] = lineApi.received
    expect(push.path).toBe('/v2/bot/message/push')
    expect(push.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`)
    const [delivery] = await deliveries(server)
    expect(push.headers['x-line-retry-key']).toBe(retryKeyOf(delivery.id))
    expect(push.headers['x-line-retry-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(push.body.to).toBe(LINE_USER)
    const [message] = push.body.messages
    expect(message.template.text).toMatch(/^ฝากเงินสำเร็จ|^.+\n\+฿250\.00 · /)
    expect(message.template.text).toContain('+฿250.00')
    expect(message.altText).toBe(message.template.text)
    expect(message.template.actions).toEqual([{ type: 'uri', label: 'ดูรายละเอียด', uri: `https://liff.line.me/${LIFF_ID}/user/statement` }])
    expect(delivery).toMatchObject({ channel: 'line', status: 'sent', attempts: 1 })
  })

  it('pushes nothing to a player who is not a friend of the official account, or whose friendship the app has not read', async () => {
    const server = await start()
    const token = await linkedMember(server)
    await paidQr(server, token, 50)
    await call(server.app, 'PUT', '/api/notifications/channels', { token, body: { line: { allowed: false } } })
    await paidQr(server, token, 60)
    await pass(server)
    expect(lineApi.received).toHaveLength(0)
  })

  it('sends again under the same key after a lost answer, and LINE keeps one message', async () => {
    const server = await start()
    const token = await linkedMember(server, true)
    // LINE took the push, but its answer never came back (a 500 after accepting, as a proxy may give).
    lineApi.answers.push({ status: 500, body: { message: 'Internal error' } })
    await paidQr(server, token, 70)
    await pass(server)
    expect(await deliveries(server)).toMatchObject([{ status: 'pending', attempts: 1 }])
    server.advance(60_000)
    await pass(server)
    // The second push carried the first's key: one message for LINE.
    expect(lineApi.received.map((received) => received.headers['x-line-retry-key'])).toEqual([retryKeyOf((await deliveries(server))[0].id), retryKeyOf((await deliveries(server))[0].id)])
    expect(await deliveries(server)).toMatchObject([{ status: 'sent', attempts: 2 }])
    expect(accepted.size).toBe(1)
  })

  it("sends again a push whose sender stopped mid-call, under the same key (LINE keeps one message), where Telegram's is left unknown", async () => {
    const server = await start()
    const token = await linkedMember(server, true)
    await paidQr(server, token, 80)
    await pass(server)
    expect(lineApi.received).toHaveLength(1)
    // As if the push had been claimed by a sender that stopped before it could settle it: its claim ran out.
    const { db } = server.app.serverContext
    await db.updateTable('notify_deliveries').set({ status: 'sending', next_at: server.app.serverContext.now() }).execute()
    server.advance(1)
    await pass(server)
    expect(lineApi.received).toHaveLength(2)
    expect(lineApi.received[1].headers['x-line-retry-key']).toBe(lineApi.received[0].headers['x-line-retry-key'])
    expect(accepted.size).toBe(1)
    expect(await deliveries(server)).toMatchObject([{ status: 'sent', attempts: 2 }])
  })
})
