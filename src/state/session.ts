// The session of spec 2 ("Login"): the token lives in localStorage with remember-me, else in
// sessionStorage, so it dies with the tab. Inside a Telegram client with SecureStorage (Bot API
// 9.0, issue 31) a remembered token lives there instead, with a copy in sessionStorage for this
// open's reloads: the next open takes it back from SecureStorage (restoreRemembered) before the form.
import { proxy } from 'valtio'
import type { MessengerProvider } from '../../contract/identity'
import { storageKeys } from '../lib/storage'
import type { SecureStore } from '../platform/types'

/** Why the server ended a session, as the error catalogue names it (spec 6, 8). */
export type SessionEndReason = 'EXPIRED_AUTH_TOKEN' | 'UNAUTHORIZED' | 'invalid-token' | 'cannot-verify-identity'

/** The session-ending messages of spec 6 and 8, in any case and with `_`, `-` or spaces. */
const SESSION_ENDINGS: Record<string, SessionEndReason> = {
  'expired-auth-token': 'EXPIRED_AUTH_TOKEN',
  unauthorized: 'UNAUTHORIZED',
  'invalid-token': 'invalid-token',
  'cannot-verify-identity': 'cannot-verify-identity',
}

/** The reason a server message ends the session for, or undefined when it does not. */
export const sessionEndReason = (message: string): SessionEndReason | undefined =>
  SESSION_ENDINGS[message.trim().toLowerCase().replace(/[\s_-]+/g, '-')]

interface Session {
  token: string | null
  remember: boolean
  /** Set when the server ended the session; /login shows it once. Never stored, so a reload
   *  forgets it. */
  endedReason: SessionEndReason | null
  /** The login answer said the password is shorter than today's rule (passwordChangeRequired):
   *  the member shell asks for a new one until it is changed or the prompt is dismissed. Never
   *  stored: the next sign-in with that password asks again. */
  passwordChangeRequired: boolean
  /** The messenger whose sign-in opened this session (issue 31), null for the password: unlinking
   *  it ends this session. Stored beside the token. */
  openedBy: MessengerProvider | null
  /** Signed in with the password just now: the shell may offer to link the messenger. Never stored. */
  offerLink: boolean
}

const isProvider = (value: string | null): value is MessengerProvider => value === 'telegram' || value === 'line'

/** The key of a remembered session's token in the host's secure storage. */
export const SECURE_TOKEN_KEY = 'session-token'

/** The host's secure storage once it has started and has one (Telegram's SecureStorage). */
let vault: SecureStore | null = null

function readStored(): Session {
  const persistent = localStorage.getItem(storageKeys.token)
  const storage = persistent ? localStorage : sessionStorage
  const openedBy = storage.getItem(storageKeys.sessionMessenger)
  return {
    token: persistent ?? sessionStorage.getItem(storageKeys.token),
    remember: !!persistent || sessionStorage.getItem(storageKeys.tokenInVault) === '1',
    endedReason: null,
    passwordChangeRequired: false,
    openedBy: isProvider(openedBy) ? openedBy : null,
    offerLink: false,
  }
}

export const session = proxy<Session>(readStored())

interface SignInOptions {
  passwordChangeRequired?: boolean
  /** Signed in by a linked messenger rather than the password. */
  openedBy?: MessengerProvider | null
  /** A session remembered earlier, taken back (Telegram's SecureStorage): no sign-in happened now. */
  restored?: boolean
}

export function signIn(token: string, remember: boolean, { passwordChangeRequired = false, openedBy = null, restored = false }: SignInOptions = {}): void {
  clearStoredAuth()
  const storage = remember && !vault ? localStorage : sessionStorage
  storage.setItem(storageKeys.token, token)
  if (openedBy) storage.setItem(storageKeys.sessionMessenger, openedBy)
  if (remember && vault) keepInVault(vault, token)
  session.token = token
  session.remember = remember
  session.endedReason = null
  session.passwordChangeRequired = passwordChangeRequired
  session.openedBy = openedBy
  session.offerLink = !openedBy && !restored
}

/** The link offer was answered or is not wanted: not shown again in this session. */
export function forgetLinkOffer(): void {
  session.offerLink = false
}

/** The password was changed, or the member put the prompt off: the shell stops asking. */
export function forgetPasswordChange(): void {
  session.passwordChangeRequired = false
}

/** Logout and every session-ending answer: the token goes from both storages. `reason`: the
 *  server ended the session (an expired or invalid token). */
export function signOut(reason?: SessionEndReason): void {
  clearStoredAuth()
  void vault?.set(SECURE_TOKEN_KEY, null)
  session.token = null
  session.remember = false
  session.endedReason = reason ?? null
  session.passwordChangeRequired = false
  session.openedBy = null
  session.offerLink = false
}

/** /login has shown the reason: it is not shown again. */
export function forgetEndedReason(): void {
  session.endedReason = null
}

function clearStoredAuth(): void {
  for (const storage of [localStorage, sessionStorage]) {
    storage.removeItem(storageKeys.token)
    storage.removeItem(storageKeys.sessionMessenger)
  }
  sessionStorage.removeItem(storageKeys.tokenInVault)
}

/** A remembered token to the secure storage; where the client cannot keep it, to localStorage as
 *  without one (unless the session changed meanwhile). */
function keepInVault(store: SecureStore, token: string): void {
  sessionStorage.setItem(storageKeys.tokenInVault, '1')
  void store.set(SECURE_TOKEN_KEY, token).then((kept) => {
    if (kept || session.token !== token) return
    sessionStorage.removeItem(storageKeys.tokenInVault)
    localStorage.setItem(storageKeys.token, token)
    sessionStorage.removeItem(storageKeys.token)
  })
}

/**
 * The host has started with a secure storage (issue 31): remembered sessions are kept there from
 * now on, and one remembered in localStorage before moves there (it leaves localStorage only once
 * the storage has it).
 */
export function keepSessionsIn(store: SecureStore): void {
  vault = store
  const token = localStorage.getItem(storageKeys.token)
  if (!token || localStorage.getItem(storageKeys.sessionMessenger)) return
  void store.set(SECURE_TOKEN_KEY, token).then((kept) => {
    if (!kept || localStorage.getItem(storageKeys.token) !== token) return
    localStorage.removeItem(storageKeys.token)
    sessionStorage.setItem(storageKeys.token, token)
    sessionStorage.setItem(storageKeys.tokenInVault, '1')
  })
}

/** The session remembered in the host's secure storage, or null (none, or no such storage). */
export const restoreRemembered = (store: SecureStore | null): Promise<string | null> =>
  store ? store.get(SECURE_TOKEN_KEY) : Promise.resolve(null)

/** Screen tests: each starts without a host's storage. */
export function forgetVault(): void {
  vault = null
}

export const currentToken = (): string | null => session.token
