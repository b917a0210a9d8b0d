// The session of spec 2 ("Login"): the token lives in localStorage with remember-me, else in
// sessionStorage, so it dies with the tab.
import { proxy } from 'valtio'
import { storageKeys } from '../lib/storage'

interface Session {
  token: string | null
  remember: boolean
}

function readStored(): Session {
  const persistent = localStorage.getItem(storageKeys.token)
  if (persistent) return { token: persistent, remember: true }
  return { token: sessionStorage.getItem(storageKeys.token), remember: false }
}

export const session = proxy<Session>(readStored())

export function signIn(token: string, remember: boolean): void {
  clearStoredAuth()
  ;(remember ? localStorage : sessionStorage).setItem(storageKeys.token, token)
  session.token = token
  session.remember = remember
}

/** Logout and every session-ending answer: the token goes from both storages. */
export function signOut(): void {
  clearStoredAuth()
  session.token = null
  session.remember = false
}

function clearStoredAuth(): void {
  localStorage.removeItem(storageKeys.token)
  sessionStorage.removeItem(storageKeys.token)
}

export const currentToken = (): string | null => session.token
