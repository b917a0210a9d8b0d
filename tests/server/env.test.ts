// @vitest-environment node
// server/main.ts starts from readServerEnv: every variable README documents, and clear refusals.
import { describe, expect, it } from 'vitest'
import { readServerEnv } from '../../server/env'
import { OPERATOR_ENV } from './helpers'

const noFile = () => {
  throw new Error('no such file')
}

describe('readServerEnv', () => {
  it('defaults to demo mode on port 8080, all interfaces, .data/', () => {
    expect(readServerEnv({}, noFile)).toEqual({
      port: 8080, host: '0.0.0.0', dataDir: '.data/', databaseUrl: undefined, mode: 'demo',
      config: undefined, settings: undefined, trustProxy: false, smsWebhookUrl: undefined, payoutHoldMs: undefined,
    })
  })

  it('reads PORT, HOST, DATA_DIR, APP_MODE and APP_CONFIG', () => {
    const env = readServerEnv({ PORT: '9000', HOST: '127.0.0.1', DATA_DIR: '/var/wallet', APP_MODE: 'dev',
      APP_CONFIG: '{"variant":"la","appName":"Lao Wallet"}' }, noFile)
    expect(env).toMatchObject({ port: 9000, host: '127.0.0.1', dataDir: '/var/wallet', mode: 'dev',
      config: { variant: 'la', appName: 'Lao Wallet' } })
  })

  it('reads DATABASE_URL: PostgreSQL instead of the SQLite file', () => {
    const url = 'postgresql://wallet:secret@db.internal:5432/wallet'
    expect(readServerEnv({ DATABASE_URL: url }, noFile)).toMatchObject({ databaseUrl: url })
  })

  it.each([
    [{ DATABASE_URL: 'mysql://db/wallet' }, /DATABASE_URL must be a postgresql/],
    [{ DATABASE_URL: 'db.internal' }, /DATABASE_URL is not a URL/],
    [{ APP_MODE: 'staging' }, /APP_MODE must be one of demo, production, dev, test/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ APP_CONFIG: '{"variant":"vn"}' }, /APP_CONFIG/],
    [{ APP_CONFIG: 'not json' }, /APP_CONFIG/],
    [{ APP_SETTINGS: '{"registerOtp":false}' }, /APP_SETTINGS must be/],
    [{ APP_SETTINGS: '{"registerOTP":"no"}' }, /APP_SETTINGS must be/],
    [{ APP_SETTINGS: '{"invite":{"active":true}}' }, /APP_SETTINGS must be/],
    [{ APP_SETTINGS: '{"invite":{"active":true,"type":"turnover","isXArea":false,"percent":-1}}' }, /APP_SETTINGS must be/],
    [{ SETTINGS_FILE: '/missing.json' }, /SETTINGS_FILE cannot be read/],
    [{ BONUS_OFFERS: '[]' }, /BONUS_OFFERS must be/],
    [{ BONUS_OFFERS: '[{"code":"X","kind":"bonus"}]' }, /BONUS_OFFERS must be/],
    [{ TRUST_PROXY: 'everyone' }, /TRUST_PROXY/],
    [{ PAYOUT_HOLD_HOURS: '-1' }, /PAYOUT_HOLD_HOURS/],
    [{ APP_MODE: 'production', ...OPERATOR_ENV }, /needs SMS_WEBHOOK_URL/],
    [{ APP_MODE: 'production', SMS_WEBHOOK_URL: 'ftp://sms.example', ...OPERATOR_ENV }, /http\(s\)/],
    [{ APP_MODE: 'production', SMS_WEBHOOK_URL: 'not a url', ...OPERATOR_ENV }, /not a URL/],
  ])('refuses %j', (env, message) => {
    expect(() => readServerEnv(env, noFile)).toThrow(message)
  })

  it('takes production with an SMS webhook', () => {
    const env = readServerEnv({ APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', ...OPERATOR_ENV }, noFile)
    expect(env).toMatchObject({ mode: 'production', smsWebhookUrl: 'https://sms.example/otp' })
  })

  it('reads operator settings from APP_SETTINGS, else from SETTINGS_FILE', () => {
    expect(readServerEnv({ APP_SETTINGS: '{"registerOTP":false,"terminated":true}' }, noFile).settings)
      .toEqual({ registerOTP: false, terminated: true })
    const files: Record<string, string> = { '/etc/wallet/settings.json': '{"enableChatWidget":true}' }
    expect(readServerEnv({ SETTINGS_FILE: '/etc/wallet/settings.json' }, (path) => files[path]).settings)
      .toEqual({ enableChatWidget: true })
    const offer = { code: 'VIP', kind: 'bonus', name: 'VIP', type: 'week', maxReceived: 1, percent: 20, maxBonusMinor: 100_000, turnoverMultiplier: 5, percentFail: 10 }
    expect(readServerEnv({ BONUS_OFFERS: JSON.stringify([offer]) }, noFile).bonusOffers).toEqual([offer])
    const invite = { active: true, type: 'turnover', isXArea: false, percent: 0.5 }
    expect(readServerEnv({ APP_SETTINGS: JSON.stringify({ invite }) }, noFile).settings).toEqual({ invite })
  })

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.1, 10.0.1.0/24', ['10.0.0.1', '10.0.1.0/24']],
    ['::1', ['::1']],
  ])('reads TRUST_PROXY=%j', (raw, trustProxy) => {
    expect(readServerEnv({ TRUST_PROXY: raw }, noFile).trustProxy).toEqual(trustProxy)
  })

  it('reads PAYOUT_HOLD_HOURS', () => {
    expect(readServerEnv({ PAYOUT_HOLD_HOURS: '48' }, noFile).payoutHoldMs).toBe(48 * 60 * 60 * 1000)
  })
})
