// @vitest-environment node
// Money that arrived is booked once (issue 14): every external reference of a deposit (a slip's
// image, its bank reference, a gift link's voucher, a provider's open QR) answers its spec code
// when it comes again, on both dialects, with and without an Idempotency-Key (on PostgreSQL a
// failed statement inside the key's transaction would otherwise abort it: a 500).
import { describe, expect, it } from 'vitest'
import type { Slip } from '../../contract'
import { type TestServer, call, expectError, registerMember, onDemoServer } from './helpers'
import { balanceOf, DEMO_START_MINOR, encryptLink, giftLink, jpeg, multipart, png } from './depositHelpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

let keys = 0
const freshKey = () => ({ 'Idempotency-Key': `key-${++keys}` })

async function upload(bytes: Buffer, headers: Record<string, string>, as = token) {
  const form = multipart([{ name: 'file', fileName: 'slip.png', type: 'image/png', content: bytes }])
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: { ...headers, authorization: `Bearer ${as}`, 'content-type': form.contentType },
    payload: form.body,
  })
  return { status: response.statusCode, body: response.json() as Slip & Record<string, unknown> }
}

const settle = (reference: string, body: unknown) => call(server.app, 'POST', `/dev/slips/${reference}`, { body })
const sendLink = (voucher: string, headers: Record<string, string>, as = token) =>
  call(server.app, 'POST', '/api/wallet/truelink', { token: as, headers, body: { link: encryptLink(giftLink(voucher)) } })
const createQr = (provider: string, amount: number, headers: Record<string, string>) =>
  call(server.app, 'POST', `/api/qrcode/${provider}`, { token, headers, body: { amount } })

const DUPLICATE = { status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED', amount: 0 }

describe.each([
  ['without an Idempotency-Key', () => ({})],
  ['with a fresh Idempotency-Key each', freshKey],
])('a deposit reference that comes again, %s', (_, headers) => {
  it('a slip image sent again is stored FAILED SLIP_REFNO_DUPLICATED and answered so', async () => {
    const image = png()
    const first = await upload(image, headers())
    expect(first).toMatchObject({ status: 200, body: { status: 'PROCESSING' } })
    const again = await upload(image, headers())
    expect(again).toMatchObject({ status: 200, body: DUPLICATE })
    expect(again.body.reference).not.toBe(first.body.reference)
    const other = await registerMember(server.app)
    expect(await upload(image, headers(), other)).toMatchObject({ status: 200, body: DUPLICATE })
    const listed = await call(server.app, 'POST', '/api/statement/slip', { token, body: { page: 1, limit: 10 } })
    expect(listed.body).toEqual({ total: 2, slips: [again.body, first.body] })
  })

  it('the same slip image sent three times at once is kept once', async () => {
    const image = png()
    const answers = await Promise.all([1, 2, 3].map(() => upload(image, headers())))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(answers.map((answer) => answer.body.status).sort()).toEqual(['FAILED', 'FAILED', 'PROCESSING'])
  })

  it('a slip approved with its bank reference is still refused when its image comes again, and credited once', async () => {
    const image = jpeg()
    const first = await upload(image, headers())
    expect((await settle(first.body.reference, { status: 'success', amount: 300, refNo: 'KB0001' })).body).toMatchObject({ status: 'SUCCESS' })
    expect(await upload(image, headers())).toMatchObject({ status: 200, body: DUPLICATE })
    // A processing one too.
    const waiting = jpeg()
    await upload(waiting, headers())
    expect(await upload(waiting, headers())).toMatchObject({ status: 200, body: DUPLICATE })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 300_00)
  })

  it("an approval whose bank reference another slip has fails as SLIP_REFNO_DUPLICATED and credits nothing", async () => {
    const first = await upload(png(), headers())
    const second = await upload(png(), headers())
    await settle(first.body.reference, { status: 'success', amount: 100, refNo: 'KB0002' })
    const refused = await settle(second.body.reference, { status: 'success', amount: 100, refNo: 'KB0002' })
    expect(refused).toMatchObject({ status: 200, body: { ...DUPLICATE, reference: second.body.reference } })
    // A bank's reference is one whatever its case: typed again in lower case, it is still taken.
    const third = await upload(jpeg(), headers())
    expect(await settle(third.body.reference, { status: 'success', amount: 100, refNo: 'kb0002' })).toMatchObject({ status: 200, body: DUPLICATE })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 100_00)
    // Settled (failed): nothing more to settle.
    expect(await settle(second.body.reference, { status: 'success', amount: 100 })).toMatchObject(expectError(409, 'NO_DATA'))
  })

  it('a gift link voucher sent again answers 409 TRUELINK_DUPLICATE', async () => {
    expect((await sendLink('019a1b2c3d4e5f6a7b8c', headers())).status).toBe(200)
    expect(await sendLink('019a1b2c3d4e5f6a7b8c', headers())).toMatchObject(expectError(409, 'TRUELINK_DUPLICATE'))
    const other = await registerMember(server.app)
    expect(await sendLink('019a1b2c3d4e5f6a7b8c', headers(), other)).toMatchObject(expectError(409, 'TRUELINK_DUPLICATE'))
  })

  it("a provider's second open QR answers 409 QR_FAIL, and another provider's is made", async () => {
    expect((await createQr('KBANK', 100, headers())).status).toBe(200)
    expect(await createQr('KBANK', 200, headers())).toMatchObject(expectError(409, 'QR_FAIL'))
    expect((await createQr('WW', 100, headers())).status).toBe(200)
  })
})

