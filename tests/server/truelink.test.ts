// @vitest-environment node
// TrueMoney gift links (spec 1, 5, 7, 8): encrypted by the app with crypto-js AES and the runtime
// config's secret, decrypted and validated here, unique by voucher, queued as processing.
import AES from 'crypto-js/aes'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Slip } from '../../contract'
import { decryptTruelink, truelinkVoucher } from '../../server/deposit/truelink'
import { type TestServer, call, expectError, login, registerMember, startServer } from './helpers'
import { balanceOf, DEMO_START_MINOR } from './depositHelpers'

const SECRET = 'wallet-demo-truelink'
const gift = (voucher: string) => `https://gift.truemoney.com/campaign/?v=${voucher}`
/** Exactly what the app sends. */
const encrypt = (link: string, secret = SECRET) => AES.encrypt(link, secret).toString()

describe('decryptTruelink: the crypto-js AES passphrase format', () => {
  it('reads what CryptoJS.AES.encrypt(link, secret).toString() writes', () => {
    for (const link of [gift('019a1b2c3d4e5f6a7b8c'), 'x', 'ลิงก์ของขวัญ 🎁', 'a'.repeat(1000)]) {
      const encrypted = encrypt(link)
      expect(encrypted.startsWith('U2FsdGVkX1')).toBe(true) // base64 of "Salted__"
      expect(decryptTruelink(encrypted, SECRET)).toBe(link)
    }
  })

  it('salts every encryption, and each still decrypts', () => {
    const link = gift('019a1b2c3d4e5f6a7b8c')
    const [one, two] = [encrypt(link), encrypt(link)]
    expect(one).not.toBe(two)
    expect(decryptTruelink(two, SECRET)).toBe(link)
  })

  it('gives nothing for another secret, a plain link, garbage or a damaged cipher text', () => {
    const encrypted = encrypt(gift('019a1b2c3d4e5f6a7b8c'))
    expect(decryptTruelink(encrypted, 'another-secret')).toBeUndefined()
    expect(decryptTruelink(gift('019a1b2c3d4e5f6a7b8c'), SECRET)).toBeUndefined()
    expect(decryptTruelink('not base64 !', SECRET)).toBeUndefined()
    expect(decryptTruelink(Buffer.from('Salted__12345678').toString('base64'), SECRET)).toBeUndefined()
    expect(decryptTruelink(encrypted.slice(0, -8), SECRET)).toBeUndefined()
  })
})

describe('truelinkVoucher', () => {
  it('takes TrueMoney gift links only', () => {
    expect(truelinkVoucher(gift('019a1b2c3d4e5f6a7b8c'))).toBe('019a1b2c3d4e5f6a7b8c')
    expect(truelinkVoucher('https://gift.truemoney.com/campaign?v=019a1b2c3d4e5f6a7b8c')).toBe('019a1b2c3d4e5f6a7b8c')
    expect(truelinkVoucher(` ${gift('019a1b2c3d4e5f6a7b8c')} `)).toBe('019a1b2c3d4e5f6a7b8c')
    for (const link of [
      'http://gift.truemoney.com/campaign/?v=019a1b2c3d4e5f6a7b8c',
      'https://gift.truemoney.com.evil.example/campaign/?v=019a1b2c3d4e5f6a7b8c',
      'https://gift.truemoney.com/other/?v=019a1b2c3d4e5f6a7b8c',
      'https://gift.truemoney.com/campaign/?v=short',
      'https://gift.truemoney.com/campaign/?v=019a1b2c3d4e5f6a7b8c%3Cscript',
      'https://gift.truemoney.com/campaign/',
      'not a link',
    ]) {
      expect(truelinkVoucher(link), link).toBeUndefined()
    }
  })
})

