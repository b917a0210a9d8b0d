// Spec 8: the message comes from the error body; a code with a translation shows the
// translation, anything else shows as it came.
import { i18n } from '../i18n/i18n'
import type { Language } from '../i18n/language'
import { formatAmount } from '../lib/money'

/** Why a call failed: the server's code (or raw text), or our own network/timeout/generic. */
export class ApiError extends Error {
  readonly code: string
  readonly status: number | undefined
  /** True when the HTTP client already acted on it (redirect), so nobody should toast it. */
  readonly handled: boolean
  /** The limit the server's refusal names (WITHDRAW_MINIMUM, WITHDRAW_MAXIMUM), major units. */
  readonly limit: number | undefined

  constructor(code: string, status?: number, handled = false, limit?: number) {
    super(errorMessage(code, limit))
    this.name = 'ApiError'
    this.code = code
    this.status = status
    this.handled = handled
    this.limit = limit
  }
}

/** Operators' APIs write codes in any case: `expired_auth_token` is spec 8's EXPIRED_AUTH_TOKEN. */
export const isCode = (value: unknown, code: string): boolean =>
  typeof value === 'string' && value.trim().toUpperCase() === code.toUpperCase()

/** A code-shaped message in the catalogue's upper case; free text (`cannot verify identity`) as it came. */
export const catalogueCode = (message: string): string =>
  /^[A-Za-z0-9_]+$/.test(message.trim()) ? message.trim().toUpperCase() : message

/** The catalogue's text of `code` in the language in use, the limit it names written as an amount there. */
export function errorMessage(code: string, limit?: number): string {
  const key = `errors.${code}`
  if (!i18n.exists(key)) return code
  const values = limit === undefined ? {} : { limit: formatAmount(limit, i18n.language as Language) }
  return String(i18n.t(key as 'errors.generic', values))
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError
