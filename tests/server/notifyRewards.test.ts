// @vitest-environment node
// Issue 50 §1: the rewards a member receives and support's answer, told as the money is. A bonus
// taken, cashback and the invite bonus received, a wheel prize claimed: each an event written with
// its movement, the amount and the balance after. Support's answer is told once until read, and
// goes through a messenger (here Web Push, a fake push service) only if the chat stays unread past
// its grace: an open chat reads it first.
import webPush from 'web-push'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MemberNotification, Notifications } from '../../contract'
import { SUPPORT_GRACE_MS } from '../../server/notify/events'
import { outboxPass } from '../../server/notify/outbox'
import { NOTIFY_KINDS } from '../../server/notify/settings'
import { browserKeys, decryptPush } from '../pushCrypto'
import { agentReply } from './chatHelpers'
import { DEMO_START_MINOR } from './depositHelpers'
import { call, login, startServer, type TestServer } from './helpers'
import { FakeApi } from './fakeApi'

let server: TestServer
let token: string
let pushService: FakeApi<Buffer>
const vapid = webPush.generateVAPIDKeys()

beforeEach(async () => {
  pushService = await new FakeApi<Buffer>(() => ({ status: 201, body: {} }), (body) => body).start()
  server = await startServer({
    notify: {
      appUrl: 'https://wallet.example/',
      webPush: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:ops@wallet.example', extraOrigins: [pushService.url] },
      events: new Set(NOTIFY_KINDS), maxAgeMs: 60 * 60 * 1000, everyMs: 0,
    },
  })
  token = await login(server.app)
})
afterEach(async () => {
  await server.app.close()
  await pushService.stop()
})

const bell = async (): Promise<Notifications> => (await call(server.app, 'GET', '/api/notifications', { token })).body as unknown as Notifications
const get = (path: string) => call(server.app, 'GET', path, { token })
const pass = () => outboxPass(server.app.serverContext, server.app.serverContext.notify)

async function subscribed() {
  const keys = browserKeys()
  const answer = await call(server.app, 'PUT', '/api/notifications/push', { token, body: { endpoint: `${pushService.url}/push/phone`, keys: { p256dh: keys.p256dh, auth: keys.auth } } })
  expect(answer.status).toBe(200)
  return keys
}

describe('rewards received', () => {
  it('a bonus taken and cashback received are told with the amount and the balance after, opening the bonus page and the statement', async () => {
    expect((await get('/api/bonus/activate/WELCOME100')).status).toBe(200)
    // WELCOME100 on the demo member's ฿1,500: ฿500.
    const [bonus] = (await bell()).notifications
    expect(bonus).toMatchObject({ kind: 'reward_received', reward: 'bonus', amount: 500, balance: 2_000, currency: 'THB', read: false } satisfies Partial<MemberNotification>)
    expect(bonus.reference).toMatch(/^\d+$/)

    expect((await get('/api/bonus/clear')).status).not.toBe(500)
    await server.app.serverContext.db.deleteFrom('user_bonuses' as never).execute()
    expect((await call(server.app, 'POST', '/dev/refunds', { body: { username: '0812345678', amount: 12 } })).status).toBe(200)
    expect((await get('/api/refund/receive')).status).toBe(200)
    const [cashback] = (await bell()).notifications
    expect(cashback).toMatchObject({ kind: 'reward_received', reward: 'cashback', amount: 12, balance: DEMO_START_MINOR / 100 + 500 + 12 })

    // Made into messages while no channel reached the member: nothing for the browser subscribed next.
    await pass()
    const keys = await subscribed()
    expect((await call(server.app, 'POST', '/dev/refunds', { body: { username: '0812345678', amount: 3 } })).status).toBe(200)
    expect((await get('/api/refund/receive')).status).toBe(200)
    await pass()
    expect(pushService.received).toHaveLength(1)
    const shown = JSON.parse(decryptPush(pushService.received[0].body, keys)) as { title: string; body: string; url: string }
    expect(shown).toMatchObject({ title: 'ได้รับรางวัล', url: 'https://wallet.example/user/statement' })
    expect(shown.body).toContain('คืนยอดเสีย')
  })
})

describe("support's answer", () => {
  const memberWho = async () => ({ userId: ((await get('/api/account/profile')).body.profile as { _id: string })._id, token })

  it('is told once until read, however many messages the answer takes, with its first words', async () => {
    const who = await memberWho()
    expect((await agentReply(server.app, who, { message_type: 'text', payload: 'Hello <b>there</b>, your deposit is on its way.' })).status).toBe(200)
    expect((await agentReply(server.app, who, { message_type: 'buttons', payload: { text: 'Anything else?', buttons: [] } })).status).toBe(200)
    const { notifications, unread } = await bell()
    expect(unread).toBe(1)
    expect(notifications).toMatchObject([{ kind: 'support_answered', preview: 'Hello there, your deposit is on its way.', read: false }])

    // The chat read: the bell's entry is read too, and the next answer is told again.
    expect((await call(server.app, 'PUT', '/api/chat/read-customer', { token, body: { userId: who.userId } })).status).toBe(200)
    expect((await bell()).unread).toBe(0)
    expect((await agentReply(server.app, who, { message_type: 'text', payload: 'One more thing' })).status).toBe(200)
    expect((await bell()).unread).toBe(1)
  })

  it('goes through the messenger only after its grace and only while the chat stays unread', async () => {
    const keys = await subscribed()
    const who = await memberWho()
    expect((await agentReply(server.app, who, { message_type: 'text', payload: 'Read at once' })).status).toBe(200)
    // Within the grace nothing goes; the open chat reads it; past the grace it is not sent.
    await pass()
    expect(pushService.received).toHaveLength(0)
    expect((await call(server.app, 'PUT', '/api/chat/read-customer', { token, body: { userId: who.userId } })).status).toBe(200)
    server.advance(SUPPORT_GRACE_MS)
    await pass()
    expect(pushService.received).toHaveLength(0)

    expect((await agentReply(server.app, who, { message_type: 'text', payload: 'Left unread' })).status).toBe(200)
    server.advance(SUPPORT_GRACE_MS - 1)
    await pass()
    expect(pushService.received).toHaveLength(0)
    server.advance(1)
    await pass()
    expect(pushService.received).toHaveLength(1)
    const shown = JSON.parse(decryptPush(pushService.received[0].body, keys)) as { title: string; body: string; url: string }
    expect(shown).toEqual({ title: 'เจ้าหน้าที่ตอบกลับแล้ว', body: 'Left unread', url: 'https://wallet.example/user/home?chat=1', tag: expect.stringMatching(/^event-/) })
  })
})
