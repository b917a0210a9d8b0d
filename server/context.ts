import type { Variant } from '../src/api/types'
import type { PasswordHasher } from './auth/passwords'
import type { ConfigState } from './config'
import type { Db } from './db'
import type { Limits } from './limits'
import type { SmsSender } from './otp/sms'

export type ServerMode = 'production' | 'dev' | 'test'

/** What every route module receives: storage, live config, clock and the simulated services. */
export interface ServerContext {
  db: Db
  mode: ServerMode
  config: ConfigState
  /** Epoch milliseconds; replaceable so tests can move time. */
  now: () => number
  sms: SmsSender
  sessionTtlMs: number
  /** IANA zone of the slip window's HH:mm times. */
  timeZone: string
  passwords: PasswordHasher
  limits: Limits
  /** How long payouts wait after the payout bank account changed. */
  payoutHoldMs: number
}

export const variantOf = (ctx: ServerContext): Variant => ctx.config.current.variant
