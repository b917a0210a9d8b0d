// The server's environment, read and checked in one place (server/main.ts starts from it). A bad
// value stops the start with a message naming the variable, never a half-configured server.
import { readFileSync } from 'node:fs'
import webPush from 'web-push'
import { Type } from 'typebox'
import { Value } from 'typebox/value'
import type { ConfigPatch } from '../contract'
import { parseConfigPatch } from './shared/config'
import type { BuildServerOptions } from './app'
import { SERVER_MODES, type ServerMode } from './shared/context'
import { type ContactSetting, type DepositAccountsSetting, parseContact, parseDepositAccounts } from './deposit/destinations'
import { parseQrSettingsPatch, type QrSettingsPatch } from './deposit/qrSettings'
import { WithdrawLimitsSetting } from './lookup/repo'
import { type Settings, SettingsSchema } from './shared/settings'
import { type BonusOffer, BonusOffers } from './bonus/bonuses'
import { DEFAULT_INIT_DATA_MAX_AGE_SECONDS, DEFAULT_QUICK_UNLOCK_MAX_DAYS, DEFAULT_STEP_UP_MINUTES, IDENTITY_OFF, identityOn, type IdentitySettings, LINE_JWKS_URL } from './identity/settings'
import { OPS_PASSWORD_MIN_LENGTH, STAFF_USERNAME_PATTERN } from '../contract/ops'
import type { FirstAdmin } from './ops/firstAdmin'
import { readTrustProxy, type TrustProxy } from './shared/http/trustProxy'
import { DEFAULT_NOTIFY_EVERY_MS, DEFAULT_NOTIFY_MAX_AGE_MS, NOTIFY_KINDS, type NotifySettings, type WebPushSettings } from './notify/settings'
import { TELEGRAM_API_URL } from './notify/telegram'
import { LINE_API_URL } from './notify/line'
import type { NotificationKind } from '../contract'

/** What the environment sets of the server's options; each is documented on BuildServerOptions. */
type OperatorOptions = Pick<BuildServerOptions,
  'databaseUrl' | 'mode' | 'config' | 'settings' | 'payoutHoldMs' | 'timeZone' | 'depositQr' | 'bonusOffers' | 'depositAccounts' | 'contact' | 'withdrawLimits' | 'identity' | 'firstAdmin' | 'notify'>

export interface ServerEnv extends OperatorOptions {
  port: number
  /** GET /metrics's own port (METRICS_PORT); none when unset. */
  metricsPort?: number
  /** Where GET /metrics listens (METRICS_HOST): loopback unless told, whatever HOST is. */
  metricsHost: string
  /** Seconds an instance keeps answering after SIGTERM while /readyz says draining (DRAIN_SECONDS, default 10). */
  drainSeconds: number
  /** Where to listen: HOST, default all interfaces; loopback only when no mode was chosen, and by default in dev and test (see readHost). */
  host: string
  dataDir: string
  trustProxy: TrustProxy
  /** Production's SMS gateway for OTP codes. */
  smsWebhookUrl?: string
  /** The secret each webhook call is signed with (SMS_WEBHOOK_SECRET; required in production). */
  smsWebhookSecret?: string
  /** What the operator must read at start (main.ts prints them prominently), e.g. no mode chosen. */
  warnings: string[]
}

type Env = Record<string, string | undefined>

const SettingsPatch = Type.Partial(SettingsSchema, { additionalProperties: false })

function json(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    throw new Error(`${name} is not valid JSON`)
  }
}

function readMode(raw: string | undefined): ServerMode {
  // Unset means demo: `npm start` on a fresh machine shows the product with a demo member.
  if (!raw) return 'demo'
  if ((SERVER_MODES as readonly string[]).includes(raw)) return raw as ServerMode
  throw new Error(`APP_MODE must be one of ${SERVER_MODES.join(', ')} (got "${raw}")`)
}

function readPort(raw: string | undefined, name = 'PORT'): number {
  const port = Number(raw ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number (got "${raw}")`)
  return port
}

/** GET /metrics on a port of its own, when METRICS_PORT is set; never the players' port. */
function readMetricsPort(env: Env): number | undefined {
  if (!env.METRICS_PORT) return undefined
  const port = readPort(env.METRICS_PORT, 'METRICS_PORT')
  if (port !== 0 && port === readPort(env.PORT)) throw new Error('METRICS_PORT must not be PORT: players would read the metrics')
  return port
}

/** How long a SIGTERM'd instance goes on answering while balancers see it draining (0 to 300 s). */
function readDrainSeconds(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_DRAIN_SECONDS
  const seconds = Number(raw)
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 300) throw new Error(`DRAIN_SECONDS must be a whole number of seconds from 0 to 300 (got "${raw}")`)
  return seconds
}

/** Two checks of a balancer asking every 5 s: it has stopped sending by then. */
export const DEFAULT_DRAIN_SECONDS = 10

function readConfig(raw: string | undefined): ConfigPatch | undefined {
  if (!raw) return undefined
  try {
    return parseConfigPatch(json('APP_CONFIG', raw))
  } catch {
    throw new Error('APP_CONFIG must be a JSON object of RuntimeConfig fields (see README)')
  }
}

function readSettings(env: Env, readFile: (path: string) => string): Partial<Settings> | undefined {
  let name = 'APP_SETTINGS'
  let raw = env.APP_SETTINGS
  if (!raw && env.SETTINGS_FILE) {
    name = `SETTINGS_FILE (${env.SETTINGS_FILE})`
    try {
      raw = readFile(env.SETTINGS_FILE)
    } catch {
      throw new Error(`SETTINGS_FILE cannot be read: ${env.SETTINGS_FILE}`)
    }
  }
  if (!raw) return undefined
  const value = json(name, raw)
  if (!Value.Check(SettingsPatch, value)) {
    throw new Error(`${name} must be a JSON object of registerOTP, terminated, spinActive, enableChatWidget, depositManual (true or false), invite ({ active, type, isXArea, percent }), spin ({ name, coinPerDepositMinor, couponDays, slices }), refund ({ percent, period }), approvals ({ secondAboveMinor: { THB, LAK }, separationHours }) and staffTotp ("admins" or "everyone")`)
  }
  return value
}

function readBonusOffers(raw: string | undefined): BonusOffer[] | undefined {
  if (!raw) return undefined
  const value = json('BONUS_OFFERS', raw)
  if (!Value.Check(BonusOffers, value)) {
    throw new Error('BONUS_OFFERS must be a JSON array of offers: code, kind, name, type, maxReceived, percent, maxBonusMinor, turnoverMultiplier, percentFail (see README)')
  }
  return value
}

function readDepositQr(raw: string | undefined): QrSettingsPatch | undefined {
  if (!raw) return undefined
  const patch = parseQrSettingsPatch(json('DEPOSIT_QR', raw))
  if (!patch) {
    throw new Error('DEPOSIT_QR must be a JSON object of expireMinutes, minimumMinor, maximumMinor, enabled, offMessage (see README)')
  }
  return patch
}

const LOOPBACK = '127.0.0.1'

/**
 * Where to listen. `npm start` (README's first command, npm_lifecycle_event=start) without
 * APP_MODE is the demo on HOST, all interfaces by default. Anywhere else an unset APP_MODE is no
 * choice at all (a service file, a container, a typo), and demo mode publishes its member's
 * password: it still runs as demo, but on loopback only, and says so.
 */
function readHost(env: Env, mode: ServerMode, warnings: string[]): string {
  if (mode === 'dev' || mode === 'test') return readDevHost(env.HOST, mode, warnings)
  const host = env.HOST || '0.0.0.0'
  if (env.APP_MODE || env.npm_lifecycle_event === 'start') return host
  const ignored = host === LOOPBACK ? '' : ` (HOST=${host} is ignored until a mode is chosen)`
  warnings.push(
    `APP_MODE is not set, so this is DEMO mode: a demo member whose password is published in the README, OTP codes on this console. ` +
      `It listens on ${LOOPBACK} only${ignored}. Choose a mode: APP_MODE=production for real players (with SMS_WEBHOOK_URL and ` +
      `SMS_WEBHOOK_SECRET), or APP_MODE=demo to show the demo on HOST (see README, "modes and environment").`,
  )
  return LOOPBACK
}

const LOOPBACKS = new Set([LOOPBACK, 'localhost', '::1'])

/**
 * `dev` and `test` answer `/dev/` calls from anyone who reaches them: read any phone's OTP, point
 * the app's config (its API) elsewhere, settle slips and withdrawals. So they listen on loopback
 * unless HOST names another address, and then they say what that opens.
 */
function readDevHost(host: string | undefined, mode: ServerMode, warnings: string[]): string {
  if (!host) return LOOPBACK
  if (!LOOPBACKS.has(host)) {
    warnings.push(
      `APP_MODE=${mode} on HOST=${host}: the /dev/ endpoints (any phone's OTP, the app's config, settling slips and withdrawals) answer ` +
        `everyone who reaches that address. Leave HOST unset (${LOOPBACK}) unless this network is yours alone; never on a server players reach.`,
    )
  }
  return host
}

function readWebhook(raw: string | undefined, mode: ServerMode): string | undefined {
  if (!raw) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`SMS_WEBHOOK_URL is not a URL (got "${raw}")`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('SMS_WEBHOOK_URL must be http(s)')
  // The codes travel in the body: in production only over TLS.
  if (mode === 'production' && url.protocol !== 'https:') throw new Error('SMS_WEBHOOK_URL must be https in production: it carries the OTP codes')
  return url.toString()
}

/** At least this long: a secret anyone could guess signs nothing. */
const WEBHOOK_SECRET_MIN = 32

function readWebhookSecret(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  if (raw.length < WEBHOOK_SECRET_MIN) throw new Error(`SMS_WEBHOOK_SECRET must have at least ${WEBHOOK_SECRET_MIN} characters`)
  return raw
}

function readDepositAccounts(raw: string | undefined): DepositAccountsSetting | undefined {
  if (!raw) return undefined
  const parsed = parseDepositAccounts(json('DEPOSIT_ACCOUNTS', raw))
  if (typeof parsed === 'string') throw new Error(`DEPOSIT_ACCOUNTS: ${parsed} (see README)`)
  return parsed
}

function readContact(raw: string | undefined): ContactSetting | undefined {
  if (!raw) return undefined
  const parsed = parseContact(json('CONTACT', raw))
  if (typeof parsed === 'string') throw new Error(`CONTACT: ${parsed} (see README)`)
  return parsed
}

function readWithdrawLimits(raw: string | undefined): WithdrawLimitsSetting | undefined {
  if (!raw) return undefined
  const value = json('WITHDRAW_LIMITS', raw)
  if (!Value.Check(WithdrawLimitsSetting, value) || Object.values(value).some((pair) => pair && pair.withdrawMinMinor > pair.withdrawMaxMinor)) {
    throw new Error('WITHDRAW_LIMITS must be a JSON object of THB and LAK, each { withdrawMinMinor, withdrawMaxMinor } in minor units, the minimum not above the maximum, and optionally payoutMinutes (1 to 10080) (see README)')
  }
  return value
}

/**
 * What production cannot run without, every one missing named at once: the SMS gateway and its secret, and the
 * operator's own payment destinations and contact (the demo's are never offered in production).
 */
function requireProductionSettings(mode: ServerMode, env: Env): void {
  if (mode !== 'production') return
  const missing = [
    !env.SMS_WEBHOOK_URL && 'SMS_WEBHOOK_URL (the gateway that sends OTP codes)',
    !env.SMS_WEBHOOK_SECRET && `SMS_WEBHOOK_SECRET (at least ${WEBHOOK_SECRET_MIN} characters shared with the SMS gateway, which checks each call's signature)`,
    !env.DEPOSIT_ACCOUNTS && 'DEPOSIT_ACCOUNTS (the bank accounts, PromptPay ids and TrueMoney wallets players pay into)',
    !env.CONTACT && 'CONTACT (the LINE contact players reach support by)',
  ].filter(Boolean)
  if (missing.length > 0) throw new Error(`APP_MODE=production needs ${missing.join(', ')} (see README)`)
}

function readDatabaseUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error('DATABASE_URL is not a URL (postgresql://user:password@host:5432/database)')
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error('DATABASE_URL must be a postgresql:// URL')
  }
  return raw
}

