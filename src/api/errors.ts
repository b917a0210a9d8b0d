// Spec 8: the message comes from the error body; a code with a translation shows the
// translation, anything else shows as it came.
import { i18n } from '../i18n/i18n'

/** Why a call failed: the server's code (or raw text), or our own network/timeout/generic. */
export class ApiError extends Error {
  readonly code: string
  readonly status: number | undefined
  /** True when the HTTP client already acted on it (redirect), so nobody should toast it. */
  readonly handled: boolean

  constructor(code: string, status?: number, handled = false) {
    super(errorMessage(code))
    this.name = 'ApiError'
    this.code = code
    this.status = status
    this.handled = handled
  }
}

/** Operators' APIs write codes in any case: `expired_auth_token` is spec 8's EXPIRED_AUTH_TOKEN. */
export const isCode = (value: unknown, code: string): boolean =>
  typeof value === 'string' && value.trim().toUpperCase() === code.toUpperCase()

/** A code-shaped message in the catalogue's upper case; free text (`cannot verify identity`) as it came. */
export const catalogueCode = (message: string): string =>
  /^[A-Za-z0-9_]+$/.test(message.trim()) ? message.trim().toUpperCase() : message

export function errorMessage(code: string): string {
  const key = `errors.${code}`
  return i18n.exists(key) ? String(i18n.t(key as 'errors.generic')) : code
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError
