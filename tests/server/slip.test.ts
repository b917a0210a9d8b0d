// @vitest-environment node
// Slip upload (spec 1, 5, 7, 8): multipart or raw image, kept on disk, processing until the dev
// endpoint settles it; the statement's slip table; the slip image, for its owner only.
import { describe, expect, it } from 'vitest'
import type { Slip, SlipPageResponse } from '../../contract'
import { MINUTE, type TestServer, call, expectError, login, registerMember, onDemoServer } from './helpers'
import { balanceOf, DEMO_START_MINOR, jpeg, multipart, png } from './depositHelpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

async function upload(body: Buffer | string, contentType: string, as = token) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: { ...(as ? { authorization: `Bearer ${as}` } : {}), 'content-type': contentType },
    payload: body,
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

async function uploaded(body = jpeg(), contentType = 'image/jpeg'): Promise<Slip> {
  const result = await upload(body, contentType)
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body as unknown as Slip
}

const settle = (reference: string, body: unknown) => call(server.app, 'POST', `/dev/slips/${reference}`, { body })
const slipPage = (body: unknown, as = token) => call(server.app, 'POST', '/api/statement/slip', { token: as, body })
const imageUrl = (reference: string, as = token) => call(server.app, 'GET', `/api/statement/slip/reference/${reference}`, { token: as })