/** Below this a payout to a bank account changed a moment ago is not held for anyone to notice. */
const LEAST_PAYOUT_HOLD_HOURS = 1
/** Above this the password given at sign-in keeps a session able to redirect payouts for most of a visit. */
const MOST_STEP_UP_MINUTES = 60

/**
 * Production's settings that leave a stolen session free to move money out: said at start (the
 * operator may mean it, for a test of their own), as TRUST_PROXY's count is. A value meant in
 * another unit (seconds for minutes) shows here too.
 */
function moneyOutWarnings(env: Env): string[] {
  const warnings: string[] = []
  const hold = env.PAYOUT_HOLD_HOURS ? Number(env.PAYOUT_HOLD_HOURS) : undefined
  if (hold !== undefined && hold < LEAST_PAYOUT_HOLD_HOURS) {
    warnings.push(`PAYOUT_HOLD_HOURS=${env.PAYOUT_HOLD_HOURS} barely holds a payout after the bank account was changed: whoever holds a member's session and password changes the account and is paid before the member or staff can notice. The default is 24.`)
  }
  const stepUp = env.STEP_UP_MINUTES ? Number(env.STEP_UP_MINUTES) : undefined
  if (stepUp !== undefined && stepUp > MOST_STEP_UP_MINUTES) {
    warnings.push(`STEP_UP_MINUTES=${env.STEP_UP_MINUTES} lets a session change the payout bank account for ${stepUp} minutes after the password was given, without asking for it again: a session token taken in that time redirects payouts. It counts minutes, not seconds; the default is 10.`)
  }
  return warnings
}

