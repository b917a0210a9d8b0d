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

/** An operator's API may write a code in any case (`wrong_credential`); the catalogue is upper case. */
export function errorMessage(code: string): string {
  for (const key of [`errors.${code}`, `errors.${code.toUpperCase()}`]) {
    if (i18n.exists(key)) return String(i18n.t(key as 'errors.generic'))
  }
  return code
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError
