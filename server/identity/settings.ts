// The operator's messenger settings (issue 31): which messengers the server verifies, and how long
// a password given again lets a session withdraw or change the bank account. Read from the
// environment at start (env.ts); dev and test may change them at run time (POST /dev/identity).
// Without a Telegram, LINE or WebAuthn setting the identity is off and the API behaves as without it.
import type { RuntimeConfig } from '../../contract'

declare module '../shared/context' {
  interface ServerContext {
    identity: IdentitySettings
  }
}

export const LINE_ISSUER = 'https://access.line.me'
export const LINE_JWKS_URL = 'https://api.line.me/oauth2/v2.1/certs'
export const DEFAULT_INIT_DATA_MAX_AGE_SECONDS = 3600
export const DEFAULT_STEP_UP_MINUTES = 10
export const DEFAULT_QUICK_UNLOCK_MAX_DAYS = 30

export interface IdentitySettings {
  /** TELEGRAM_BOT_TOKEN: init data checked by its HMAC. */
  telegramBotToken?: string
  /** TELEGRAM_BOT_ID: without the token, init data checked by Telegram's Ed25519 `signature`. */
  telegramBotId?: number
  /** TELEGRAM_TEST_ENV=1: the Ed25519 check uses Telegram's test environment key. */
  telegramTestEnv: boolean
  /** TELEGRAM_INIT_DATA_MAX_AGE: init data older than this (by its auth_date) is refused. */
  telegramMaxAgeSeconds: number
  /** LINE_CHANNEL_ID: the audience of the LIFF app's ID tokens. */
  lineChannelId?: string
  /** LINE_JWKS_URL: where LINE's signing keys are published. */
  lineJwksUrl: string
  /** WEBAUTHN_RP_ID: the domain passkeys are made for (the app's host or a parent of it). */
  webauthnRpId?: string
  /** WEBAUTHN_ORIGIN: the app's origin, the only one a passkey answer may come from. */
  webauthnOrigin?: string
  /** WEBAUTHN_RP_NAME: the name the browser shows beside the passkey (default: the app's name). */
  webauthnRpName?: string
  /** STEP_UP_MINUTES: how long a password given lets the session withdraw or change the bank account (the latter in every setup, issue 47). */
  stepUpMinutes: number
  /** TELEGRAM_CONTACT_SKIPS_OTP=1: a phone Telegram signed (requestContact) stands in for the OTP
   *  step at registration; otherwise it only fills the phone field. Needs the bot token. */
  telegramContactSkipsOtp: boolean
  /** QUICK_UNLOCK_MAX_DAYS: a quick unlock whose device has not had the password for this long is refused (issue 47). */
  quickUnlockMaxDays: number
}

export const IDENTITY_OFF: IdentitySettings = {
  telegramTestEnv: false,
  telegramMaxAgeSeconds: DEFAULT_INIT_DATA_MAX_AGE_SECONDS,
  lineJwksUrl: LINE_JWKS_URL,
  stepUpMinutes: DEFAULT_STEP_UP_MINUTES,
  telegramContactSkipsOtp: false,
  quickUnlockMaxDays: DEFAULT_QUICK_UNLOCK_MAX_DAYS,
}

export const telegramOn = (settings: IdentitySettings): boolean =>
  settings.telegramBotToken !== undefined || settings.telegramBotId !== undefined
/** Telegram's signed contact is checked by the bot token's HMAC only: Telegram adds no third-party signature to it. */
export const telegramContactOn = (settings: IdentitySettings): boolean => settings.telegramBotToken !== undefined
export const lineOn = (settings: IdentitySettings): boolean => settings.lineChannelId !== undefined
/** Passkeys (quick unlock in a plain browser): on when the relying party is set. */
export const passkeysOn = (settings: IdentitySettings): boolean => settings.webauthnRpId !== undefined && settings.webauthnOrigin !== undefined
export const identityOn = (settings: IdentitySettings): boolean => telegramOn(settings) || lineOn(settings) || passkeysOn(settings)

/** The runtime config's `identity` (absent when off): what the app may offer. */
export function runtimeIdentity(settings: IdentitySettings): RuntimeConfig['identity'] {
  if (!identityOn(settings)) return undefined
  return { telegram: telegramOn(settings), line: lineOn(settings), passkeys: passkeysOn(settings), stepUpMinutes: settings.stepUpMinutes, telegramContact: telegramContactOn(settings) }
}

/** `/config.json`: the config with the live identity switch, or without the key when it is off. */
export function servedConfig(config: RuntimeConfig, settings: IdentitySettings, messages: RuntimeConfig['messages'] = [], vapidPublicKey?: string): RuntimeConfig {
  const { identity: _ignored, messages: _alsoIgnored, vapidPublicKey: _key, ...rest } = config
  const identity = runtimeIdentity(settings)
  const webPush = vapidPublicKey !== undefined && messages?.includes('webpush')
  return { ...rest, ...(identity ? { identity } : {}), ...(messages && messages.length > 0 ? { messages } : {}), ...(webPush ? { vapidPublicKey } : {}) }
}
