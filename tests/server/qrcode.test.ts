// @vitest-environment node
// QR deposits (spec 4, 5, 7, 9): state, creation per provider with its minimum, strict amounts,
// expiry, cancel, single use, the dev "paid" callback crediting once, and unique references.
import { describe, expect, it } from 'vitest'
import type { QrState } from '../../contract'
import { parseFields, PROMPTPAY_AID } from '../../server/deposit/promptpay'
import * as store from '../../server/deposit/repo'
import { isUniqueViolation } from '../../server/shared/db'
import { readServerEnv } from '../../server/env'
import { MINUTE, type TestServer, call, expectError, login, registerMember, startServer, onDemoServer } from './helpers'
import { balanceOf, DEMO_START_MINOR } from './depositHelpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const getQr = (provider: string, as = token) => call(server.app, 'GET', `/api/qrcode/${provider}`, { token: as })
const createQr = (provider: string, body: unknown, as = token) => call(server.app, 'POST', `/api/qrcode/${provider}`, { token: as, body })
const cancelQr = (id: string, as = token) => call(server.app, 'DELETE', `/api/qrcode/${id}`, { token: as })
const payQr = (id: string) => call(server.app, 'POST', `/dev/qrcode/${id}/pay`)
const qrSettings = (body: unknown) => call(server.app, 'POST', '/dev/deposit/qr-settings', { body })

async function created(provider: string, amount: number): Promise<QrState & { qrcodeId: string }> {
  const result = await createQr(provider, { amount })
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body as unknown as QrState & { qrcodeId: string }
}

const stored = (id: string) => store.findQr(server.app.serverContext.db, id)

const NONE = { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: 0, message: '' }

describe('GET /api/qrcode/:provider', () => {
  it('needs a login', async () => {
    expect(await getQr('KBANK', '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
    expect(await createQr('KBANK', { amount: 100 }, '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
    expect(await cancelQr('abc', '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })

  it('answers no QR before one is made, for each provider', async () => {
    for (const provider of ['KBANK', 'WW', 'E2P']) expect((await getQr(provider)).body).toEqual(NONE)
  })

  it('refuses an unknown provider', async () => {
    expect(await getQr('SCB')).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await createQr('kbank', { amount: 100 })).toMatchObject(expectError(400, 'KEY_INVALID'))
  })
})

describe('POST /api/qrcode/:provider', () => {
  it('makes a PromptPay QR for the amount, shown as SVG, expiring in the configured minutes', async () => {
    const qr = await created('KBANK', 100)
    expect(qr).toMatchObject({ hasQrcode: true, amount: 100, expireIn: 15 * 60, message: '' })
    expect(qr.qrcodeId).toMatch(/^[A-Za-z0-9_-]{16,}$/)
    expect(qr.qrcode).toMatch(/^<svg [^>]*><path fill="#000" d="[^"]+"\/><\/svg>$/)

    const row = (await stored(qr.qrcodeId))!
    const fields = parseFields(row.payload)
    expect(fields.get('01')).toBe('12')
    // KBANK's QR account in the seed: the operator's 13-digit tax id.
    expect(fields.get('29')).toBe(`0016${PROMPTPAY_AID}02130105561012345`)
    expect(fields.get('54')).toBe('100.00')
    expect(fields.get('58')).toBe('TH')
    expect(parseFields(fields.get('62')!).get('05')).toBe(row.reference)

    expect((await getQr('KBANK')).body).toEqual(qr)
    server.advance(MINUTE + 500)
    expect((await getQr('KBANK')).body).toMatchObject({ qrcodeId: qr.qrcodeId, expireIn: 14 * 60 })
  })

  it('pays each provider into its own PromptPay id', async () => {
    const ww = await created('WW', 100)
    const e2p = await created('E2P', 50)
    expect(parseFields((await stored(ww.qrcodeId))!.payload).get('29')).toContain('0315004999012345678')
    expect(parseFields((await stored(e2p.qrcodeId))!.payload).get('29')).toContain('01130066812345670')
  })

  it('holds the minimums: WW 100, E2P 50, the bank QR the configured one', async () => {
    expect(await createQr('WW', { amount: 99.99 })).toMatchObject(expectError(400, 'QR_FAIL'))
    expect(await createQr('E2P', { amount: 49.99 })).toMatchObject(expectError(400, 'QR_FAIL'))
    await qrSettings({ minimumMinor: { KBANK: 300_00 } })
    expect(await createQr('KBANK', { amount: 299.99 })).toMatchObject(expectError(400, 'QR_FAIL'))
    expect((await created('WW', 100)).amount).toBe(100)
    expect((await created('E2P', 50)).amount).toBe(50)
    expect((await created('KBANK', 300)).amount).toBe(300)
  })

  it('refuses an amount above the configured maximum', async () => {
    await qrSettings({ maximumMinor: 1_000_00 })
    expect(await createQr('KBANK', { amount: 1000.01 })).toMatchObject(expectError(400, 'QR_FAIL'))
    expect((await created('KBANK', 1000)).amount).toBe(1000)
  })

  it('parses amounts strictly', async () => {
    const invalid: unknown[] = [{ amount: 0 }, { amount: -5 }, { amount: 100.001 }, { amount: 0.1 + 0.2 }, { amount: 100.000000001 }, { amount: '100' }, { amount: 1e10 }, { amount: 100, extra: 1 }, [100]]
    for (const body of invalid) expect(await createQr('KBANK', body), JSON.stringify(body)).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await createQr('KBANK', {})).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await createQr('KBANK', { amount: null })).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect((await created('KBANK', 123.45)).amount).toBe(123.45)
    expect((await getQr('KBANK')).body.amount).toBe(123.45)
  })

  it('allows one open QR per provider, and other providers beside it', async () => {
    const kbank = await created('KBANK', 100)
    expect(await createQr('KBANK', { amount: 200 })).toMatchObject(expectError(409, 'QR_FAIL'))
    const ww = await created('WW', 100)
    expect(ww.qrcodeId).not.toBe(kbank.qrcodeId)
    expect((await getQr('KBANK')).body.qrcodeId).toBe(kbank.qrcodeId)
    expect((await getQr('WW')).body.qrcodeId).toBe(ww.qrcodeId)
  })

  it('lets one of two simultaneous requests for the same provider through', async () => {
    const answers = await Promise.all([createQr('E2P', { amount: 50 }), createQr('E2P', { amount: 60 })])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
  })

  it('keeps members apart', async () => {
    const other = await registerMember(server.app)
    const mine = await created('KBANK', 100)
    expect((await getQr('KBANK', other)).body).toEqual(NONE)
    expect((await createQr('KBANK', { amount: 100 }, other)).status).toBe(200)
    expect(await cancelQr(mine.qrcodeId, other)).toMatchObject(expectError(404, 'NO_DATA'))
  })

  it('pays baht only: a LAK wallet in the Lao variant gets QR_FAIL, a BAHT one its QR', async () => {
    await call(server.app, 'POST', '/dev/config', { body: { variant: 'la' } })
    const lak = await registerMember(server.app, { username: '2055512345', bankCode: 'BCEL', bankAccountNo: '0101999999999', currency: 'LAK' })
    expect(await createQr('KBANK', { amount: 100 }, lak)).toMatchObject(expectError(400, 'QR_FAIL'))
    const baht = await registerMember(server.app, { username: '20555555', bankCode: 'KBANK', bankAccountNo: '5555555555', currency: 'BAHT' })
    expect((await createQr('KBANK', { amount: 100 }, baht)).status).toBe(200)
  })

  it("answers 500 QR_FAIL when the operator's PromptPay id is not one", async () => {
    await server.app.serverContext.db.updateTable('deposit_accounts').set({ account_no: '12345' }).where('bank_type', '=', 'E2P').execute()
    expect(await createQr('E2P', { amount: 50 })).toMatchObject(expectError(500, 'QR_FAIL'))
    expect((await getQr('E2P')).body).toEqual(NONE)
  })

  it('answers hasQrcode false with the message when the provider is off', async () => {
    const open = await created('WW', 100)
    await qrSettings({ enabled: { WW: false }, offMessage: 'WW is resting' })
    const off = { ...NONE, message: 'WW is resting' }
    expect((await getQr('WW')).body).toEqual(off)
    expect((await createQr('WW', { amount: 100 })).body).toEqual(off)
    expect((await getQr('KBANK')).body).toEqual(NONE)
    await qrSettings({ enabled: { WW: true } })
    expect((await getQr('WW')).body.qrcodeId).toBe(open.qrcodeId)
  })
})

describe('expiry', () => {
  it('ends a QR after the configured minutes; a new one can then be made', async () => {
    await qrSettings({ expireMinutes: 5 })
    const qr = await created('KBANK', 100)
    expect(qr.expireIn).toBe(300)
    server.advance(5 * MINUTE - 1000)
    expect((await getQr('KBANK')).body).toMatchObject({ qrcodeId: qr.qrcodeId, expireIn: 1 })
    server.advance(1000)
    expect((await getQr('KBANK')).body).toEqual(NONE)
    expect(await cancelQr(qr.qrcodeId)).toMatchObject(expectError(409, 'QR_FAIL'))
    const next = await created('KBANK', 100)
    expect(next.qrcodeId).not.toBe(qr.qrcodeId)
    expect((await stored(qr.qrcodeId))!.status).toBe('expired')
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
    // A payment reported now is booked all the same, late (qrLate.test.ts).
  })
})

describe('DELETE /api/qrcode/:qrcodeId', () => {
  it('cancels the open QR once (a payment reported after it is still booked: qrLate.test.ts)', async () => {
    const qr = await created('KBANK', 100)
    expect(await cancelQr(qr.qrcodeId)).toMatchObject({ status: 200, body: { message: 'OK' } })
    expect((await getQr('KBANK')).body).toEqual(NONE)
    expect(await cancelQr(qr.qrcodeId)).toMatchObject(expectError(409, 'QR_FAIL'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
    expect((await created('KBANK', 100)).hasQrcode).toBe(true)
  })

  it('answers NO_DATA for an unknown id and KEY_INVALID for a malformed one', async () => {
    expect(await cancelQr('no-such-qr')).toMatchObject(expectError(404, 'NO_DATA'))
    expect(await cancelQr('bad%20id')).toMatchObject(expectError(400, 'KEY_INVALID'))
  })
})

describe('POST /dev/qrcode/:id/pay', () => {
  it('credits the wallet once: the QR is single use', async () => {
    const qr = await created('KBANK', 250.5)
    expect(await payQr(qr.qrcodeId)).toMatchObject({ status: 200, body: { message: 'OK' } })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 250_50)
    // The provider's retry of the same report: answered, booked once.
    expect(await payQr(qr.qrcodeId)).toMatchObject({ status: 200, body: { message: 'OK' } })
    expect(await cancelQr(qr.qrcodeId)).toMatchObject(expectError(409, 'QR_FAIL'))
    expect((await getQr('KBANK')).body).toEqual(NONE)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 250_50)
  })

  it('credits once when paid twice at the same moment', async () => {
    const qr = await created('E2P', 50)
    const answers = await Promise.all([payQr(qr.qrcodeId), payQr(qr.qrcodeId), payQr(qr.qrcodeId)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 50_00)
  })

  it('answers NO_DATA for an unknown QR', async () => {
    expect(await payQr('no-such-qr')).toMatchObject(expectError(404, 'NO_DATA'))
  })
})

describe('the schema', () => {
  it('keeps provider references unique', async () => {
    const qr = await created('KBANK', 100)
    const row = (await stored(qr.qrcodeId))!
    const copy = { ...row, id: 'another-qr-id', provider: 'WW', status: 'cancelled' as const }
    const error = await store.insertQr(server.app.serverContext.db, copy).catch((caught: unknown) => caught)
    expect(isUniqueViolation(error, store.UNIQUE.qrReference)).toBe(true)
  })
})

describe('operator settings (DEPOSIT_QR)', () => {
  const noFile = () => {
    throw new Error('no file')
  }

  it('reads and checks DEPOSIT_QR', () => {
    expect(readServerEnv({ DEPOSIT_QR: '{"expireMinutes":3,"minimumMinor":{"KBANK":2000},"enabled":{"E2P":false}}' }, noFile).depositQr)
      .toEqual({ expireMinutes: 3, minimumMinor: { KBANK: 2000 }, enabled: { E2P: false } })
    for (const raw of ['{', '{"expireMinutes":0}', '{"minimumMinor":{"SCB":1}}', '{"expireMinutes":"5"}', '{"other":1}']) {
      expect(() => readServerEnv({ DEPOSIT_QR: raw }, noFile), raw).toThrow(/DEPOSIT_QR/)
    }
  })

  it('checks the dev endpoint body', async () => {
    for (const body of [{ expireMinutes: 0 }, { enabled: { SCB: true } }, { minimumMinor: { WW: 1.5 } }, { other: 1 }]) {
      expect(await qrSettings(body), JSON.stringify(body)).toMatchObject(expectError(400, 'KEY_INVALID'))
    }
  })

  it('applies them at start', async () => {
    const custom = await startServer({ depositQr: { expireMinutes: 3, minimumMinor: { KBANK: 20_00 }, enabled: { E2P: false }, offMessage: 'off' } })
    try {
      const as = await login(custom.app)
      const make = (provider: string, amount: number) => call(custom.app, 'POST', `/api/qrcode/${provider}`, { token: as, body: { amount } })
      expect(await make('KBANK', 19.99)).toMatchObject(expectError(400, 'QR_FAIL'))
      expect((await make('KBANK', 20)).body).toMatchObject({ hasQrcode: true, expireIn: 180 })
      expect((await make('E2P', 50)).body).toEqual({ ...NONE, message: 'off' })
      expect((await call(custom.app, 'GET', '/dev/deposit/qr-settings')).body).toMatchObject({ minimumMinor: { KBANK: 20_00, WW: 100_00, E2P: 50_00 } })
    } finally {
      await custom.app.close()
    }
  })
})
