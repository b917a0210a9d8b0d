// The one HTTP client, and the only place that knows the rules of spec section 7. axios arrives
// with the first call (or earlier, see preloadHttp), not with the first screen: /login shows its
// form before any call of ours is needed (api/early.ts answers its service check).
import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse, AxiosStatic } from 'axios'
import { navigate } from 'wouter/use-browser-location'
import { loginWith, paths } from '../../contract/lib/paths'
import { currentToken, sessionEndReason, signOut, type SessionEndReason } from '../state/session'
import { callEnded, callStarted } from '../state/ui'
import { currentLanguage, ensureAllStrings } from '../i18n/i18n'
import { htmlLang } from '../../contract/lib/language'
import { ownTask } from '../lib/idle'
import { ApiError, catalogueCode, type ErrorFigures, isCode } from './errors'
import { TIMEOUT_MS } from './timeouts'

/** The body message that means the whole service is terminated (spec 7). */
export const GONE = 'gone'

export { LONG_TIMEOUT_MS, TIMEOUT_MS } from './timeouts'

declare module 'axios' {
  interface AxiosRequestConfig {
    /** A read the player did not ask for (a poll): the loader bar does not wait on it. */
    background?: boolean
    /** The session token the call went out with (null: none); set by the request interceptor. */
    sentToken?: string | null
  }
}

let apiBase = ''
let client: Promise<AxiosInstance> | undefined

export function setApiBase(base: string): void {
  apiBase = base
  void client?.then((http) => {
    http.defaults.baseURL = apiBase || undefined
  })
}

/** The axios instance with spec 7's rules, loaded once. */
export function loadHttp(): Promise<AxiosInstance> {
  client ??= import('axios').then(({ default: axios }) => createHttp(axios))
  return client
}

/** Starts loading the client while the player is busy with a form, so the first call is not late. */
export function preloadHttp(): void {
  loadHttp().catch(() => {
    client = undefined // a failed chunk load is tried again by the next call
  })
}

function createHttp(axios: AxiosStatic): AxiosInstance {
  const http = axios.create({
    baseURL: apiBase || undefined,
    timeout: TIMEOUT_MS,
    headers: { 'X-Requested-With': 'wallet-user' },
    // No XSRF cookie: the API authenticates by bearer token and the X-Requested-With header. Left on,
    // axios parses the URL and reads the cookies on every call to find one, a few milliseconds on a
    // phone that the home's first calls spent inside its first commit (issue 32).
    withXSRFToken: false,
  })
  http.interceptors.request.use(async (config) => {
    const token = currentToken()
    config.sentToken = token
    if (token) config.headers.set('Authorization', `Bearer ${token}`)
    // The operator's texts (bonus names, conditions, the contact text) come in the app's language
    // (issue 51), not the device's.
    const language = htmlLang[currentLanguage()]
    if (language) config.headers.set('Accept-Language', language)
    if (!config.background) callStarted()
    // Each call goes out in a task of its own: a request costs the main thread a few milliseconds
    // to start (axios's work, the XHR's send), and the calls a screen makes as it mounts were one
    // long task together (issue 51: home's four, 46 ms on one core of ours, blocking time four
    // times over on Lighthouse's phone), which a tap could not get between.
    await ownTask()
    return config
  })
  http.interceptors.response.use(
    (response: AxiosResponse) => {
      if (!response.config.background) callEnded()
      const body: unknown = response.data
      const message = messageOf(body)
      if (isCode(message, GONE)) throw goneError(response.status)
      return body as AxiosResponse
    },
    async (error: AxiosError) => {
      // The error catalogue is not part of the first load; fetch it before translating.
      await ensureAllStrings().catch(() => undefined)
      if (!error.config?.background) callEnded()
      throw axios.isCancel(error) ? new ApiError('cancelled', undefined, true) : toApiError(error)
    },
  )
  return http
}

/** The figures a refusal names, when the body carries them (a limit, a balance, their currency). */
const figuresOf = (body: unknown): ErrorFigures => {
  if (!body || typeof body !== 'object') return {}
  const number = (name: string) => {
    const value = name in body ? Number((body as Record<string, unknown>)[name]) : Number.NaN
    return Number.isFinite(value) ? value : undefined
  }
  const currency = 'currency' in body && typeof body.currency === 'string' ? body.currency : undefined
  const figures: ErrorFigures = {}
  const limit = number('limit')
  const balance = number('balance')
  if (limit !== undefined) figures.limit = limit
  if (balance !== undefined) figures.balance = balance
  if (currency !== undefined) figures.currency = currency
  return figures
}

const messageOf = (body: unknown): string | undefined =>
  body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
    ? body.message
    : undefined

function goneError(status: number | undefined): ApiError {
  if (window.location.pathname !== paths.terminated) navigate(paths.terminated, { replace: true })
  return new ApiError(GONE, status, true)
}

function toApiError(error: AxiosError): ApiError {
  const status = error.response?.status
  const message = messageOf(error.response?.data)
  if (isCode(message, GONE)) return goneError(status)
  const endReason = message && sessionEndReason(message)
  if (endReason) {
    // Only an answer about the session still open ends it. A call that went out before a sign-in,
    // or after the session had already ended (a screen still unmounting), says nothing about the
    // session there is now, and must not replace the reason /login shows.
    const sentToken = error.config?.sentToken
    if (sentToken && sentToken === currentToken()) endSession(endReason)
    return new ApiError(catalogueCode(message), status, true)
  }
  if (message) return new ApiError(catalogueCode(message), status, false, figuresOf(error.response?.data))
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return new ApiError('timeout')
  if (!error.response) return new ApiError('network')
  return new ApiError('generic', status)
}

/** Messages that end the session (see sessionEndReason), from an API answer or the chat socket's
 *  refused handshake: the player goes to /login, which shows the reason once (spec 6, 8). */
export function endSession(reason: SessionEndReason): void {
  signOut(reason)
  const { pathname, search } = window.location
  if (pathname === paths.login) return
  navigate(loginWith(pathname + search), { replace: true })
}

// Typed helpers: the interceptor has already unwrapped the response to its body. A client that
// could not load (offline on first use) fails the call as network trouble.
const withHttp = <T>(call: (http: AxiosInstance) => Promise<T>): Promise<T> =>
  loadHttp().then(call, async () => {
    client = undefined
    await ensureAllStrings().catch(() => undefined)
    throw new ApiError('network')
  })

export const api = {
  get: <T>(url: string, config?: AxiosRequestConfig) => withHttp((http) => http.get<T, T>(url, config)),
  post: <T>(url: string, body?: unknown, config?: AxiosRequestConfig) => withHttp((http) => http.post<T, T>(url, body, config)),
  put: <T>(url: string, body?: unknown, config?: AxiosRequestConfig) => withHttp((http) => http.put<T, T>(url, body, config)),
  delete: <T>(url: string, config?: AxiosRequestConfig) => withHttp((http) => http.delete<T, T>(url, config)),
}
