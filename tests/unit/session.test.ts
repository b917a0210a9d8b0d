import { beforeEach, describe, expect, it, vi } from 'vitest'
import { currentToken, forgetVault, keepSessionsIn, restoreRemembered, SECURE_TOKEN_KEY, session, signIn, signOut } from '../../src/state/session'

const KEY = 'token'

beforeEach(() => {
  // A host's secure storage of another test is not this one's (the tests run in any order).
  forgetVault()
  signOut()
  localStorage.clear()
  sessionStorage.clear()
})

describe('session (spec 2, Login)', () => {
  it('signIn with remember keeps the token in localStorage only', () => {
    signIn('tok-remember', true)
    expect(localStorage.getItem(KEY)).toBe('tok-remember')
    expect(sessionStorage.getItem(KEY)).toBeNull()
    expect(session.token).toBe('tok-remember')
    expect(session.remember).toBe(true)
    expect(currentToken()).toBe('tok-remember')
  })

  it('signIn without remember keeps the token in sessionStorage only', () => {
    signIn('tok-tab', false)
    expect(sessionStorage.getItem(KEY)).toBe('tok-tab')
    expect(localStorage.getItem(KEY)).toBeNull()
    expect(session.token).toBe('tok-tab')
    expect(session.remember).toBe(false)
  })

  it('a new signIn replaces the token stored the other way', () => {
    signIn('first', true)
    signIn('second', false)
    expect(localStorage.getItem(KEY)).toBeNull()
    expect(sessionStorage.getItem(KEY)).toBe('second')
    signIn('third', true)
    expect(localStorage.getItem(KEY)).toBe('third')
    expect(sessionStorage.getItem(KEY)).toBeNull()
  })

  it('signOut clears both storages and the state', () => {
    signIn('tok', true)
    sessionStorage.setItem(KEY, 'stale')
    signOut()
    expect(localStorage.getItem(KEY)).toBeNull()
    expect(sessionStorage.getItem(KEY)).toBeNull()
    expect(session.token).toBeNull()
    expect(session.remember).toBe(false)
    expect(currentToken()).toBeNull()
  })

  it('signOut leaves other stored keys alone', () => {
    localStorage.setItem('locale', 'la')
    signIn('tok', false)
    signOut()
    expect(localStorage.getItem('locale')).toBe('la')
  })
})

describe('session restored at start-up', () => {
  it.each([
    { where: 'localStorage', storage: () => localStorage, remember: true },
    { where: 'sessionStorage', storage: () => sessionStorage, remember: false },
  ])('reads a token kept in $where', async ({ storage, remember }) => {
    storage().setItem(KEY, 'saved')
    vi.resetModules()
    const fresh = await import('../../src/state/session')
    expect(fresh.session.token).toBe('saved')
    expect(fresh.session.remember).toBe(remember)
  })

  it('starts signed out with nothing stored', async () => {
    vi.resetModules()
    const fresh = await import('../../src/state/session')
    expect(fresh.session.token).toBeNull()
  })
})

/** Telegram's SecureStorage as the session module sees it: a map, or a client that refuses. */
function secureStore(keeps = true) {
  const kept = new Map<string, string>()
  const store = {
    kept,
    get: vi.fn(async (key: string) => kept.get(key) ?? null),
    set: vi.fn(async (key: string, value: string | null) => {
      if (!keeps) return false
      if (value === null) kept.delete(key)
      else kept.set(key, value)
      return true
    }),
  }
  return store
}

describe('a remembered session in the host secure storage (issue 31, Telegram SecureStorage)', () => {
  it('signIn with remember keeps the token in the secure storage and this open copy in sessionStorage, never in localStorage', async () => {
    const store = secureStore()
    keepSessionsIn(store)
    signIn('tok-vault', true)
    expect(localStorage.getItem(KEY)).toBeNull()
    expect(sessionStorage.getItem(KEY)).toBe('tok-vault')
    await vi.waitFor(() => expect(store.kept.get(SECURE_TOKEN_KEY)).toBe('tok-vault'))
    expect(localStorage.getItem(KEY)).toBeNull()
    expect(await restoreRemembered(store)).toBe('tok-vault')
  })

  it('a client that cannot keep it: the token goes to localStorage as without one', async () => {
    const store = secureStore(false)
    keepSessionsIn(store)
    signIn('tok-fallback', true)
    await vi.waitFor(() => expect(localStorage.getItem(KEY)).toBe('tok-fallback'))
    expect(sessionStorage.getItem(KEY)).toBeNull()
  })

  it('a session without remember never reaches the secure storage', () => {
    const store = secureStore()
    keepSessionsIn(store)
    signIn('tok-tab', false)
    expect(store.set).not.toHaveBeenCalledWith(SECURE_TOKEN_KEY, 'tok-tab')
  })

  it('signOut removes it from the secure storage', async () => {
    const store = secureStore()
    keepSessionsIn(store)
    signIn('tok-out', true)
    await vi.waitFor(() => expect(store.kept.has(SECURE_TOKEN_KEY)).toBe(true))
    signOut()
    await vi.waitFor(() => expect(store.kept.has(SECURE_TOKEN_KEY)).toBe(false))
    expect(await restoreRemembered(store)).toBeNull()
  })

  it('a token remembered in localStorage before moves to the secure storage, and leaves localStorage only once it is there', async () => {
    localStorage.setItem(KEY, 'tok-old')
    const store = secureStore()
    keepSessionsIn(store)
    await vi.waitFor(() => expect(localStorage.getItem(KEY)).toBeNull())
    expect(store.kept.get(SECURE_TOKEN_KEY)).toBe('tok-old')
    expect(sessionStorage.getItem(KEY)).toBe('tok-old')

    localStorage.setItem(KEY, 'tok-stays')
    keepSessionsIn(secureStore(false))
    await Promise.resolve()
    expect(localStorage.getItem(KEY)).toBe('tok-stays')
  })

  it('without a secure storage nothing is restored', async () => {
    expect(await restoreRemembered(null)).toBeNull()
  })
})
