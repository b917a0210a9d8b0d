// Spec 8: the message comes from the error body; a code with a translation shows the
// translation, anything else shows as it came.
import { i18n } from '../i18n/i18n'
import type { Language } from '../../contract/lib/language'
import { currencyOf, formatAmount, formatMoney } from '../../contract/lib/money'

/** What a refusal names beside its code, major units: the limit, the balance checked against it,
 *  and their currency when the server says it (then they are written as money, ฿ or ₭). */
export interface ErrorFigures {
  limit?: number
  balance?: number
  currency?: string
}

/** Why a call failed: the server's code (or raw text), or our own network/timeout/generic. */
export class ApiError extends Error {
  readonly code: string
  readonly status: number | undefined
  /** True when the HTTP client already acted on it (redirect), so nobody should toast it. */
  readonly handled: boolean
  readonly figures: ErrorFigures

  constructor(code: string, status?: number, handled = false, figures: ErrorFigures = {}) {
    super(errorMessage(code, figures))
    this.name = 'ApiError'
    this.code = code
    this.status = status
    this.handled = handled
    this.figures = figures
  }
}

/** Operators' APIs write codes in any case: `expired_auth_token` is spec 8's EXPIRED_AUTH_TOKEN. */
export const isCode = (value: unknown, code: string): boolean =>
  typeof value === 'string' && value.trim().toUpperCase() === code.toUpperCase()

/** A code-shaped message in the catalogue's upper case; free text (`cannot verify identity`) as it came. */
export const catalogueCode = (message: string): string =>
  /^[A-Za-z0-9_]+$/.test(message.trim()) ? message.trim().toUpperCase() : message

/**
 * The catalogue's text of `code` in the language in use, the figures it names written as amounts
 * there (as money when their currency is known). A refusal that names the balance it was checked
 * against says so with both figures where the catalogue has that text (`<CODE>_FIGURES`).
 */
export function errorMessage(code: string, figures: ErrorFigures = {}): string {
  const key = `errors.${code}`
  if (!i18n.exists(key)) return code
  const language = i18n.language as Language
  const written = (amount: number) => (figures.currency ? formatMoney(amount, language, currencyOf(figures.currency)) : formatAmount(amount, language))
  const values: { limit?: string; balance?: string } = {}
  if (figures.limit !== undefined) values.limit = written(figures.limit)
  if (figures.balance !== undefined) values.balance = written(figures.balance)
  const withFigures = `${key}_FIGURES`
  const chosen = figures.limit !== undefined && figures.balance !== undefined && i18n.exists(withFigures) ? withFigures : key
  return String(i18n.t(chosen as 'errors.generic', values))
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError
