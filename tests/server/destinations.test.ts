// @vitest-environment node
// Production offers players the operator's payment destinations and contact, never the demo's
// (issue 27): deposit accounts, the PromptPay ids its QR codes pay, TrueMoney wallets, the LINE
// contact and its QR. Demo, dev and test seed the demo's; production refuses to start without the
// operator's, naming what is missing, and replaces whatever an earlier demo run left.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildServer } from '../../server/app'
import { parseFields } from '../../server/deposit/promptpay'
import { findQr } from '../../server/deposit/repo'
import { readServerEnv } from '../../server/env'
import { markProduction } from '../../server/seed/productionMark'
import { call, login, OPERATOR, OPERATOR_ENV, registration, TEST_PASSWORD_COST, testStorage } from './helpers'

/** Every trace of the demo's destinations (server/seed/seedData.ts, server/deposit/seed.ts). */
const DEMO_TRACES = [/WALLET DEMO/, /0105561012345/, /0812345670/, /004999012345678/, /0481234567/, /4071234567/, /0201234567/, /0891234567/, /@wallet-demo/, /wallet-demo\.example/, /"\/line-qr\.png/]

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))
const sms = { async sendOtp() {} }
const noFile = () => {
  throw new Error('no such file')
}

/** A production member's token: registered without the OTP step (an operator switch). */
async function productionMember(app: Awaited<ReturnType<typeof buildServer>>): Promise<string> {
  const body = registration({ username: '0861234567', bankAccountNo: '7412589630' })
  expect((await call(app, 'POST', '/api/account', { body })).status).toBe(201)
  return login(app, body.username, body.password)
}

/** What the QR a player was shown pays (its EMV payload). */
const qrPayload = async (app: Awaited<ReturnType<typeof buildServer>>, id: string) => (await findQr(app.serverContext.db, id))?.payload ?? ''

/** Everything a player can read about where to pay and whom to contact, as one text. */
async function whatPlayersSee(app: Awaited<ReturnType<typeof buildServer>>, token: string): Promise<string> {
  const answers = await Promise.all(['/config.json', '/api/lookup/contact', '/api/lookup/info', '/api/lookup/deposit']
    .map((url) => call(app, 'GET', url, { token })))
  const qr = await call(app, 'POST', '/api/qrcode/KBANK', { token, body: { amount: 100 } })
  return JSON.stringify([...answers.map((answer) => answer.body), qr.body, await qrPayload(app, qr.body.qrcodeId as string)])
}

