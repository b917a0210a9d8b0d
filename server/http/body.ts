import { fail } from './errors'

/**
 * Hand validation of JSON bodies. A field that is absent, null or an empty string is missing
 * (400 KEY_MISSING); a field of the wrong type is invalid (400 KEY_INVALID).
 */
export type Body = Record<string, unknown>

export function bodyOf(body: unknown): Body {
  if (body === undefined || body === null) return {}
  if (typeof body !== 'object' || Array.isArray(body)) throw fail(400, 'KEY_INVALID')
  return body as Body
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

/** A required string, trimmed unless `raw` (passwords keep their spaces). */
export function requiredString(body: Body, key: string, raw = false): string {
  const value = body[key]
  if (isAbsent(value)) throw fail(400, 'KEY_MISSING')
  if (typeof value !== 'string') throw fail(400, 'KEY_INVALID')
  const result = raw ? value : value.trim()
  if (result === '') throw fail(400, 'KEY_MISSING')
  return result
}

/** An optional string: '' when absent. */
export function optionalString(body: Body, key: string): string {
  const value = body[key]
  if (isAbsent(value)) return ''
  if (typeof value !== 'string') throw fail(400, 'KEY_INVALID')
  return value.trim()
}

export function optionalBoolean(body: Body, key: string): boolean | undefined {
  const value = body[key]
  if (value === undefined) return undefined
  if (typeof value !== 'boolean') throw fail(400, 'KEY_INVALID')
  return value
}

export function requiredBoolean(body: Body, key: string): boolean {
  if (body[key] === undefined || body[key] === null) throw fail(400, 'KEY_MISSING')
  return optionalBoolean(body, key)!
}

/** Rejects keys outside `allowed` (used by the dev endpoints, where a typo should not pass). */
export function onlyKeys(body: Body, allowed: readonly string[]): void {
  if (Object.keys(body).some((key) => !allowed.includes(key))) throw fail(400, 'KEY_INVALID')
}
