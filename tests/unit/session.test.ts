import { beforeEach, describe, expect, it, vi } from 'vitest'
import { currentToken, session, signIn, signOut } from '../../src/state/session'

const KEY = 'token'

beforeEach(() => {
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
