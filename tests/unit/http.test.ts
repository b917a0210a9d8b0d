import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { api, loadHttp, LONG_TIMEOUT_MS, TIMEOUT_MS } from '../../src/api/http'
import { ApiError } from '../../src/api/errors'
import { changeLanguage, i18n, initI18n } from '../../src/i18n/i18n'
import { session, signIn, signOut } from '../../src/state/session'
import { ui } from '../../src/state/ui'
import { storageKeys } from '../../src/lib/storage'

type Reply = (config: InternalAxiosRequestConfig) => AxiosResponse | Promise<AxiosResponse>

const seen: InternalAxiosRequestConfig[] = []
let reply: Reply

function response(config: InternalAxiosRequestConfig, data: unknown, status = 200): AxiosResponse {
  return { data, status, statusText: String(status), headers: {}, config }
}

/** Replies with an error status the way axios's own adapters do (settle → AxiosError). */
function errorReply(data: unknown, status: number): Reply {
  return (config) => {
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response(config, data, status))
  }
}

function networkErrorReply(code: string, message: string): Reply {
  return (config) => {
    throw new AxiosError(message, code, config, {})
  }
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('expected the call to fail')
}

const enMessage = (key: string) => i18n.t(key as 'errors.generic')

beforeAll(async () => {
  localStorage.clear()
  await initI18n('en')
  const http = await loadHttp()
  http.defaults.adapter = async (config) => {
    seen.push(config)
    return reply(config)
  }
})

beforeEach(() => {
  seen.length = 0
  reply = (config) => response(config, { ok: true })
  signOut()
  localStorage.clear()
  sessionStorage.clear()
  window.history.replaceState(null, '', '/user/profile?tab=bank')
  ui.pendingCalls = 0
})

afterEach(() => {
  signOut()
})

describe('request headers (spec 7)', () => {
  it('always sends X-Requested-With: wallet-user', async () => {
    await api.get('/lookup')
    expect(seen[0].headers.get('X-Requested-With')).toBe('wallet-user')
  })

  it("asks in the app's language, not the device's, for the operator's texts (issue 51): Lao as lo", async () => {
    await api.get('/lookup/conditions')
    expect(seen[0].headers.get('Accept-Language')).toBe('en')
    await changeLanguage('la', { store: false })
    try {
      await api.get('/lookup/conditions')
      expect(seen[1].headers.get('Accept-Language')).toBe('lo')
    } finally {
      await changeLanguage('en', { store: false })
    }
  })

  it('sends no Authorization header without a token', async () => {
    await api.get('/lookup')
    expect(seen[0].headers.has('Authorization')).toBe(false)
  })

  it('sends a bearer token when signed in', async () => {
    signIn('tok-123', false)
    await api.get('/me')
    expect(seen[0].headers.get('Authorization')).toBe('Bearer tok-123')
    expect(seen[0].headers.get('X-Requested-With')).toBe('wallet-user')
  })

  it('stops sending the token after sign-out', async () => {
    signIn('tok-123', true)
    signOut()
    await api.get('/me')
    expect(seen[0].headers.has('Authorization')).toBe(false)
  })
})

/** Every microtask the task running now has queued, and the ones they queue, run: what is still
 *  to come after this belongs to a later task. */
async function endOfThisTask(): Promise<void> {
  for (let hop = 0; hop < 100; hop++) await Promise.resolve()
}

describe('calls made together (issue 51)', () => {
  it('go out after the task that made them, each in a task of its own', async () => {
    const calls = Promise.all([api.get('/wallet'), api.get('/notifications'), api.get('/lookup/active')])
    await endOfThisTask()
    // The axios chain reaches the adapter within a few microtasks: in the same task, before.
    expect(seen).toHaveLength(0)
    await calls
    expect(seen.map((config) => config.url)).toEqual(['/wallet', '/notifications', '/lookup/active'])
  })
})

describe('timeouts (spec 9)', () => {
  it('defaults to 60 s and offers 300 s for long calls', async () => {
    expect(TIMEOUT_MS).toBe(60_000)
    expect(LONG_TIMEOUT_MS).toBe(300_000)
    expect((await loadHttp()).defaults.timeout).toBe(TIMEOUT_MS)
    await api.get('/x')
    expect(seen[0].timeout).toBe(60_000)
    await api.post('/upload', {}, { timeout: LONG_TIMEOUT_MS })
    expect(seen[1].timeout).toBe(300_000)
  })
})

