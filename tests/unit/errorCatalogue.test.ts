// Its own file: the catalogue stays loaded once any call has failed, and Vitest gives each file
// fresh modules, so this holds whatever order the other HTTP tests run in.
import { AxiosError } from 'axios'
import { beforeAll, expect, it } from 'vitest'
import { api, loadHttp } from '../../src/api/http'
import { ApiError } from '../../src/api/errors'
import { i18n, initI18n } from '../../src/i18n/i18n'

beforeAll(async () => {
  localStorage.clear()
  await initI18n('en')
  const http = await loadHttp()
  http.defaults.adapter = async (config) => {
    throw new AxiosError('Request failed with status code 400', AxiosError.ERR_BAD_REQUEST, config, {}, {
      data: { message: 'WRONG_CREDENTIAL' },
      status: 400,
      statusText: '400',
      headers: {},
      config,
    })
  }
})

it('is absent after init and present once a call has failed', async () => {
  expect(i18n.exists('errors.WRONG_CREDENTIAL')).toBe(false)
  expect(i18n.exists('login.title')).toBe(true)
  const error = await api.post('/login', { username: 'u' }).then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ApiError)
  expect(i18n.exists('errors.WRONG_CREDENTIAL')).toBe(true)
  expect((error as ApiError).code).toBe('WRONG_CREDENTIAL')
  expect((error as ApiError).message).toBe(i18n.t('errors.WRONG_CREDENTIAL'))
  expect((error as ApiError).message).not.toBe('WRONG_CREDENTIAL')
})
