// An operator's API writes codes in any case (spec 8 lists them upper case).
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/errors'
import { api, loadHttp } from '../../src/api/http'
import en from '../../contract/locales/en.json'
import { initI18n } from '../../src/i18n/i18n'
import { session, signIn } from '../../src/state/session'

const response = (config: InternalAxiosRequestConfig, data: unknown, status: number): AxiosResponse =>
  ({ data, status, statusText: String(status), headers: {}, config })

async function answer(data: unknown, status: number): Promise<void> {
  const http = await loadHttp()
  http.defaults.adapter = async (config) => {
    if (status < 400) return response(config, data, status)
    throw new AxiosError('failed', AxiosError.ERR_BAD_REQUEST, config, {}, response(config, data, status))
  }
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(() => undefined, (caught: unknown) => caught)
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('codes in any case', () => {
  // Once: a second init would drop the strings the lazy loader already counts as loaded.
  beforeAll(() => initI18n('en'))
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    window.history.replaceState(null, '', '/user/profile')
  })

  it('translates a lower-case code and reports it upper case', async () => {
    await answer({ message: 'wrong_credential' }, 400)
    const error = await failure(api.post('/api/login', {}))
    expect(error.code).toBe('WRONG_CREDENTIAL')
    expect(error.message).toBe(en.errors.WRONG_CREDENTIAL)
  })

  it('keeps free text as it came', async () => {
    await answer({ message: 'Server is busy' }, 400)
    expect((await failure(api.get('/api/x'))).message).toBe('Server is busy')
  })

  it('ends the session on Expired_Auth_Token', async () => {
    signIn('t0k', true)
    await answer({ message: 'Expired_Auth_Token' }, 401)
    const error = await failure(api.get('/api/wallet'))
    expect(error.handled).toBe(true)
    expect(session.token).toBeNull()
    expect(window.location.pathname).toBe('/login')
  })

  it('goes to /terminated on GONE in a 200 body', async () => {
    await answer({ message: 'GONE' }, 200)
    expect((await failure(api.get('/api/wallet'))).handled).toBe(true)
    expect(window.location.pathname).toBe('/terminated')
  })
})