describe('limits are counted outside the money transaction', () => {
  it.each([
    ['without an Idempotency-Key', () => ({})],
    ['with a fresh Idempotency-Key each', freshKey],
  ])('21 invalid gift links %s: the 21st answers 429 REQUEST_LIMIT', async (_, headers) => {
    const wrong = (i: number) => call(server.app, 'POST', '/api/wallet/truelink', {
      token, headers: headers(), body: { link: encryptLink(giftLink(`guess${String(i).padStart(10, '0')}`), 'wrong-secret') },
    })
    for (let i = 0; i < 20; i++) expect(await wrong(i)).toMatchObject(expectError(400, 'TRUELINK_INVALID'))
    expect(await wrong(20)).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    expect(await sendLink('019a1b2c3d4e5f6a7b8c', headers())).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
  })
})

describe('a replay with the same Idempotency-Key', () => {
  it('of a slip upload (a new boundary, the same bytes) answers the first result; approved, it is credited once', async () => {
    const image = png()
    const first = await upload(image, { 'Idempotency-Key': 'slip-1' })
    expect(first.status).toBe(200)
    // `upload` makes a new boundary each time: the same bytes in another body.
    const again = await upload(image, { 'Idempotency-Key': 'slip-1' })
    expect(again).toEqual(first)
    await settle(first.body.reference, { status: 'success', amount: 250 })
    expect(await upload(image, { 'Idempotency-Key': 'slip-1' })).toEqual(first)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 250_00)
    const listed = await call(server.app, 'POST', '/api/statement/slip', { token, body: { page: 1, limit: 10 } })
    expect(listed.body.total).toBe(1)
  })

  it('of a gift link answers the first result; approved, it is credited once', async () => {
    const body = { link: encryptLink(giftLink('019a1b2c3d4e5f6a7b8c')) }
    const send = () => call(server.app, 'POST', '/api/wallet/truelink', { token, headers: { 'Idempotency-Key': 'gift-1' }, body })
    const first = await send()
    expect(first.status).toBe(200)
    const again = await send()
    expect(again).toMatchObject({ status: 200, body: first.body })
    expect(again.headers['idempotent-replayed']).toBe('true')
    await settle(first.body.reference as string, { status: 'success', amount: 20 })
    expect((await send()).body).toEqual(first.body)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 20_00)
  })

  it('is answered even when the hourly limit has filled since', async () => {
    const bodies = Array.from({ length: 21 }, (_, i) => ({ link: encryptLink(giftLink(`limit${String(i).padStart(10, '0')}`)) }))
    const send = (i: number) => call(server.app, 'POST', '/api/wallet/truelink', { token, headers: { 'Idempotency-Key': `try-${i}` }, body: bodies[i] })
    const answers = []
    for (let i = 0; i < 20; i++) answers.push(await send(i))
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
    expect(await send(20)).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    // The 20th answer was lost on the way: its retry is the same action, not a new try.
    expect(await send(19)).toMatchObject({ status: 200, body: answers[19].body, headers: { 'idempotent-replayed': 'true' } })
  })
})
