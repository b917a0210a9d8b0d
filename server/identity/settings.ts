// The operator's messenger settings (issue 31): which messengers the server verifies, and how long
// a password given again lets a session withdraw or change the bank account. Read from the
// environment at start (env.ts); dev and test may change them at run time (POST /dev/identity).
// Without a Telegram or LINE setting the identity is off and the API behaves as without it.
import type { RuntimeConfig } from '../../src/api/contract'

declare module '../shared/context' {
  interface ServerContext {
    identity: IdentitySettings
  }
}

export const LINE_ISSUER = 'https://access.line.me'
export const LINE_JWKS_URL = 'https://api.line.me/oauth2/v2.1/certs'
export const DEFAULT_INIT_DATA_MAX_AGE_SECONDS = 3600
export const DEFAULT_STEP_UP_MINUTES = 10

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
  /** STEP_UP_MINUTES: how long a password given lets the session withdraw or change the bank account. */
  stepUpMinutes: number
}

export const IDENTITY_OFF: IdentitySettings = {
  telegramTestEnv: false,
  telegramMaxAgeSeconds: DEFAULT_INIT_DATA_MAX_AGE_SECONDS,
  lineJwksUrl: LINE_JWKS_URL,
  stepUpMinutes: DEFAULT_STEP_UP_MINUTES,
}

export const telegramOn = (settings: IdentitySettings): boolean =>
  settings.telegramBotToken !== undefined || settings.telegramBotId !== undefined
export const lineOn = (settings: IdentitySettings): boolean => settings.lineChannelId !== undefined
export const identityOn = (settings: IdentitySettings): boolean => telegramOn(settings) || lineOn(settings)

/** The runtime config's `identity` (absent when off): what the app may offer. */
export function runtimeIdentity(settings: IdentitySettings): RuntimeConfig['identity'] {
  if (!identityOn(settings)) return undefined
  return { telegram: telegramOn(settings), line: lineOn(settings), stepUpMinutes: settings.stepUpMinutes }
}

/** `/config.json`: the config with the live identity switch, or without the key when it is off. */
export function servedConfig(config: RuntimeConfig, settings: IdentitySettings): RuntimeConfig {
  const { identity: _ignored, ...rest } = config
  const identity = runtimeIdentity(settings)
  return identity ? { ...rest, identity } : rest
}
