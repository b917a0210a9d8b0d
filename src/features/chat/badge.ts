// The part of the chat every page carries (the bubble), apart from the lazy chat itself: whether
// the panel is open and how many agent messages arrived while it was closed.
import { proxy } from 'valtio'
import { storageKeys } from '../../lib/storage'

export type ChatIdentity = { kind: 'guest'; guestId: string } | { kind: 'member'; userId: string }

export const chatBadge = proxy({ open: false, unread: 0 })

/** Set by the lazy chat once loaded: ends its connection (sign-out, another identity). */
let stopChat: (() => void) | undefined
export const setChatStopper = (stop: (() => void) | undefined): void => {
  stopChat = stop
}
export const stopLoadedChat = (): void => stopChat?.()

/** A random, URL-safe id, never all digits (a member's id is): a guest's id, a message's client id. */
export function newGuestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return 'g' + [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Spec 3 `guest-id`: this device's guest id, made and kept on first use. */
export function storedGuestId(): string {
  try {
    const kept = window.localStorage.getItem(storageKeys.guestId)
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept) && !/^\d+$/.test(kept)) return kept
    const made = newGuestId()
    window.localStorage.setItem(storageKeys.guestId, made)
    return made
  } catch {
    // Storage blocked: a guest id for this visit.
    return (guestOfVisit ??= newGuestId())
  }
}
let guestOfVisit: string | undefined

/** The storage key of a conversation's outbox (what was written and not yet confirmed). */
export const outboxKey = (identity: ChatIdentity): string =>
  `chat-outbox:${identity.kind}:${identity.kind === 'guest' ? identity.guestId : identity.userId}`

/** True when this device holds messages for `identity` that the server has not confirmed. */
export function hasUnsent(identity: ChatIdentity): boolean {
  try {
    return !!window.localStorage.getItem(outboxKey(identity))
  } catch {
    return false
  }
}
