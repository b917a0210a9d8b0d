// @vitest-environment node
// Issue 50: what the player is told of their money. Each event is written in the transaction that
// moved (or refused) the money: a QR paid, a slip approved or refused, a withdrawal paid or failed;
// the bell reads the newest 50 and the unread count, and marks them read.
import { describe, expect, it } from 'vitest'
import type { MemberNotification, Notifications, Slip } from '../../contract'
import { tell } from '../../server/notify/events'
import { settleWithdrawal } from '../../server/wallet/withdrawals'
import { DAY, type TestServer, call, expectError, registerMember, onDemoServer } from './helpers'
import { DEMO_MEMBER_ID, DEMO_START_MINOR, jpeg, paidQr as payQr } from './depositHelpers'
import { sweepRetention } from '../../server/retention'
import { withdraw } from './withdrawalHelpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const bell = async (as = token) => {
  const result = await call(server.app, 'GET', '/api/notifications', { token: as })
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body as unknown as Notifications
}
const markRead = (upTo: string, as = token) => call(server.app, 'POST', '/api/notifications/read', { token: as, body: { upTo } })

async function slip(): Promise<Slip> {
  const response = await server.app.inject({ method: 'POST', url: '/api/wallet/slip', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' }, payload: jpeg() })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Slip
}
const settleSlip = (reference: string, body: unknown) => call(server.app, 'POST', `/dev/slips/${reference}`, { body })

const paidQr = (amount: number) => payQr(server.app, token, amount)

async function withdrawal(amount: number): Promise<string> {
  const asked = await withdraw(server.app, token, amount, '/api/wallet/withdraw')
  expect(asked.status, JSON.stringify(asked.body)).toBe(200)
  return (asked.body.withdrawal as { id: string }).id
}

describe('GET /api/notifications', () => {
  it('needs a login', async () => {
    expect(await call(server.app, 'GET', '/api/notifications')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
    expect(await call(server.app, 'POST', '/api/notifications/read', { body: { upTo: '1' } })).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })

  it('is empty for a member nothing happened to', async () => {
    expect(await bell()).toEqual({ unread: 0, notifications: [] })
  })

  it('tells each deposit credited or refused and each withdrawal paid or failed, newest first, with its figures', async () => {
    await paidQr(250)
    const approved = await slip()
    expect((await settleSlip(approved.reference, { status: 'success', amount: 300.25 })).status).toBe(200)
    const refused = await slip()
    expect((await settleSlip(refused.reference, { status: 'failed', note: 'DEST_ACC_INVALID' })).status).toBe(200)
    const paid = await withdrawal(100)
    await settleWithdrawal(server.app.serverContext, Number(paid), { status: 'paid', bankReference: 'KB-778899' })
    const failed = await withdrawal(150)
    expect((await call(server.app, 'POST', `/dev/withdrawals/${failed}`, { body: { status: 'failed' } })).status).toBe(200)

    const { unread, notifications } = await bell()
    expect(unread).toBe(5)
    const at = new Date(server.app.serverContext.now()).toISOString()
    const start = DEMO_START_MINOR / 100
    expect(notifications.map(({ id: _, ...rest }) => rest)).toEqual([
      { kind: 'withdrawal_failed', createdAt: at, read: false, currency: 'THB', reference: failed, amount: 150, balance: start + 250 + 300.25 - 100 },
      { kind: 'withdrawal_paid', createdAt: at, read: false, currency: 'THB', reference: paid, amount: 100, bankCode: 'KBANK', bankAccountNo: expect.stringMatching(/^x+\d{4}$/), bankReference: 'KB-778899' },
      { kind: 'deposit_refused', createdAt: at, read: false, currency: 'THB', reference: refused.reference, method: 'slip', reason: 'DEST_ACC_INVALID' },
      { kind: 'deposit_credited', createdAt: at, read: false, currency: 'THB', reference: approved.reference, method: 'slip', amount: 300.25, balance: start + 250 + 300.25 },
      { kind: 'deposit_credited', createdAt: at, read: false, currency: 'THB', reference: expect.any(String), method: 'qrcode', amount: 250, balance: start + 250 },
    ] satisfies Omit<MemberNotification, 'id'>[])
    const ids = notifications.map((notification) => BigInt(notification.id))
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)))
  })

  it('tells nothing of a credit that did not happen: a second report of one QR, a second decision on one slip', async () => {
    const qr = await paidQr(100)
    expect((await call(server.app, 'POST', `/dev/qrcode/${qr}/pay`)).status).toBe(200)
    const once = await slip()
    expect((await settleSlip(once.reference, { status: 'success', amount: 10 })).status).toBe(200)
    expect(await settleSlip(once.reference, { status: 'failed', note: 'DEST_ACC_INVALID' })).toMatchObject(expectError(409, 'NO_DATA'))
    expect((await bell()).notifications.map((notification) => notification.kind)).toEqual(['deposit_credited', 'deposit_credited'])
  })

  it("is the member's own: another member sees none of them, and cannot mark them read", async () => {
    await paidQr(100)
    const otherToken = await registerMember(server.app)
    expect(await bell(otherToken)).toEqual({ unread: 0, notifications: [] })
    const [mine] = (await bell()).notifications
    expect(await markRead(mine.id, otherToken)).toMatchObject({ status: 200, body: { unread: 0 } })
    expect((await bell()).unread).toBe(1)
  })

  it('lists the newest 50 and counts every unread one', async () => {
    const { db, now } = server.app.serverContext
    for (let i = 0; i < 52; i += 1) {
      await tell(db, DEMO_MEMBER_ID, { kind: 'deposit_refused', method: 'slip', reference: `S${i}`, reason: 'DEST_ACC_INVALID', currency: 'THB' }, now())
    }
    const { unread, notifications } = await bell()
    expect(unread).toBe(52)
    expect(notifications.map((notification) => notification.reference)).toEqual(Array.from({ length: 50 }, (_, i) => `S${51 - i}`))
  })
})

describe('POST /api/notifications/read', () => {
  it('marks those up to the one given read, and answers how many stay unread', async () => {
    await paidQr(100)
    await paidQr(200)
    const [newest, older] = (await bell()).notifications
    expect(await markRead(older.id)).toMatchObject({ status: 200, body: { unread: 1 } })
    expect((await bell()).notifications.map((notification) => notification.read)).toEqual([false, true])
    expect(await markRead(newest.id)).toMatchObject({ status: 200, body: { unread: 0 } })
    // Read twice: nothing changes.
    expect(await markRead(newest.id)).toMatchObject({ status: 200, body: { unread: 0 } })
    expect((await bell()).unread).toBe(0)
  })

  it('refuses what is not an id', async () => {
    for (const upTo of ['', '0', '-1', 'abc', '1.5', '1'.repeat(20)]) {
      expect((await markRead(upTo)).status, upTo).toBe(400)
    }
  })
})

describe('retention', () => {
  it('sweeps events older than 90 days and keeps the younger', async () => {
    await paidQr(100)
    const db = server.app.serverContext.db
    await db.updateTable('member_events').set({ created_at: server.app.serverContext.now() - 91 * DAY }).where('member_id', '=', DEMO_MEMBER_ID).execute()
    await paidQr(200)
    expect((await sweepRetention(server.app.serverContext)).memberEvents).toBe(1)
    expect((await bell()).notifications.map((notification) => notification.amount)).toEqual([200])
  })
})