describe('POST /api/wallet/truelink', () => {
  let server: TestServer
  let token: string
  beforeEach(async () => {
    server = await startServer()
    token = await login(server.app)
  })
  afterEach(async () => {
    await server.app.close()
  })

  const send = (link: unknown, as = token) => call(server.app, 'POST', '/api/wallet/truelink', { token: as, body: { link } })
  const settle = (reference: string, body: unknown) => call(server.app, 'POST', `/dev/slips/${reference}`, { body })

  it('needs a login', async () => {
    expect(await send(encrypt(gift('019a1b2c3d4e5f6a7b8c')), '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })

  it('queues a gift link as processing and lists it with the slips, the voucher shortened', async () => {
    const result = await send(encrypt(gift('019a1b2c3d4e5f6a7b8c')))
    expect(result.status).toBe(200)
    expect(result.body).toEqual({
      createdAt: new Date(server.app.serverContext.now()).toISOString(),
      amount: 0,
      status: 'PROCESSING',
      note: null,
      link: 'https://gift.truemoney.com/campaign/?v=019a…7b8c',
      reference: expect.stringMatching(/^[A-Z0-9]{20}$/),
    })
    const listed = await call(server.app, 'POST', '/api/statement/slip', { token, body: { page: 1, limit: 10 } })
    expect(listed.body).toEqual({ total: 1, slips: [result.body] })
    // There is no image behind a gift link.
    expect(await call(server.app, 'GET', `/api/statement/slip/reference/${result.body.reference}`, { token }))
      .toMatchObject(expectError(404, 'NO_DATA'))
  })

  it('refuses a voucher sent before as TRUELINK_DUPLICATE, however the link is written and whoever sends it', async () => {
    expect((await send(encrypt(gift('019a1b2c3d4e5f6a7b8c')))).status).toBe(200)
    expect(await send(encrypt(gift('019a1b2c3d4e5f6a7b8c')))).toMatchObject(expectError(409, 'TRUELINK_DUPLICATE'))
    const sameVoucher = 'https://gift.truemoney.com/campaign?v=019a1b2c3d4e5f6a7b8c'
    expect(await send(encrypt(sameVoucher))).toMatchObject(expectError(409, 'TRUELINK_DUPLICATE'))
    const other = await registerMember(server.app)
    expect(await send(encrypt(gift('019a1b2c3d4e5f6a7b8c')), other)).toMatchObject(expectError(409, 'TRUELINK_DUPLICATE'))
    const answers = await Promise.all([1, 2, 3].map(() => send(encrypt(gift('7777aaaa8888bbbb9999')))))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409])
  })

  it('refuses what is not an encrypted gift link as TRUELINK_INVALID', async () => {
    for (const link of [
      gift('019a1b2c3d4e5f6a7b8c'),
      encrypt(gift('019a1b2c3d4e5f6a7b8c'), 'wrong-secret'),
      encrypt('https://example.com/?v=019a1b2c3d4e5f6a7b8c'),
      encrypt('hello'),
      'U2FsdGVkX1+garbage',
    ]) {
      expect(await send(link), link).toMatchObject(expectError(400, 'TRUELINK_INVALID'))
    }
    expect(await send('')).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await send(42)).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await send('x'.repeat(5000))).toMatchObject(expectError(400, 'KEY_INVALID'))
  })

  it('takes at most 20 gift links a member in an hour, valid or not (REQUEST_LIMIT)', async () => {
    for (let i = 0; i < 20; i++) expect((await send(encrypt(gift(`guess${String(i).padStart(10, '0')}`), 'wrong'))).status).toBe(400)
    expect(await send(encrypt(gift('019a1b2c3d4e5f6a7b8c')))).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    server.advance(60 * 60 * 1000)
    expect((await send(encrypt(gift('019a1b2c3d4e5f6a7b8c')))).status).toBe(200)
  })

  it('decrypts with the secret the runtime config serves', async () => {
    expect((await call(server.app, 'GET', '/config.json')).body.truelinkSecret).toBe(SECRET)
    await call(server.app, 'POST', '/dev/config', { body: { truelinkSecret: 'operator-secret' } })
    expect((await call(server.app, 'GET', '/config.json')).body.truelinkSecret).toBe('operator-secret')
    expect(await send(encrypt(gift('019a1b2c3d4e5f6a7b8c')))).toMatchObject(expectError(400, 'TRUELINK_INVALID'))
    expect((await send(encrypt(gift('019a1b2c3d4e5f6a7b8c'), 'operator-secret'))).status).toBe(200)
  })

  it('credits an approved gift link once, from the 2 baht minimum up', async () => {
    const { body } = await send(encrypt(gift('019a1b2c3d4e5f6a7b8c')))
    const reference = body.reference as string
    expect(await settle(reference, { status: 'success', amount: 1.99 })).toMatchObject(expectError(400, 'KEY_INVALID'))
    const approved = await settle(reference, { status: 'success', amount: 2 })
    expect((approved.body as unknown as Slip)).toMatchObject({ status: 'SUCCESS', amount: 2 })
    expect(await settle(reference, { status: 'success', amount: 2 })).toMatchObject(expectError(409, 'NO_DATA'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 2_00)

    const rejected = await send(encrypt(gift('1111aaaa2222bbbb3333')))
    expect((await settle(rejected.body.reference as string, { status: 'failed', note: 'UNKNOW_ERROR' })).body)
      .toMatchObject({ status: 'FAILED', note: 'UNKNOW_ERROR' })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 2_00)
  })
})