describe('payment destinations in production', () => {
  it("offers only the operator's, even on a database an earlier demo run seeded", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wallet-destinations-'))
    dirs.push(dataDir)
    const storage = await testStorage(dataDir)
    const demo = await buildServer({ ...storage, mode: 'demo', passwordCost: TEST_PASSWORD_COST, staticDir: '/none' })
    const demoSees = await whatPlayersSee(demo, await login(demo))
    expect(demoSees).toMatch(/WALLET DEMO/)
    expect(demoSees).toMatch(/wallet-demo/)
    // Production no longer takes a demo's database (productionMark.test.ts); one an older release's
    // production took still holds what the demo left, which production replaces at every start.
    await markProduction(demo.serverContext.db, Date.now())
    await demo.close()

    const production = await buildServer({ ...storage, ...OPERATOR, mode: 'production', sms, passwordCost: TEST_PASSWORD_COST, staticDir: '/none', settings: { registerOTP: false } })
    try {
      const token = await productionMember(production)
      const seen = await whatPlayersSee(production, token)
      for (const trace of DEMO_TRACES) expect(seen).not.toMatch(trace)
      const deposit = (await call(production, 'GET', '/api/lookup/deposit', { token })).body as { banks: { bankAccountNo: string }[]; wallets: { walletAccountNo?: string }[] }
      expect(deposit.banks.map((bank) => bank.bankAccountNo)).toEqual(['6620001111', '0994000123456'])
      expect(deposit.wallets.map((wallet) => wallet.walletAccountNo)).toEqual(['0961112222'])
      // The QR a player pays names the operator's PromptPay id.
      const qr = await call(production, 'GET', '/api/qrcode/KBANK', { token })
      expect(parseFields(await qrPayload(production, qr.body.qrcodeId as string)).get('29')).toContain('0994000123456')
      expect((await call(production, 'GET', '/api/lookup/contact')).body).toMatchObject({ lineName: '@operator', lineQR: 'https://operator.example/line-qr.png' })
      expect(((await call(production, 'GET', '/config.json')).body as { contact: unknown }).contact).toEqual({ lineName: '@operator', lineLink: 'https://line.me/R/ti/p/@operator' })
      // The demo's QR image is not served: the contact page shows the operator's or none.
      expect((await call(production, 'GET', '/line-qr.png')).status).toBe(404)
    } finally {
      await production.close()
    }
  })

  it("seeds none of the demo's in a new production database", async () => {
    const production = await buildServer({ ...(await testStorage()), ...OPERATOR, mode: 'production', sms, passwordCost: TEST_PASSWORD_COST, staticDir: '/none', settings: { registerOTP: false } })
    try {
      const token = await productionMember(production)
      const seen = await whatPlayersSee(production, token)
      for (const trace of DEMO_TRACES) expect(seen).not.toMatch(trace)
      // The demo's payout time is the demo's: production promises none its operator did not set.
      expect((await call(production, 'GET', '/api/lookup/withdraw', { token })).body).toEqual({ withdrawMin: 100, withdrawMax: 50_000 })
    } finally {
      await production.close()
    }
  })

  it("refuses to start without the operator's destinations, naming what is missing", async () => {
    expect(() => readServerEnv({ APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', SMS_WEBHOOK_SECRET: 's'.repeat(32) }, noFile))
      .toThrow(/DEPOSIT_ACCOUNTS .*CONTACT/)
    expect(() => readServerEnv({ APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', SMS_WEBHOOK_SECRET: 's'.repeat(32), CONTACT: OPERATOR_ENV.CONTACT }, noFile))
      .toThrow(/needs DEPOSIT_ACCOUNTS/)
    expect(() => readServerEnv({ APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', SMS_WEBHOOK_SECRET: 's'.repeat(32), DEPOSIT_ACCOUNTS: OPERATOR_ENV.DEPOSIT_ACCOUNTS }, noFile))
      .toThrow(/needs CONTACT/)
    await expect(buildServer({ dataDir: ':memory:', mode: 'production', sms, contact: OPERATOR.contact })).rejects.toThrow(/DEPOSIT_ACCOUNTS/)
    await expect(buildServer({ dataDir: ':memory:', mode: 'production', sms, depositAccounts: OPERATOR.depositAccounts })).rejects.toThrow(/CONTACT/)
  })

  it.each([
    [{ DEPOSIT_ACCOUNTS: '{"banks":[]}' }, /DEPOSIT_ACCOUNTS: \/banks/],
    [{ DEPOSIT_ACCOUNTS: '{"banks":[{"bankCode":"KBANK","bankType":"QR","mode":"QR","accountName":"A","accountNo":"12345678","currency":"THB"}]}' }, /PromptPay id/],
    [{ CONTACT: '{"lineName":"@x","lineLink":"javascript:alert(1)"}' }, /CONTACT: \/lineLink/],
  ])('refuses %j', (env, message) => {
    expect(() => readServerEnv(env, noFile)).toThrow(message)
  })

  it('refuses deposit accounts at a bank the server does not know', async () => {
    const banks = [{ ...OPERATOR.depositAccounts.banks[0], bankCode: 'NOPE' }]
    await expect(buildServer({ ...(await testStorage()), ...OPERATOR, depositAccounts: { banks }, mode: 'production', sms, staticDir: '/none' }))
      .rejects.toThrow(/NOPE/)
  })
})

describe('payment destinations in demo, dev and test', () => {
  it("are the demo's, and the demo's LINE QR is served", async () => {
    const demo = await buildServer({ ...(await testStorage()), mode: 'test', passwordCost: TEST_PASSWORD_COST, staticDir: '/none' })
    try {
      expect((await call(demo, 'GET', '/api/lookup/contact')).body).toMatchObject({ lineName: '@wallet-demo', lineQR: '/line-qr.png' })
      const qr = await demo.inject({ method: 'GET', url: '/line-qr.png' })
      expect(qr.statusCode).toBe(200)
      expect(qr.headers['content-type']).toBe('image/png')
      expect(qr.rawPayload.subarray(1, 4).toString()).toBe('PNG')
    } finally {
      await demo.close()
    }
  })
})
