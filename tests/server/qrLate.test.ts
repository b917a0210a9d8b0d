// @vitest-environment node
// QR payments the provider reports late (issue 14): the PromptPay payload has no expiry and cancel
// only marks our row, so a payment reported after cancel or after the countdown is booked all the
// same, once per reference, and flagged late; and the QR state of the QR the app shows, by its id.
import { describe, expect, it } from 'vitest'
import type { QrState } from '../../contract'
import * as store from '../../server/deposit/repo'
import { MINUTE, type TestServer, call, expectError, registerMember, onDemoServer } from './helpers'
import { balanceOf, DEMO_MEMBER_ID, DEMO_START_MINOR } from './depositHelpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const getQr = (provider: string, query = '', as = token) => call(server.app, 'GET', `/api/qrcode/${provider}${query}`, { token: as })
const cancelQr = (id: string) => call(server.app, 'DELETE', `/api/qrcode/${id}`, { token })
const payQr = (idOrReference: string) => call(server.app, 'POST', `/dev/qrcode/${idOrReference}/pay`)
const stored = (id: string) => store.findQr(server.app.serverContext.db, id)

async function created(provider: string, amount: number, as = token): Promise<QrState & { qrcodeId: string }> {
  const result = await call(server.app, 'POST', `/api/qrcode/${provider}`, { token: as, body: { amount } })
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body as unknown as QrState & { qrcodeId: string }
}

const OK = { status: 200, body: { message: 'OK' } }

describe('a payment the provider reports', () => {
  it('is booked on time for an open QR, not flagged late', async () => {
    const qr = await created('KBANK', 100)
    expect(await payQr(qr.qrcodeId)).toMatchObject(OK)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 100_00)
    expect(await stored(qr.qrcodeId)).toMatchObject({ status: 'paid', late: 0, paid_at: server.app.serverContext.now() })
  })

  it('is booked after the player cancelled, to the member whose QR it was, flagged late', async () => {
    const other = await registerMember(server.app)
    const qr = await created('KBANK', 100)
    expect(await cancelQr(qr.qrcodeId)).toMatchObject(OK)
    server.advance(MINUTE)
    expect(await payQr(qr.qrcodeId)).toMatchObject(OK)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 100_00)
    const wallet = await call(server.app, 'GET', '/api/wallet', { token: other })
    expect(wallet.body.wallet).toMatchObject({ amount: 0 })
    expect(await stored(qr.qrcodeId)).toMatchObject({ status: 'paid', late: 1, paid_at: server.app.serverContext.now() })
  })

  it('is booked after the countdown ended, whether or not the row was marked expired', async () => {
    const first = await created('KBANK', 100)
    server.advance(15 * MINUTE)
    // A new QR for the provider marks the old one expired.
    const second = await created('KBANK', 200)
    expect((await stored(first.qrcodeId))!.status).toBe('expired')
    expect(await payQr(first.qrcodeId)).toMatchObject(OK)
    server.advance(15 * MINUTE)
    // Past its countdown, still `open` in the row.
    expect(await payQr(second.qrcodeId)).toMatchObject(OK)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 300_00)
    expect(await stored(first.qrcodeId)).toMatchObject({ status: 'paid', late: 1 })
    expect(await stored(second.qrcodeId)).toMatchObject({ status: 'paid', late: 1 })
  })

  it('is booked once: a second report answers OK and books nothing more', async () => {
    const onTime = await created('KBANK', 100)
    expect(await payQr(onTime.qrcodeId)).toMatchObject(OK)
    expect(await payQr(onTime.qrcodeId)).toMatchObject(OK)
    const late = await created('WW', 100)
    await cancelQr(late.qrcodeId)
    expect(await payQr(late.qrcodeId)).toMatchObject(OK)
    expect(await payQr(late.qrcodeId)).toMatchObject(OK)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 200_00)
  })

  it('is booked once when reported several times at once, each answered OK', async () => {
    const qr = await created('E2P', 50)
    await cancelQr(qr.qrcodeId)
    const answers = await Promise.all([1, 2, 3].map(() => payQr(qr.qrcodeId)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 50_00)
  })

  it("may name the QR by the provider's reference (the one in the payload) instead of our id", async () => {
    const qr = await created('KBANK', 100)
    const { reference } = (await stored(qr.qrcodeId))!
    await cancelQr(qr.qrcodeId)
    expect(await payQr(reference)).toMatchObject(OK)
    expect(await payQr(qr.qrcodeId)).toMatchObject(OK)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 100_00)
    expect(await payQr('NOSUCHREFERENCE0000')).toMatchObject(expectError(404, 'NO_DATA'))
  })

  it('lets the operator find the late payments (GET /dev/qrcode/late, the rows with late = 1)', async () => {
    const onTime = await created('KBANK', 100)
    await payQr(onTime.qrcodeId)
    const late = await created('WW', 150.5)
    await cancelQr(late.qrcodeId)
    server.advance(MINUTE)
    await payQr(late.qrcodeId)
    const { reference } = (await stored(late.qrcodeId))!
    expect((await call(server.app, 'GET', '/dev/qrcode/late')).body).toEqual({
      payments: [{ qrcodeId: late.qrcodeId, reference, provider: 'WW', memberId: DEMO_MEMBER_ID, amount: 150.5, paidAt: new Date(server.app.serverContext.now()).toISOString() }],
    })
  })
})

describe('GET /api/qrcode/:provider?qrcodeId=', () => {
  it('says an open QR is open, and a paid one paid with no code left to pay', async () => {
    const qr = await created('KBANK', 100)
    expect(qr.status).toBe('open')
    expect((await getQr('KBANK', `?qrcodeId=${qr.qrcodeId}`)).body).toEqual(qr)
    server.advance(MINUTE)
    await payQr(qr.qrcodeId)
    // With the deposit it made, as the statement names it, and when the money arrived.
    const { reference } = (await stored(qr.qrcodeId))!
    const paidAt = new Date(server.app.serverContext.now()).toISOString()
    const paid = { qrcodeId: qr.qrcodeId, hasQrcode: false, qrcode: null, amount: 100, expireIn: 0, message: '', status: 'paid', reference, paidAt }
    expect((await getQr('KBANK', `?qrcodeId=${qr.qrcodeId}`)).body).toEqual(paid)
    const statement = await call(server.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 } })
    expect((statement.body.statements as unknown[])[0]).toMatchObject({ statementType: 'deposit', reference, createdAt: paidAt, amount: 100 })
    // Without the id: the provider's open QR, of which there is none now.
    expect((await getQr('KBANK')).body).toMatchObject({ hasQrcode: false, qrcodeId: null })
  })

  it('says cancelled, expired, and paid late', async () => {
    const cancelled = await created('KBANK', 100)
    await cancelQr(cancelled.qrcodeId)
    expect((await getQr('KBANK', `?qrcodeId=${cancelled.qrcodeId}`)).body).toMatchObject({ qrcodeId: cancelled.qrcodeId, hasQrcode: false, status: 'cancelled' })
    const expiring = await created('WW', 100)
    server.advance(15 * MINUTE)
    expect((await getQr('WW', `?qrcodeId=${expiring.qrcodeId}`)).body).toMatchObject({ qrcodeId: expiring.qrcodeId, hasQrcode: false, status: 'expired' })
    await payQr(cancelled.qrcodeId)
    expect((await getQr('KBANK', `?qrcodeId=${cancelled.qrcodeId}`)).body).toMatchObject({ status: 'paid' })
  })

  it("answers another member's QR, another provider's or an unknown id as if the id were not given", async () => {
    const other = await registerMember(server.app)
    const theirs = await created('KBANK', 100, other)
    await payQr(theirs.qrcodeId)
    const mine = await created('WW', 100)
    const none = (await getQr('KBANK')).body
    expect(none).toMatchObject({ hasQrcode: false, qrcodeId: null })
    expect((await getQr('KBANK', `?qrcodeId=${theirs.qrcodeId}`)).body).toEqual(none)
    expect((await getQr('KBANK', '?qrcodeId=no-such-qr')).body).toEqual(none)
    expect((await getQr('KBANK', `?qrcodeId=${mine.qrcodeId}`)).body).toEqual(none)
    expect(await getQr('KBANK', '?qrcodeId=bad%20id')).toMatchObject(expectError(400, 'KEY_INVALID'))
  })
})