function readHold(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined
  const hours = Number(raw)
  if (!Number.isFinite(hours) || hours < 0) throw new Error(`PAYOUT_HOLD_HOURS must be a number of hours (got "${raw}")`)
  return hours * 60 * 60 * 1000
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a whole number above 0 (got "${raw}")`)
  return Number(raw)
}

/**
 * Passkeys' relying party (issue 31): WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN together, the origin's host
 * the RP ID or under it (the browser refuses any other pairing, so a mistake shows at start, not at
 * a player's first passkey), and in production only over TLS.
 */
function readWebauthn(env: Env, mode: ServerMode): Pick<IdentitySettings, 'webauthnRpId' | 'webauthnOrigin' | 'webauthnRpName'> {
  const rpId = env.WEBAUTHN_RP_ID || undefined
  const origin = env.WEBAUTHN_ORIGIN || undefined
  const rpName = env.WEBAUTHN_RP_NAME || undefined
  if (rpId === undefined && origin === undefined) {
    if (rpName !== undefined) throw new Error('WEBAUTHN_RP_NAME is given without WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN')
    return {}
  }
  if (rpId === undefined || origin === undefined) throw new Error('WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN go together: give both, or neither')
  if (!/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(rpId)) {
    throw new Error(`WEBAUTHN_RP_ID must be a lower-case domain name with no scheme or port, such as wallet.example.com (got "${rpId}")`)
  }
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    throw new Error(`WEBAUTHN_ORIGIN is not a URL (got "${origin}")`)
  }
  if (url.origin !== origin) throw new Error(`WEBAUTHN_ORIGIN must be an origin alone, such as https://wallet.example.com (got "${origin}")`)
  const secure = url.protocol === 'https:' || (mode !== 'production' && url.protocol === 'http:' && url.hostname === 'localhost')
  if (!secure) throw new Error(`WEBAUTHN_ORIGIN must be https${mode === 'production' ? '' : ' (or http://localhost)'} (got "${origin}")`)
  if (url.hostname !== rpId && !url.hostname.endsWith(`.${rpId}`)) {
    throw new Error(`WEBAUTHN_ORIGIN's host must be WEBAUTHN_RP_ID or under it (got ${url.hostname} and ${rpId})`)
  }
  return { webauthnRpId: rpId, webauthnOrigin: origin, webauthnRpName: rpName }
}

/**
 * The messenger identity (issue 31): off unless a Telegram or LINE setting is given. Telegram by
 * its bot token (HMAC) or, without it, by its bot id (Telegram's Ed25519 signature); LINE by the
 * channel id its ID tokens are issued for.
 */
/** The first staff admin (issue 33): OPS_ADMIN_USERNAME and OPS_ADMIN_PASSWORD together, or neither. */
export function readFirstAdmin(env: Env): FirstAdmin | undefined {
  const username = env.OPS_ADMIN_USERNAME?.trim().toLowerCase()
  const password = env.OPS_ADMIN_PASSWORD
  if (!username && !password) return undefined
  if (!username || !password) throw new Error('OPS_ADMIN_USERNAME and OPS_ADMIN_PASSWORD go together (see README, "The staff console")')
  if (!new RegExp(STAFF_USERNAME_PATTERN).test(username)) throw new Error('OPS_ADMIN_USERNAME must be 3 to 32 lower-case letters, digits, dots, dashes or underscores')
  if (password.length < OPS_PASSWORD_MIN_LENGTH) throw new Error(`OPS_ADMIN_PASSWORD must be at least ${OPS_PASSWORD_MIN_LENGTH} characters`)
  return { username, password }
}

function readIdentity(env: Env, mode: ServerMode): IdentitySettings | undefined {
  const token = env.TELEGRAM_BOT_TOKEN || undefined
  if (token !== undefined && !/^\d{1,15}:[A-Za-z0-9_-]{30,}$/.test(token)) {
    throw new Error('TELEGRAM_BOT_TOKEN must be the bot token @BotFather gave (123456789:AA...)')
  }
  const botId = env.TELEGRAM_BOT_ID || undefined
  if (botId !== undefined && !/^\d{1,15}$/.test(botId)) throw new Error(`TELEGRAM_BOT_ID must be the bot's numeric id (got "${botId}")`)
  // The token starts with the bot's id: two settings naming two bots is a mistake to stop on.
  if (token !== undefined && botId !== undefined && !token.startsWith(`${botId}:`)) {
    throw new Error('TELEGRAM_BOT_ID is not the id of the bot whose TELEGRAM_BOT_TOKEN is given (the token starts with its id); give one bot')
  }
  const testEnv = env.TELEGRAM_TEST_ENV ?? ''
  if (!['', '0', '1'].includes(testEnv)) throw new Error(`TELEGRAM_TEST_ENV must be 1 (Telegram's test environment) or 0 (got "${testEnv}")`)
  const skipsOtp = env.TELEGRAM_CONTACT_SKIPS_OTP ?? ''
  if (!['', '0', '1'].includes(skipsOtp)) throw new Error(`TELEGRAM_CONTACT_SKIPS_OTP must be 1 (a phone Telegram signed passes registration's OTP step) or 0 (got "${skipsOtp}")`)
  // Telegram signs the contact with the bot token only: without it no contact can be believed.
  if (skipsOtp === '1' && token === undefined) throw new Error('TELEGRAM_CONTACT_SKIPS_OTP needs TELEGRAM_BOT_TOKEN: Telegram signs the contact with the bot token')
  const channelId = env.LINE_CHANNEL_ID || undefined
  if (channelId !== undefined && !/^\d{1,20}$/.test(channelId)) throw new Error(`LINE_CHANNEL_ID must be the LINE Login channel's numeric id (got "${channelId}")`)
  let jwksUrl = LINE_JWKS_URL
  if (env.LINE_JWKS_URL) {
    let url: URL
    try {
      url = new URL(env.LINE_JWKS_URL)
    } catch {
      throw new Error(`LINE_JWKS_URL is not a URL (got "${env.LINE_JWKS_URL}")`)
    }
    // The keys that decide who a player is: in production only over TLS.
    const allowed = mode === 'production' ? ['https:'] : ['https:', 'http:']
    if (!allowed.includes(url.protocol)) throw new Error(`LINE_JWKS_URL must be ${mode === 'production' ? 'https in production' : 'http(s)'}`)
    jwksUrl = url.toString()
  }
  const settings: IdentitySettings = {
    ...readWebauthn(env, mode),
    telegramBotToken: token,
    telegramBotId: botId === undefined ? undefined : Number(botId),
    telegramTestEnv: testEnv === '1',
    telegramMaxAgeSeconds: positiveInteger('TELEGRAM_INIT_DATA_MAX_AGE', env.TELEGRAM_INIT_DATA_MAX_AGE, DEFAULT_INIT_DATA_MAX_AGE_SECONDS),
    lineChannelId: channelId,
    lineJwksUrl: jwksUrl,
    stepUpMinutes: positiveInteger('STEP_UP_MINUTES', env.STEP_UP_MINUTES, DEFAULT_STEP_UP_MINUTES),
    telegramContactSkipsOtp: skipsOtp === '1',
    quickUnlockMaxDays: positiveInteger('QUICK_UNLOCK_MAX_DAYS', env.QUICK_UNLOCK_MAX_DAYS, DEFAULT_QUICK_UNLOCK_MAX_DAYS),
  }
  // STEP_UP_MINUTES holds whatever is on (a bank account change always asks for the password, issue 47).
  if (identityOn(settings)) return settings
  return env.STEP_UP_MINUTES ? { ...IDENTITY_OFF, stepUpMinutes: settings.stepUpMinutes } : undefined
}

