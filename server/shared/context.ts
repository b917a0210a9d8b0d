import type { Variant } from '../../contract'
import type { ConfigState } from './config'
import type { Db } from './db'
import type { Limits } from './limits'

/**
 * `demo`: what `npm start` runs (demo member, OTP codes on the console, no /dev/ endpoints).
 * `production`: no demo member, OTPs through the operator's SMS gateway, nothing secret logged.
 * `dev` and `test`: like demo, plus the /dev/ endpoints that tests drive.
 */
export type ServerMode = 'demo' | 'production' | 'dev' | 'test'

export const SERVER_MODES: readonly ServerMode[] = ['demo', 'production', 'dev', 'test']

/** The /dev/ endpoints read OTP codes and rewrite the config: dev and test only. */
export const hasDevRoutes = (mode: ServerMode): boolean => mode === 'dev' || mode === 'test'

/**
 * What every route module receives: storage, live config, clock and limits. An area that brings a
 * service adds it here from its own module (`declare module '../shared/context'`): the password
 * hasher (auth/passwords.ts), the OTP sender (otp/sms.ts), the game providers (games/providers.ts).
 */
export interface ServerContext {
  db: Db
  mode: ServerMode
  config: ConfigState
  /** Epoch milliseconds; replaceable so tests can move time. */
  now: () => number
  sessionTtlMs: number
  /** IANA zone of the slip window's HH:mm times. */
  timeZone: string
  limits: Limits
  /** How long payouts wait after the payout bank account changed. */
  payoutHoldMs: number
  /** Ceiling of one money call, minor units. */
  maxAmountMinor: number
  /** How old a transfer still in transit must be before a sweep (or a retry) resolves it. */
  transferRecoveryAfterMs: number
}

export const variantOf = (ctx: ServerContext): Variant => ctx.config.current.variant
