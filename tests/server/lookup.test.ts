// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Bank, DepositLookup } from '../../contract'
import { DEMO, START, type TestServer, call, expectError, login, registration, startServer } from './helpers'

let server: TestServer
beforeEach(async () => {
  server = await startServer()
})
afterEach(async () => {
  await server.app.close()
})

const get = (url: string, token?: string) => call(server.app, 'GET', url, { token })

describe('public lookups', () => {
  it('lists the Thai banks with Thai and English names', async () => {
    const { status, body } = await get('/api/lookup/banks')
    expect(status).toBe(200)
    const banks = body as unknown as Bank[]
    const codes = banks.map((bank) => bank.code)
    expect(codes.slice(0, 2)).toEqual(['KBANK', 'SCB'])
    for (const code of ['KTB', 'BBL', 'TMB', 'BAY', 'GSB', 'BAAC', 'GHB', 'CIMB', 'UOB', 'KKP', 'TISCO', 'LHB']) {
      expect(codes).toContain(code)
    }
    expect(codes).not.toContain('BCEL')
    expect(banks[0]).toEqual({ code: 'KBANK', nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' })
    expect(banks.every((bank) => bank.nameTH && bank.nameEN)).toBe(true)
  })

  it('lists the Lao banks first in the Lao variant', async () => {
    await call(server.app, 'POST', '/dev/config', { body: { variant: 'la' } })
    const banks = (await get('/api/lookup/banks')).body as unknown as Bank[]
    expect(banks.slice(0, 4).map((bank) => bank.code)).toEqual(['BCEL', 'LDB', 'APB', 'JDB'])
    expect(banks[0].nameTH).toBe('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ')
    expect(banks.map((bank) => bank.code)).toContain('KBANK')
  })

  it('lists discovery sources', async () => {
    const { body } = await get('/api/lookup/sources')
    const sources = body as unknown as { code: string; description: string }[]
    expect(sources.map((source) => source.code)).toEqual(
      expect.arrayContaining(['FACEBOOK', 'LINE', 'TIKTOK', 'YOUTUBE', 'GOOGLE', 'FRIEND', 'OTHER']),
    )
    expect(sources.every((source) => source.description.length > 0)).toBe(true)
  })

  it('answers the settings flags and follows /dev/settings', async () => {
    expect((await get('/api/lookup/registerOTP')).body).toEqual({ registerOTP: true })
    expect((await get('/api/lookup/active')).body).toEqual({ isActive: false, terminated: false })
    expect((await get('/api/lookup/enableChatWidget')).body).toEqual({ enableChatWidget: false })
    const updated = await call(server.app, 'POST', '/dev/settings', {
      body: { registerOTP: false, spinActive: true, enableChatWidget: true },
    })
    expect(updated.body).toMatchObject({ registerOTP: false, spinActive: true, enableChatWidget: true })
    expect((await get('/api/lookup/registerOTP')).body).toEqual({ registerOTP: false })
    expect((await get('/api/lookup/active')).body).toEqual({ isActive: true, terminated: false })
    expect((await get('/api/lookup/enableChatWidget')).body).toEqual({ enableChatWidget: true })
  })

  it('serves contact, site info and conditions', async () => {
    const contact = (await get('/api/lookup/contact')).body
    expect(contact).toMatchObject({
      lineLink: 'https://line.me/R/ti/p/@wallet-demo',
      lineName: '@wallet-demo',
      lineQR: '/line-qr.png',
    })
    expect(contact.contactText).toMatch(/<p>.*<b>.*<\/b>.*<\/p>/)
    expect((await get('/api/lookup/info')).body).toEqual({ name: 'Wallet', website: expect.any(String) })
    const conditions = (await get('/api/lookup/conditions')).body as unknown as string[]
    expect(conditions.length).toBeGreaterThan(1)
    expect(conditions.every((html) => html.startsWith('<p>'))).toBe(true)
  })
})

describe('member lookups', () => {
  const memberOnly = ['deposit', 'withdraw', 'agreements', 'notice', 'slip']

  it.each(memberOnly)('%s needs a login', async (name) => {
    expect(await get(`/api/lookup/${name}`)).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })

  it('serves deposit accounts, withdraw limits, agreements and the notice', async () => {
    const token = await login(server.app)
    const deposit = (await get('/api/lookup/deposit', token)).body as unknown as DepositLookup
    expect(deposit.isManual).toBe(false)
    // The bank QR minimum is the operator's: the reference server's QR settings give 10.
    expect(deposit.bankQrMinimum).toBe(10)
    // Spec 2's methods: KBANK (AUTO or QR), SCB, GSB, the WW and E2P payment types.
    expect(deposit.banks.map((bank) => [bank.bankCode, bank.bankType])).toEqual([
      ['KBANK', 'AUTO'], ['SCB', 'BANK'], ['KBANK', 'QR'], ['GSB', 'BANK'], ['SCB', 'WW'], ['KBANK', 'E2P'],
    ])
    expect(deposit.banks[0]).toMatchObject({
      bankType: 'AUTO',
      bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' },
      currency: 'THB',
    })
    // TrueWallet: AUTO or gift link.
    expect(deposit.wallets).toEqual([
      // The wallet's number to pay to (issue 18); the gift-link entry has none.
      { walletAccountName: expect.any(String), walletAccountNo: '0891234567', mode: 'AUTO' },
      { walletAccountName: expect.any(String), mode: 'TRUELINK' },
    ])
    expect((await get('/api/lookup/withdraw', token)).body).toEqual({ withdrawMin: 100, withdrawMax: 50000, payoutMinutes: 15 })
    const agreements = (await get('/api/lookup/agreements', token)).body as unknown as string[]
    expect(agreements.length).toBeGreaterThan(0)
    expect((await get('/api/lookup/notice', token)).body.notice).toContain('{percentFail}')
  })

  it("offers in the Lao variant the accounts in the member's currency: BCEL to a kip member, the baht ones to a baht member", async () => {
    await call(server.app, 'POST', '/dev/config', { body: { variant: 'la' } })
    await call(server.app, 'POST', '/dev/settings', { body: { registerOTP: false } })
    const kip = registration({ username: '02055512345', bankCode: 'BCEL', bankAccountNo: '0101234500001', currency: 'LAK' })
    expect((await call(server.app, 'POST', '/api/account', { body: kip })).status).toBe(201)
    const kipLookup = (await get('/api/lookup/deposit', await login(server.app, kip.username, kip.password))).body as unknown as DepositLookup
    // QR codes (PromptPay) and TrueMoney are baht only: a kip member would only see them fail.
    expect(kipLookup.banks.map((bank) => [bank.bankCode, bank.currency])).toEqual([['BCEL', 'LAK']])
    expect(kipLookup.wallets).toEqual([])

    const bahtLookup = (await get('/api/lookup/deposit', await login(server.app))).body as unknown as DepositLookup
    expect(bahtLookup.banks.map((bank) => bank.bankCode)).not.toContain('BCEL')
    expect(bahtLookup.banks.every((bank) => bank.currency === 'THB')).toBe(true)
    expect(bahtLookup.wallets.length).toBeGreaterThan(0)
  })

  it("says isManual as the operator set it (depositManual)", async () => {
    const token = await login(server.app)
    expect(((await get('/api/lookup/deposit', token)).body as unknown as DepositLookup).isManual).toBe(false)
    await call(server.app, 'POST', '/dev/settings', { body: { depositManual: true } })
    expect(((await get('/api/lookup/deposit', token)).body as unknown as DepositLookup).isManual).toBe(true)
  })

  it('says whether slip upload is open (closed 23:00 to 00:30 Bangkok time)', async () => {
    const token = await login(server.app, DEMO.phone, DEMO.password)
    const slip = async () => (await get('/api/lookup/slip', token)).body
    expect(await slip()).toEqual({ isOpen: true, closedFrom: '23:00', closedTo: '00:30' })
    const bangkok = (hhmm: string) => Date.parse(`2025-01-15T${hhmm}:00+07:00`)
    const cases: [string, boolean][] = [['22:59', true], ['23:00', false], ['23:59', false], ['00:29', false], ['00:30', true]]
    for (const [time, open] of cases) {
      server.setTime(bangkok(time))
      expect((await slip()).isOpen, time).toBe(open)
    }
    server.setTime(START)
  })
})