/**
 * A messenger's API address. Its calls carry the channel's secret, so production sends them only
 * over TLS, or to a server on this machine (a local Bot API server): never in the clear over a network.
 */
function readMessengerApi(name: string, raw: string, mode: ServerMode, carries: string): string {
  const address = raw.replace(/\/+$/, '')
  if (!/^https?:\/\/[^/]+/.test(address)) throw new Error(`${name} must be an http(s) address (got "${address}")`)
  if (mode === 'production' && !address.startsWith('https:') && !LOOPBACKS.has(new URL(address).hostname.replace(/^\[|\]$/g, ''))) {
    throw new Error(`${name} must be https in production, or on this machine (127.0.0.1, localhost): its calls carry ${carries} (got "${address}")`)
  }
  return address
}

/**
 * The messages of members' money through their messengers (issue 50): on with APP_URL and a channel's
 * credentials (Telegram: TELEGRAM_BOT_TOKEN; LINE: LINE_CHANNEL_ACCESS_TOKEN, LINE_API_URL for another API); NOTIFY_EVENTS narrows the kinds sent (the bell lists
 * every one), NOTIFY_MAX_AGE_MINUTES bounds how late one is still sent. TELEGRAM_API_URL points the
 * bot elsewhere than Telegram's API (a test's, a local Bot API server).
 */
export function readNotify(env: Env, mode: ServerMode): NotifySettings | undefined {
  const appUrl = env.APP_URL || undefined
  if (appUrl !== undefined) {
    let url: URL
    try {
      url = new URL(appUrl)
    } catch {
      throw new Error(`APP_URL must be the address players open the app at, https://<your host>/ (got "${appUrl}")`)
    }
    if (!/^https?:$/.test(url.protocol)) throw new Error(`APP_URL must be an http(s) address (got "${appUrl}")`)
    // Players sign in at the address a message opens.
    if (mode === 'production' && url.protocol !== 'https:') throw new Error(`APP_URL must be https in production: players sign in at the address each message opens (got "${appUrl}")`)
  }
  const apiUrl = readMessengerApi('TELEGRAM_API_URL', env.TELEGRAM_API_URL || TELEGRAM_API_URL, mode, 'the bot token, which also signs Telegram sign-ins')
  const token = env.TELEGRAM_BOT_TOKEN || undefined
  const lineToken = env.LINE_CHANNEL_ACCESS_TOKEN || undefined
  const lineApiUrl = readMessengerApi('LINE_API_URL', env.LINE_API_URL || LINE_API_URL, mode, 'the channel access token')
  const listed = env.NOTIFY_EVENTS === 'none' ? [] : env.NOTIFY_EVENTS?.split(',').map((kind) => kind.trim()).filter(Boolean)
  const unknown = listed?.filter((kind) => !NOTIFY_KINDS.includes(kind as NotificationKind))
  if (unknown?.length) throw new Error(`NOTIFY_EVENTS lists ${unknown.join(', ')}: the kinds are ${NOTIFY_KINDS.join(', ')} (or "none")`)
  const events = new Set<NotificationKind>((env.NOTIFY_EVENTS === 'none' ? [] : listed?.length ? listed : NOTIFY_KINDS) as NotificationKind[])
  const webPush = readWebPush(env)
  const maxAgeMs = positiveInteger('NOTIFY_MAX_AGE_MINUTES', env.NOTIFY_MAX_AGE_MINUTES, DEFAULT_NOTIFY_MAX_AGE_MS / 60_000) * 60_000
  const prizeReminderMs = env.NOTIFY_PRIZE_EXPIRY_HOURS ? positiveInteger('NOTIFY_PRIZE_EXPIRY_HOURS', env.NOTIFY_PRIZE_EXPIRY_HOURS, 24) * 60 * 60_000 : undefined
  const base = { events, maxAgeMs, everyMs: DEFAULT_NOTIFY_EVERY_MS, ...(prizeReminderMs ? { prizeReminderMs } : {}) }
  // Nothing is sent without the app's address for the messages' buttons (the bell still tells a prize about to expire).
  if (appUrl === undefined) return prizeReminderMs ? base : undefined
  return {
    appUrl,
    telegram: token ? { token, apiUrl } : undefined,
    line: lineToken ? { token: lineToken, apiUrl: lineApiUrl } : undefined,
    webPush,
    ...base,
  }
}

/**
 * Web Push (issue 50): VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together, or none. The
 * keys are a P-256 pair in base64url (`npx web-push generate-vapid-keys`), the subject how a push
 * service reaches the operator (mailto: or https:). Checked here by signing a token with them.
 */
function readWebPush(env: Env): WebPushSettings | undefined {
  const publicKey = env.VAPID_PUBLIC_KEY || undefined
  const privateKey = env.VAPID_PRIVATE_KEY || undefined
  const subject = env.VAPID_SUBJECT || undefined
  const given = [publicKey, privateKey, subject].filter((value) => value !== undefined).length
  if (given === 0) return undefined
  if (!publicKey || !privateKey || !subject) throw new Error('Web Push needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together (README, "Messages through the messengers")')
  if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(subject)) throw new Error(`VAPID_SUBJECT must be a mailto: or https: address the push services can reach the operator at (got "${subject}")`)
  try {
    webPush.getVapidHeaders('https://push.example', subject, publicKey, privateKey, 'aes128gcm')
  } catch (error) {
    throw new Error(`VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair in base64url, as \`npx web-push generate-vapid-keys\` makes (${(error as Error).message})`, { cause: error })
  }
  return { publicKey, privateKey, subject, extraOrigins: [] }
}

/** TIME_ZONE: the operator's zone (IANA, e.g. Asia/Bangkok); unset, the variant's country's. */
export function readTimeZone(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined
  try {
    new Intl.DateTimeFormat('en', { timeZone: raw })
  } catch {
    throw new Error(`TIME_ZONE must be an IANA time zone such as Asia/Bangkok or Asia/Vientiane (got "${raw}")`)
  }
  return raw
}

export function readServerEnv(env: Env, readFile = (path: string) => readFileSync(path, 'utf8')): ServerEnv {
  const mode = readMode(env.APP_MODE)
  const warnings: string[] = []
  requireProductionSettings(mode, env)
  const trustProxy = readTrustProxy(env.TRUST_PROXY, mode === 'production')
  if (mode === 'production' && typeof trustProxy === 'number') {
    warnings.push(
      `TRUST_PROXY=${trustProxy} trusts whatever connects to this server as the nearest of ${trustProxy} proxies: a client that reaches it ` +
        `without going through them can choose the address its limits count. Let only the proxies reach it, or give their addresses or ranges instead (e.g. TRUST_PROXY=10.0.0.0/8).`,
    )
  }
  if (mode === 'production') warnings.push(...moneyOutWarnings(env))
  const metricsPort = readMetricsPort(env)
  const host = readHost(env, mode, warnings)
  if (metricsPort !== undefined && !env.METRICS_HOST && !LOOPBACKS.has(host)) {
    // Before this release /metrics listened on HOST: a scraper on another machine finds it gone.
    warnings.push(`/metrics (METRICS_PORT=${metricsPort}) listens on ${LOOPBACK} only, not on HOST=${host}: a Prometheus on another machine needs METRICS_HOST set to this instance's address on the private network.`)
  }
  return {
    port: readPort(env.PORT),
    metricsPort,
    // What it tells (how much money waits where) is the operator's: a scraper on another machine is
    // given an address on the private network (METRICS_HOST), never HOST's all interfaces by default.
    metricsHost: env.METRICS_HOST || LOOPBACK,
    drainSeconds: readDrainSeconds(env.DRAIN_SECONDS),
    host,
    dataDir: env.DATA_DIR || '.data/',
    databaseUrl: readDatabaseUrl(env.DATABASE_URL),
    mode,
    config: readConfig(env.APP_CONFIG),
    settings: readSettings(env, readFile),
    trustProxy,
    smsWebhookUrl: readWebhook(env.SMS_WEBHOOK_URL, mode),
    smsWebhookSecret: readWebhookSecret(env.SMS_WEBHOOK_SECRET),
    payoutHoldMs: readHold(env.PAYOUT_HOLD_HOURS),
    timeZone: readTimeZone(env.TIME_ZONE),
    depositQr: readDepositQr(env.DEPOSIT_QR),
    bonusOffers: readBonusOffers(env.BONUS_OFFERS),
    depositAccounts: readDepositAccounts(env.DEPOSIT_ACCOUNTS),
    contact: readContact(env.CONTACT),
    withdrawLimits: readWithdrawLimits(env.WITHDRAW_LIMITS),
    identity: readIdentity(env, mode),
    firstAdmin: readFirstAdmin(env),
    notify: readNotify(env, mode),
    warnings,
  }
}
