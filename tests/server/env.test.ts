// @vitest-environment node
// server/main.ts starts from readServerEnv: every variable README documents, and clear refusals.
import webPush from 'web-push'
import { describe, expect, it } from 'vitest'
import { readServerEnv } from '../../server/env'
import { PAYOUT_MINUTES_MAX } from '../../contract/lookup'
import { OPERATOR_ENV } from './helpers'

const SECRET = 'k'.repeat(32)

const noFile = () => {
  throw new Error('no such file')
}

describe('readServerEnv', () => {
  it('reads how long a SIGTERM drains (DRAIN_SECONDS), and refuses what is not a whole number of seconds up to 300', () => {
    const env = { npm_lifecycle_event: 'start' }
    expect(readServerEnv({ ...env, DRAIN_SECONDS: '0' }, noFile).drainSeconds).toBe(0)
    expect(readServerEnv({ ...env, DRAIN_SECONDS: '300' }, noFile).drainSeconds).toBe(300)
    for (const bad of ['-1', '301', '2.5', 'ten']) expect(() => readServerEnv({ ...env, DRAIN_SECONDS: bad }, noFile)).toThrow(/DRAIN_SECONDS/)
  })

  it("reads the operator's time zone (TIME_ZONE), unset for the variant's own, and refuses a name that is no zone", () => {
    const env = { npm_lifecycle_event: 'start' }
    expect(readServerEnv(env, noFile).timeZone).toBeUndefined()
    expect(readServerEnv({ ...env, TIME_ZONE: 'Asia/Vientiane' }, noFile).timeZone).toBe('Asia/Vientiane')
    for (const bad of ['Asia/Nowhere', 'GMT+99']) expect(() => readServerEnv({ ...env, TIME_ZONE: bad }, noFile)).toThrow(/TIME_ZONE/)
  })

  it('reads the withdrawal limits with the payout time an operator may add (WITHDRAW_LIMITS), and refuses a time of none or over a week', () => {
    const env = { npm_lifecycle_event: 'start' }
    const pair = { withdrawMinMinor: 100_00, withdrawMaxMinor: 50_000_00 }
    expect(readServerEnv({ ...env, WITHDRAW_LIMITS: JSON.stringify({ THB: { ...pair, payoutMinutes: 30 } }) }, noFile).withdrawLimits).toEqual({ THB: { ...pair, payoutMinutes: 30 } })
    for (const bad of [0, 2.5, PAYOUT_MINUTES_MAX + 1, '15']) {
      expect(() => readServerEnv({ ...env, WITHDRAW_LIMITS: JSON.stringify({ THB: { ...pair, payoutMinutes: bad } }) }, noFile)).toThrow(/WITHDRAW_LIMITS.*payoutMinutes/)
    }
  })

  it('under npm start defaults to demo mode on port 8080, all interfaces, .data/, with nothing to warn of', () => {
    expect(readServerEnv({ npm_lifecycle_event: 'start' }, noFile)).toEqual({
      port: 8080, host: '0.0.0.0', dataDir: '.data/', databaseUrl: undefined, mode: 'demo',
      config: undefined, settings: undefined, trustProxy: false, smsWebhookUrl: undefined, payoutHoldMs: undefined,
      drainSeconds: 10, metricsHost: '127.0.0.1', warnings: [],
    })
    expect(readServerEnv({ npm_lifecycle_event: 'start', HOST: '::' }, noFile).host).toBe('::')
  })

  it('started without APP_MODE outside npm start, runs the demo on loopback only, whatever HOST says, and says why', () => {
    for (const env of [{}, { HOST: '0.0.0.0' }, { HOST: '203.0.113.5', npm_lifecycle_event: 'dev' }]) {
      const read = readServerEnv(env, noFile)
      expect(read, JSON.stringify(env)).toMatchObject({ mode: 'demo', host: '127.0.0.1' })
      expect(read.warnings).toHaveLength(1)
      expect(read.warnings[0]).toMatch(/APP_MODE is not set/)
      expect(read.warnings[0]).toMatch(/127\.0\.0\.1 only/)
      expect(read.warnings[0]).toMatch(/APP_MODE=production/)
    }
    expect(readServerEnv({ HOST: '0.0.0.0' }, noFile).warnings[0]).toContain('HOST=0.0.0.0 is ignored')
  })

  it('demo listens where HOST says, all interfaces by default, with nothing to warn of', () => {
    expect(readServerEnv({ APP_MODE: 'demo' }, noFile)).toMatchObject({ mode: 'demo', host: '0.0.0.0', warnings: [] })
    expect(readServerEnv({ APP_MODE: 'demo', HOST: '10.0.0.5' }, noFile)).toMatchObject({ host: '10.0.0.5', warnings: [] })
  })

  it('dev and test, whose /dev/ endpoints answer anyone, listen on loopback unless HOST says otherwise, and then warn', () => {
    for (const mode of ['dev', 'test']) {
      expect(readServerEnv({ APP_MODE: mode }, noFile)).toMatchObject({ mode, host: '127.0.0.1', warnings: [] })
      expect(readServerEnv({ APP_MODE: mode, npm_lifecycle_event: 'start' }, noFile)).toMatchObject({ host: '127.0.0.1', warnings: [] })
      for (const loopback of ['127.0.0.1', 'localhost', '::1']) expect(readServerEnv({ APP_MODE: mode, HOST: loopback }, noFile)).toMatchObject({ host: loopback, warnings: [] })
      const open = readServerEnv({ APP_MODE: mode, HOST: '0.0.0.0' }, noFile)
      expect(open.host).toBe('0.0.0.0')
      expect(open.warnings).toEqual([expect.stringMatching(new RegExp(`APP_MODE=${mode} on HOST=0\\.0\\.0\\.0: the /dev/ endpoints .* answer everyone`))])
    }
  })

  it('refuses TRUST_PROXY=true in production: a hop count or addresses instead', () => {
    const production = { APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', SMS_WEBHOOK_SECRET: 'a'.repeat(32), ...OPERATOR_ENV }
    expect(() => readServerEnv({ ...production, TRUST_PROXY: 'true' }, noFile)).toThrow(/TRUST_PROXY=true .*addresses.*hop count/)
    const hops = readServerEnv({ ...production, TRUST_PROXY: '1' }, noFile)
    expect(hops.trustProxy).toBe(1)
    // Believed from whatever connects: said at start, so the operator keeps the server behind the proxies.
    expect(hops.warnings.join(' ')).toMatch(/TRUST_PROXY=1 trusts whatever connects/)
    expect(readServerEnv({ ...production, TRUST_PROXY: '10.0.0.0/8' }, noFile).trustProxy).toEqual(['10.0.0.0/8'])
  })

  // Issue 47: every address written otherwise is `true` by another name; 0.0.0.0/0 crashed the start.
  it.each(['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1', '::/0', '::/1, 8000::/1', '::ffff:0:0/96', '10.0.0.0/8,0.0.0.0/0'])(
    'refuses TRUST_PROXY=%j, which trusts every address, in every mode', (raw) => {
      const production = { APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', SMS_WEBHOOK_SECRET: 'a'.repeat(32), ...OPERATOR_ENV }
      expect(() => readServerEnv({ ...production, TRUST_PROXY: raw }, noFile)).toThrow(/takes in every IPv[46] address/)
      expect(() => readServerEnv({ APP_MODE: 'test', TRUST_PROXY: raw }, noFile)).toThrow(/takes in every IPv[46] address/)
    })

  it.each(['everyone', '10,20', '0x7f.1', '10.0.0.0/33', '999.1.1.1', '::1/129', '17'])('refuses TRUST_PROXY=%j: not an address, range or hop count', (raw) => {
    expect(() => readServerEnv({ TRUST_PROXY: raw }, noFile)).toThrow(/TRUST_PROXY/)
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
    [{ APP_MODE: 'production', SMS_WEBHOOK_URL: 'ftp://sms.example', SMS_WEBHOOK_SECRET: SECRET, ...OPERATOR_ENV }, /http\(s\)/],
    [{ APP_MODE: 'production', SMS_WEBHOOK_URL: 'not a url', SMS_WEBHOOK_SECRET: SECRET, ...OPERATOR_ENV }, /not a URL/],
    [{ APP_MODE: 'production', SMS_WEBHOOK_URL: 'http://sms.example/otp', SMS_WEBHOOK_SECRET: SECRET, ...OPERATOR_ENV }, /SMS_WEBHOOK_URL must be https in production/],
    [{ APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', ...OPERATOR_ENV }, /needs SMS_WEBHOOK_SECRET/],
    [{ APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', SMS_WEBHOOK_SECRET: 'short', ...OPERATOR_ENV }, /SMS_WEBHOOK_SECRET must have at least 32/],
    [{ SMS_WEBHOOK_URL: 'http://localhost:9000/otp', SMS_WEBHOOK_SECRET: 'short' }, /SMS_WEBHOOK_SECRET must have at least 32/],
  ])('refuses %j', (env, message) => {
    expect(() => readServerEnv(env, noFile)).toThrow(message)
  })

  it('takes production with an https SMS webhook and its signing secret', () => {
    const env = readServerEnv({ APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', SMS_WEBHOOK_SECRET: SECRET, ...OPERATOR_ENV }, noFile)
    expect(env).toMatchObject({ mode: 'production', smsWebhookUrl: 'https://sms.example/otp', smsWebhookSecret: SECRET })
  })

  it('takes a plain-http webhook, signed or not, outside production (a gateway on the developer machine)', () => {
    expect(readServerEnv({ APP_MODE: 'dev', SMS_WEBHOOK_URL: 'http://localhost:9000/otp' }, noFile))
      .toMatchObject({ smsWebhookUrl: 'http://localhost:9000/otp', smsWebhookSecret: undefined })
    expect(readServerEnv({ APP_MODE: 'dev', SMS_WEBHOOK_URL: 'http://localhost:9000/otp', SMS_WEBHOOK_SECRET: SECRET }, noFile).smsWebhookSecret).toBe(SECRET)
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
    ['0', false],
    ['2', 2],
    ['10.0.0.1, 10.0.1.0/24', ['10.0.0.1', '10.0.1.0/24']],
    ['::1', ['::1']],
    ['loopback, uniquelocal', ['loopback', 'uniquelocal']],
    ['0.0.0.0/1', ['0.0.0.0/1']],
  ])('reads TRUST_PROXY=%j', (raw, trustProxy) => {
    expect(readServerEnv({ TRUST_PROXY: raw }, noFile).trustProxy).toEqual(trustProxy)
  })

  it('reads PAYOUT_HOLD_HOURS', () => {
    expect(readServerEnv({ PAYOUT_HOLD_HOURS: '48' }, noFile).payoutHoldMs).toBe(48 * 60 * 60 * 1000)
  })

  it("reads the messengers' messages (issue 50): on with APP_URL and the bot's token, the kinds and the age bound checked", () => {
    const env = { npm_lifecycle_event: 'start', TELEGRAM_BOT_TOKEN: '7000000001:AAFakeTokenForTheServerSuiteOnly_0123456789' }
    // Without APP_URL no message has a button to open: none is sent.
    expect(readServerEnv(env, noFile).notify).toBeUndefined()
    const notify = readServerEnv({ ...env, APP_URL: 'https://wallet.example/', NOTIFY_EVENTS: 'withdrawal_paid, deposit_refused', NOTIFY_MAX_AGE_MINUTES: '15' }, noFile).notify
    expect(notify).toMatchObject({ appUrl: 'https://wallet.example/', telegram: { token: env.TELEGRAM_BOT_TOKEN, apiUrl: 'https://api.telegram.org' }, maxAgeMs: 15 * 60_000 })
    expect([...notify!.events]).toEqual(['withdrawal_paid', 'deposit_refused'])
    expect([...readServerEnv({ ...env, APP_URL: 'https://wallet.example/', NOTIFY_EVENTS: 'none' }, noFile).notify!.events]).toEqual([])
    expect(readServerEnv({ ...env, APP_URL: 'https://wallet.example/', TELEGRAM_API_URL: 'http://127.0.0.1:8081/' }, noFile).notify!.telegram!.apiUrl).toBe('http://127.0.0.1:8081')
    expect(() => readServerEnv({ ...env, APP_URL: 'wallet.example' }, noFile)).toThrow(/APP_URL/)
    expect(() => readServerEnv({ ...env, APP_URL: 'https://wallet.example/', NOTIFY_EVENTS: 'deposit_credited,bonus' }, noFile)).toThrow(/NOTIFY_EVENTS lists bonus/)
    expect(() => readServerEnv({ ...env, APP_URL: 'https://wallet.example/', NOTIFY_MAX_AGE_MINUTES: '0' }, noFile)).toThrow(/NOTIFY_MAX_AGE_MINUTES/)
    // A prize about to expire: off unless asked, and told on the bell even with no messenger on.
    expect(readServerEnv({ ...env, APP_URL: 'https://wallet.example/' }, noFile).notify!.prizeReminderMs).toBeUndefined()
    expect(readServerEnv({ ...env, NOTIFY_PRIZE_EXPIRY_HOURS: '24' }, noFile).notify).toMatchObject({ prizeReminderMs: 24 * 60 * 60_000 })
    expect(readServerEnv({ ...env, NOTIFY_PRIZE_EXPIRY_HOURS: '24' }, noFile).notify!.appUrl).toBeUndefined()
    expect(() => readServerEnv({ ...env, NOTIFY_PRIZE_EXPIRY_HOURS: '-1' }, noFile)).toThrow(/NOTIFY_PRIZE_EXPIRY_HOURS/)
  })

  it('in production says what leaves a stolen session free to move money out: a payout hold under an hour, a step-up window over an hour', () => {
    const production = { APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', SMS_WEBHOOK_SECRET: 'a'.repeat(32), ...OPERATOR_ENV }
    expect(readServerEnv(production, noFile).warnings).toEqual([])
    expect(readServerEnv({ ...production, PAYOUT_HOLD_HOURS: '24', STEP_UP_MINUTES: '60' }, noFile).warnings).toEqual([])
    const [hold, stepUp] = readServerEnv({ ...production, PAYOUT_HOLD_HOURS: '0', STEP_UP_MINUTES: '600' }, noFile).warnings
    expect(hold).toMatch(/^PAYOUT_HOLD_HOURS=0 barely holds a payout/)
    expect(stepUp).toMatch(/^STEP_UP_MINUTES=600 lets a session change the payout bank account for 600 minutes.*minutes, not seconds/)
    // Elsewhere a short hold is a test's or a demo's own.
    expect(readServerEnv({ APP_MODE: 'test', PAYOUT_HOLD_HOURS: '0' }, noFile).warnings).toEqual([])
  })

  it("in production sends the messengers' secrets only over TLS or on this machine, and messages open an https app", () => {
    const production = { APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', SMS_WEBHOOK_SECRET: 'a'.repeat(32), ...OPERATOR_ENV,
      TELEGRAM_BOT_TOKEN: '7000000001:AAFakeTokenForTheServerSuiteOnly_0123456789', LINE_CHANNEL_ACCESS_TOKEN: 'line-token', APP_URL: 'https://wallet.example/' }
    expect(readServerEnv(production, noFile).notify).toMatchObject({ telegram: { apiUrl: 'https://api.telegram.org' }, line: { apiUrl: 'https://api.line.me' } })
    expect(() => readServerEnv({ ...production, TELEGRAM_API_URL: 'http://bot-api.internal:8081' }, noFile)).toThrow(/TELEGRAM_API_URL must be https in production.*bot token/)
    expect(() => readServerEnv({ ...production, LINE_API_URL: 'http://api.line.me' }, noFile)).toThrow(/LINE_API_URL must be https in production.*channel access token/)
    expect(() => readServerEnv({ ...production, APP_URL: 'http://wallet.example/' }, noFile)).toThrow(/APP_URL must be https in production/)
    // A local Bot API server on this machine: the token never crosses a network.
    for (const local of ['http://127.0.0.1:8081', 'http://localhost:8081', 'http://[::1]:8081']) {
      expect(readServerEnv({ ...production, TELEGRAM_API_URL: local }, noFile).notify!.telegram!.apiUrl).toBe(local)
    }
    // Outside production a test's stand-in over http is fine.
    expect(readServerEnv({ APP_MODE: 'test', APP_URL: 'http://wallet.test/', LINE_CHANNEL_ACCESS_TOKEN: 't', LINE_API_URL: 'http://10.0.0.9:9000' }, noFile).notify!.line!.apiUrl).toBe('http://10.0.0.9:9000')
  })

  it('reads Web Push (issue 50): the three VAPID settings together, the keys a pair, the subject reachable', () => {
    const keys = webPush.generateVAPIDKeys()
    const env = { npm_lifecycle_event: 'start', APP_URL: 'https://wallet.example/', VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:ops@wallet.example' }
    expect(readServerEnv(env, noFile).notify!.webPush).toEqual({ publicKey: keys.publicKey, privateKey: keys.privateKey, subject: 'mailto:ops@wallet.example', extraOrigins: [] })
    expect(readServerEnv({ ...env, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' }, noFile).notify!.webPush).toBeUndefined()
    expect(() => readServerEnv({ ...env, VAPID_SUBJECT: '' }, noFile)).toThrow(/together/)
    expect(() => readServerEnv({ ...env, VAPID_SUBJECT: 'ops@wallet.example' }, noFile)).toThrow(/VAPID_SUBJECT/)
    expect(() => readServerEnv({ ...env, VAPID_PRIVATE_KEY: 'not-a-key' }, noFile)).toThrow(/key pair/)
  })
})