describe('POST /api/wallet/slip', () => {
  it('needs a login', async () => {
    expect(await upload(jpeg(), 'image/jpeg', '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })

  it('takes the file field of a multipart form and queues the slip as processing', async () => {
    const form = multipart([{ name: 'note', content: Buffer.from('hi') }, { name: 'file', fileName: 'slip.png', type: 'image/png', content: png() }])
    const result = await upload(form.body, form.contentType)
    expect(result.status).toBe(200)
    expect(result.body).toEqual({
      createdAt: new Date(server.app.serverContext.now()).toISOString(),
      amount: 0,
      status: 'PROCESSING',
      note: null,
      link: null,
      reference: expect.stringMatching(/^[A-Z0-9]{20}$/),
    })
  })

  it('keeps the amount the player says the slip shows while it waits, and credits what staff read (issue 51)', async () => {
    const form = multipart([{ name: 'amount', content: Buffer.from(' 500.25 ') }, { name: 'file', fileName: 'slip.png', type: 'image/png', content: png() }])
    const slip = await uploaded(form.body, form.contentType)
    expect(slip).toMatchObject({ amount: 0, claimedAmount: 500.25, status: 'PROCESSING' })
    const row = async () => ((await call(server.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 1 } })).body as { statements: Record<string, unknown>[] }).statements[0]
    expect(await row()).toMatchObject({ reference: slip.reference, amount: 0, claimedAmount: 500.25, status: 'PROCESSING' })
    expect(((await slipPage({ page: 1, limit: 10 })).body as unknown as SlipPageResponse).slips[0]).toMatchObject({ reference: slip.reference, claimedAmount: 500.25 })
    // Staff read 480 on it: the wallet gets 480, and the claim is no longer shown.
    expect((await settle(slip.reference, { status: 'success', amount: 480 })).status).toBe(200)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 480_00)
    const settled = await row()
    expect(settled).toMatchObject({ amount: 480, status: 'SUCCESS' })
    expect(settled).not.toHaveProperty('claimedAmount')
  })

  it('refuses an amount not written as one (SLIP_AMOUNT_INVALID) and stores nothing', async () => {
    for (const amount of ['abc', '0', '-5', '1.234', '1e5', '5,00', '10000000000000']) {
      const form = multipart([{ name: 'amount', content: Buffer.from(amount) }, { name: 'file', fileName: 'slip.png', type: 'image/png', content: png() }])
      expect(await upload(form.body, form.contentType), amount).toMatchObject(expectError(400, 'SLIP_AMOUNT_INVALID'))
    }
    expect(((await slipPage({ page: 1, limit: 10 })).body as unknown as SlipPageResponse).slips).toEqual([])
    // Left empty, it is not said.
    const empty = multipart([{ name: 'amount', content: Buffer.from('') }, { name: 'file', fileName: 'slip.png', type: 'image/png', content: png() }])
    expect(await uploaded(empty.body, empty.contentType)).not.toHaveProperty('claimedAmount')
  })

  it('takes a raw JPEG or PNG body too', async () => {
    expect((await uploaded(jpeg(), 'image/jpeg')).status).toBe('PROCESSING')
    expect((await uploaded(png(), 'image/png')).status).toBe('PROCESSING')
  })

  it('answers SLIP_NO_FILE without a file', async () => {
    expect(await upload(Buffer.alloc(0), 'image/jpeg')).toMatchObject(expectError(400, 'SLIP_NO_FILE'))
    const noFile = multipart([{ name: 'other', content: jpeg() }])
    expect(await upload(noFile.body, noFile.contentType)).toMatchObject(expectError(400, 'SLIP_NO_FILE'))
    const emptyFile = multipart([{ name: 'file', fileName: 'a.jpg', type: 'image/jpeg', content: Buffer.alloc(0) }])
    expect(await upload(emptyFile.body, emptyFile.contentType)).toMatchObject(expectError(400, 'SLIP_NO_FILE'))
  })

  it('answers SLIP_INVALID_FILE for what is not a JPEG or PNG, whatever its label, and for a broken form', async () => {
    const gif = Buffer.from('GIF89a-not-a-slip')
    expect(await upload(gif, 'image/gif')).toMatchObject(expectError(400, 'SLIP_INVALID_FILE'))
    expect(await upload(gif, 'image/jpeg')).toMatchObject(expectError(400, 'SLIP_INVALID_FILE'))
    expect(await upload('{"file":"x"}', 'application/json')).toMatchObject(expectError(400, 'SLIP_INVALID_FILE'))
    const html = multipart([{ name: 'file', fileName: 'slip.jpg', type: 'image/jpeg', content: Buffer.from('<script>alert(1)</script>') }])
    expect(await upload(html.body, html.contentType)).toMatchObject(expectError(400, 'SLIP_INVALID_FILE'))
    expect(await upload(Buffer.from('garbage'), 'multipart/form-data; boundary=xyz')).toMatchObject(expectError(400, 'SLIP_INVALID_FILE'))
    expect(await upload(jpeg(), 'multipart/form-data')).toMatchObject(expectError(400, 'SLIP_INVALID_FILE'))
  })

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([jpeg(), Buffer.alloc(10 * 1024 * 1024 + 64 * 1024)])
    expect(await upload(big, 'image/jpeg')).toMatchObject(expectError(413, 'SLIP_INVALID_FILE'))
  })

  it('is closed in the daily window (SLIP_UPLOAD_FAIL)', async () => {
    server.setTime(Date.parse('2025-01-15T23:30:00+07:00'))
    token = await login(server.app)
    expect(await upload(jpeg(), 'image/jpeg')).toMatchObject(expectError(400, 'SLIP_UPLOAD_FAIL'))
    server.setTime(Date.parse('2025-01-16T00:30:00+07:00'))
    expect((await uploaded()).status).toBe('PROCESSING')
  })

  it('takes at most 30 uploads a member in an hour (REQUEST_LIMIT)', async () => {
    for (let i = 0; i < 30; i++) expect((await upload(jpeg(), 'image/jpeg')).status).toBe(200)
    expect(await upload(jpeg(), 'image/jpeg')).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    const other = await registerMember(server.app)
    expect((await upload(jpeg(), 'image/jpeg', other)).status).toBe(200)
    server.advance(60 * MINUTE)
    expect((await upload(jpeg(), 'image/jpeg')).status).toBe(200)
  })

  it('fails the same slip sent again as SLIP_REFNO_DUPLICATED', async () => {
    const image = jpeg()
    const first = await uploaded(image)
    const again = await uploaded(image)
    expect(again).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED', amount: 0 })
    expect(again.reference).not.toBe(first.reference)
    // Even from another member.
    const other = await registerMember(server.app)
    expect((await upload(image, 'image/jpeg', other)).body).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' })
  })

  it('keeps one of the same slip sent several times at once', async () => {
    const image = png()
    const answers = await Promise.all([1, 2, 3].map(() => upload(image, 'image/png')))
    expect(answers.map((answer) => answer.body.status).sort()).toEqual(['FAILED', 'FAILED', 'PROCESSING'])
  })
})

