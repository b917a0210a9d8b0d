// One Idempotency-Key per player action (issue 7): a retry of the same action reuses its key, so
// the server answers it with the first answer and moves no money twice. Sent only when the runtime
// config says the operator's API accepts the header.
import { getConfig } from './config'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

/** A fresh key for a new action (a new tap on a money button, not a retry). */
export function newActionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The request headers of a money call made for the action `key`. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return getConfig().idempotencyKeys === true ? { [IDEMPOTENCY_HEADER]: key } : {}
}
