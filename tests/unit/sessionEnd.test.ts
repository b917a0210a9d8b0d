// Spec 6 and 8: an expired or invalid token ends the session, and /login learns why.
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { api, loadHttp } from '../../src/api/http'
import { initI18n } from '../../src/i18n/i18n'
import { session, sessionEndReason, signIn, signOut } from '../../src/state/session'

let message = ''
/** When set, the server answers once it resolves (a call in flight). */
let inFlight: { sent: () => void; answer: Promise<void> } | null = null

beforeAll(async () => {
  await initI18n('en')
  const http = await loadHttp()
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    if (inFlight) {
      inFlight.sent()
      await inFlight.answer
    }
    const response: AxiosResponse = { data: { message }, status: 401, statusText: '401', headers: {}, config }
    throw new AxiosError('Request failed with status code 401', AxiosError.ERR_BAD_REQUEST, config, {}, response)
  }
})

beforeEach(() => {
  signOut()
  localStorage.clear()
  sessionStorage.clear()
  window.history.replaceState(null, '', '/user/profile')
})

describe('sessionEndReason', () => {
  it.each([
    ['EXPIRED_AUTH_TOKEN', 'EXPIRED_AUTH_TOKEN'],
    ['expired_auth_token', 'EXPIRED_AUTH_TOKEN'],
    ['UNAUTHORIZED', 'UNAUTHORIZED'],
    ['Unauthorized', 'UNAUTHORIZED'],
    ['invalid token', 'invalid-token'],
    ['invalid-token', 'invalid-token'],
    ['INVALID_TOKEN', 'invalid-token'],
    ['Invalid Token', 'invalid-token'],
    ['cannot verify identity', 'cannot-verify-identity'],
    ['Cannot Verify Identity', 'cannot-verify-identity'],
  ])('%j ends the session as %s', (raw, reason) => {
    expect(sessionEndReason(raw)).toBe(reason)
  })

  it.each(['WRONG_PASSWORD', 'gone', 'token', 'invalid', ''])('%j does not end the session', (raw) => {
    expect(sessionEndReason(raw)).toBeUndefined()
  })
})

describe('a session-ending answer', () => {
  it.each([
    ['EXPIRED_AUTH_TOKEN', 'EXPIRED_AUTH_TOKEN'],
    ['expired_auth_token', 'EXPIRED_AUTH_TOKEN'],
    ['Invalid Token', 'invalid-token'],
    ['unauthorized', 'UNAUTHORIZED'],
  ])('%j signs out, keeps the reason %s and goes to /login', async (raw, reason) => {
    signIn('tok', true)
    message = raw
    await expect(api.get('/api/account/profile')).rejects.toMatchObject({ handled: true })
    expect(session.token).toBeNull()
    expect(localStorage.getItem('token')).toBeNull()
    expect(session.endedReason).toBe(reason)
    expect(window.location.pathname).toBe('/login')
  })

  it('an answer to a call sent after the session ended keeps the first reason', async () => {
    signIn('tok', true)
    message = 'expired_auth_token'
    await expect(api.get('/api/wallet')).rejects.toMatchObject({ handled: true })
    expect(session.endedReason).toBe('EXPIRED_AUTH_TOKEN')
    // A screen still unmounting asks again, without a token: the server says UNAUTHORIZED.
    message = 'UNAUTHORIZED'
    window.history.replaceState(null, '', '/user/home')
    await expect(api.get('/api/wallet')).rejects.toMatchObject({ handled: true })
    expect(session.endedReason).toBe('EXPIRED_AUTH_TOKEN')
    expect(window.location.pathname).toBe('/user/home')
  })

  it('an answer about an earlier session leaves the new one open', async () => {
    signIn('old', true)
    message = 'invalid token'
    let answer = () => {}
    const sent = new Promise<void>((resolve) => {
      inFlight = { sent: resolve, answer: new Promise<void>((release) => (answer = release)) }
    })
    const late = api.get('/api/wallet')
    await sent
    inFlight = null
    signIn('new', true)
    answer()
    await expect(late).rejects.toMatchObject({ handled: true })
    expect(session.token).toBe('new')
    expect(session.endedReason).toBeNull()
  })

  it('a plain sign-out leaves no reason, and a sign-in clears one', () => {
    signOut('EXPIRED_AUTH_TOKEN')
    expect(session.endedReason).toBe('EXPIRED_AUTH_TOKEN')
    signIn('tok', false)
    expect(session.endedReason).toBeNull()
    signOut()
    expect(session.endedReason).toBeNull()
  })

  it('is never stored, so a reload forgets it', () => {
    signIn('tok', true)
    signOut('invalid-token')
    const stored = [...Object.values(localStorage), ...Object.values(sessionStorage)].join(' ')
    expect(stored).not.toContain('invalid-token')
  })
})