describe('POST /dev/slips/:id', () => {
  it('approves a slip and credits the wallet once', async () => {
    const slip = await uploaded()
    const approved = await settle(slip.reference, { status: 'success', amount: 300.25 })
    expect(approved).toMatchObject({ status: 200, body: { ...slip, status: 'SUCCESS', amount: 300.25, note: null } })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 300_25)
    expect(await settle(slip.reference, { status: 'success', amount: 300.25 })).toMatchObject(expectError(409, 'NO_DATA'))
    expect(await settle(slip.reference, { status: 'failed', note: 'INVALID_SLIP' })).toMatchObject(expectError(409, 'NO_DATA'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 300_25)
  })

  it('credits once when approved twice at the same moment', async () => {
    const slip = await uploaded()
    const answers = await Promise.all([1, 2, 3].map(() => settle(slip.reference, { status: 'success', amount: 100 })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409])
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 100_00)
  })

  it('rejects a slip with a spec 8 reason and moves no money', async () => {
    for (const note of ['DEST_ACC_INVALID', 'EXPIRED_SLIP', 'NOT_MATCH', 'UNKNOW_ERROR']) {
      const slip = await uploaded()
      expect((await settle(slip.reference, { status: 'failed', note })).body).toMatchObject({ status: 'FAILED', note, amount: 0 })
    }
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
  })

  it('fails an approval whose bank reference number another slip has (SLIP_REFNO_DUPLICATED)', async () => {
    const first = await uploaded()
    const second = await uploaded()
    await settle(first.reference, { status: 'success', amount: 100, refNo: 'KB0001' })
    expect((await settle(second.reference, { status: 'success', amount: 100, refNo: 'KB0001' })).body)
      .toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED', amount: 0 })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 100_00)
  })

  it('checks its body and the slip', async () => {
    const slip = await uploaded()
    expect(await settle('NOSUCHSLIP', { status: 'success', amount: 1 })).toMatchObject(expectError(404, 'NO_DATA'))
    expect(await settle(slip.reference, { status: 'failed', note: 'MADE_UP' })).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await settle(slip.reference, { status: 'success', amount: 1.001 })).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await settle(slip.reference, { status: 'success', amount: 0 })).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
  })
})

describe('POST /api/statement/slip', () => {
  it("lists the member's slips newest first, a page at a time", async () => {
    const references: string[] = []
    for (let i = 0; i < 12; i++) {
      references.push((await uploaded()).reference)
      server.advance(MINUTE)
    }
    await settle(references[11], { status: 'success', amount: 50 })
    await settle(references[10], { status: 'failed', note: 'INVALID_SLIP' })
    const first = (await slipPage({ page: 1, limit: 10 })).body as unknown as SlipPageResponse
    expect(first.total).toBe(12)
    expect(first.slips.map((slip) => slip.reference)).toEqual(references.slice(2).reverse())
    expect(first.slips[0]).toMatchObject({ status: 'SUCCESS', amount: 50 })
    expect(first.slips[1]).toMatchObject({ status: 'FAILED', note: 'INVALID_SLIP' })
    const second = (await slipPage({ page: 2, limit: 10 })).body as unknown as SlipPageResponse
    expect(second.slips.map((slip) => slip.reference)).toEqual(references.slice(0, 2).reverse())
    expect(((await slipPage({ page: 3, limit: 10 })).body as unknown as SlipPageResponse).slips).toEqual([])

    const other = await registerMember(server.app)
    expect((await slipPage({ page: 1, limit: 10 }, other)).body).toEqual({ total: 0, slips: [] })
  })

  it('needs a login and checks the page', async () => {
    expect(await slipPage({ page: 1, limit: 10 }, '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
    expect(await slipPage({ page: 1 })).toMatchObject(expectError(400, 'KEY_MISSING'))
    for (const body of [{ page: 0, limit: 10 }, { page: 1, limit: 1000 }, { page: '1', limit: 10 }, { page: 1.5, limit: 10 }]) {
      expect(await slipPage(body), JSON.stringify(body)).toMatchObject(expectError(400, 'KEY_INVALID'))
    }
  })
})

describe('GET /api/statement/slip/reference/:reference', () => {
  it('gives the owner a short-lived address of the image', async () => {
    const image = png()
    const slip = await uploaded(image, 'image/png')
    const { status, body } = await imageUrl(slip.reference)
    expect(status).toBe(200)
    const url = body.url as string
    expect(url).toMatch(/^\/api\/wallet\/slip\/image\/[A-Za-z0-9_-]+$/)
    const served = await server.app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['cache-control']).toBe('private, no-store')
    expect(served.rawPayload.equals(image)).toBe(true)
    server.advance(10 * MINUTE)
    expect((await server.app.inject({ method: 'GET', url })).json()).toEqual({ message: 'NO_DATA' })
  })

  it('gives nothing to another member, for an unknown reference or a guessed address', async () => {
    const slip = await uploaded()
    const other = await registerMember(server.app)
    expect(await imageUrl(slip.reference, other)).toMatchObject(expectError(404, 'NO_DATA'))
    expect(await imageUrl('NOSUCHREFERENCE')).toMatchObject(expectError(404, 'NO_DATA'))
    expect(await imageUrl(slip.reference, '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
    expect(await imageUrl('bad-ref')).toMatchObject(expectError(400, 'KEY_INVALID'))
    const guessed = await server.app.inject({ method: 'GET', url: `/api/wallet/slip/image/${'A'.repeat(32)}` })
    expect(guessed.statusCode).toBe(404)
  })
})
