// The session of spec 2 ("Login"): the token lives in localStorage with remember-me, else in
// sessionStorage, so it dies with the tab.
import { proxy } from 'valtio'
import { storageKeys } from '../lib/storage'

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
}

function readStored(): Session {
  const persistent = localStorage.getItem(storageKeys.token)
  if (persistent) return { token: persistent, remember: true, endedReason: null, passwordChangeRequired: false }
  return { token: sessionStorage.getItem(storageKeys.token), remember: false, endedReason: null, passwordChangeRequired: false }
}

export const session = proxy<Session>(readStored())

export function signIn(token: string, remember: boolean, { passwordChangeRequired = false } = {}): void {
  clearStoredAuth()
  ;(remember ? localStorage : sessionStorage).setItem(storageKeys.token, token)
  session.token = token
  session.remember = remember
  session.endedReason = null
  session.passwordChangeRequired = passwordChangeRequired
}

/** The password was changed, or the member put the prompt off: the shell stops asking. */
export function forgetPasswordChange(): void {
  session.passwordChangeRequired = false
}

/** Logout and every session-ending answer: the token goes from both storages. `reason`: the
 *  server ended the session (an expired or invalid token). */
export function signOut(reason?: SessionEndReason): void {
  clearStoredAuth()
  session.token = null
  session.remember = false
  session.endedReason = reason ?? null
  session.passwordChangeRequired = false
}

/** /login has shown the reason: it is not shown again. */
export function forgetEndedReason(): void {
  session.endedReason = null
}

function clearStoredAuth(): void {
  localStorage.removeItem(storageKeys.token)
  sessionStorage.removeItem(storageKeys.token)
}

export const currentToken = (): string | null => session.token