describe('response unwrapping', () => {
  it('resolves with the body itself', async () => {
    const body = { data: { balance: 12.5 }, message: 'SUCCESS' }
    reply = (config) => response(config, body)
    await expect(api.get('/wallet')).resolves.toEqual(body)
  })

  it('unwraps post, put and delete too', async () => {
    reply = (config) => response(config, { method: config.method })
    await expect(api.post('/a', { x: 1 })).resolves.toEqual({ method: 'post' })
    await expect(api.put('/a', { x: 1 })).resolves.toEqual({ method: 'put' })
    await expect(api.delete('/a')).resolves.toEqual({ method: 'delete' })
  })

  it('balances the pending-call counter on success and failure', async () => {
    await api.get('/x')
    expect(ui.pendingCalls).toBe(0)
    reply = errorReply({ message: 'NO_DATA' }, 404)
    await failure(api.get('/x'))
    expect(ui.pendingCalls).toBe(0)
  })
})

describe("the body message 'gone' (spec 7)", () => {
  it('in an error response navigates to /terminated and is handled', async () => {
    reply = errorReply({ message: 'gone' }, 410)
    const error = await failure(api.get('/me'))
    expect(window.location.pathname).toBe('/terminated')
    expect(error.handled).toBe(true)
    expect(error.code).toBe('gone')
  })

  it('in a 200 body navigates to /terminated and rejects as handled', async () => {
    reply = (config) => response(config, { message: 'gone' })
    const error = await failure(api.get('/me'))
    expect(window.location.pathname).toBe('/terminated')
    expect(error.handled).toBe(true)
  })

  it('does not sign the player out', async () => {
    signIn('tok', true)
    reply = errorReply({ message: 'gone' }, 410)
    await failure(api.get('/me'))
    expect(session.token).toBe('tok')
  })
})

describe('session-ending messages (spec 6, 7)', () => {
  it.each(['invalid token', 'cannot verify identity'])(
    "'%s' signs out and goes to /login with the current path",
    async (message) => {
      signIn('tok', true)
      sessionStorage.setItem(storageKeys.token, 'stale')
      reply = errorReply({ message }, 401)
      const error = await failure(api.get('/me'))
      expect(session.token).toBeNull()
      expect(localStorage.getItem(storageKeys.token)).toBeNull()
      expect(sessionStorage.getItem(storageKeys.token)).toBeNull()
      expect(window.location.pathname).toBe('/login')
      expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/user/profile?tab=bank')
      expect(window.location.search).toBe(`?redirect=${encodeURIComponent('/user/profile?tab=bank')}`)
      expect(error.handled).toBe(true)
    },
  )

  it('stays on /login when already there', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fuser')
    signIn('tok', false)
    reply = errorReply({ message: 'invalid token' }, 401)
    await failure(api.get('/me'))
    expect(session.token).toBeNull()
    expect(window.location.pathname + window.location.search).toBe('/login?redirect=%2Fuser')
  })
})

describe('error messages (spec 8)', () => {
  it('translates a known code from the body', async () => {
    reply = errorReply({ message: 'WRONG_CREDENTIAL' }, 400)
    const error = await failure(api.post('/login', {}))
    expect(error.code).toBe('WRONG_CREDENTIAL')
    expect(error.status).toBe(400)
    expect(error.handled).toBe(false)
    expect(error.message).toBe(enMessage('errors.WRONG_CREDENTIAL'))
    expect(error.message).not.toBe('WRONG_CREDENTIAL')
  })

  it('shows an unknown message raw', async () => {
    reply = errorReply({ message: 'Something odd' }, 400)
    const error = await failure(api.get('/x'))
    expect(error.code).toBe('Something odd')
    expect(error.message).toBe('Something odd')
    expect(error.handled).toBe(false)
  })

  it('gives network for a failure without a response', async () => {
    reply = networkErrorReply(AxiosError.ERR_NETWORK, 'Network Error')
    const error = await failure(api.get('/x'))
    expect(error.code).toBe('network')
    expect(error.status).toBeUndefined()
    expect(error.message).toBe(enMessage('errors.network'))
    expect(error.message).not.toBe('network')
  })

  it('gives timeout for ECONNABORTED', async () => {
    reply = networkErrorReply(AxiosError.ECONNABORTED, 'timeout of 60000ms exceeded')
    const error = await failure(api.get('/x'))
    expect(error.code).toBe('timeout')
    expect(error.message).toBe(enMessage('errors.timeout'))
  })

  it('gives generic for an error status without a message', async () => {
    reply = errorReply('<html>Bad gateway</html>', 502)
    const error = await failure(api.get('/x'))
    expect(error.code).toBe('generic')
    expect(error.status).toBe(502)
    expect(error.message).toBe(enMessage('errors.generic'))
  })

  it('leaves the location alone for ordinary errors', async () => {
    signIn('tok', true)
    reply = errorReply({ message: 'MONEY_NOT_ENOUGH' }, 400)
    await failure(api.post('/transfer', {}))
    expect(window.location.pathname).toBe('/user/profile')
    expect(session.token).toBe('tok')
  })
})
