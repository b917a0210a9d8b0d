// Requests the inline prepaint script (src/prepaint.ts) starts while the app's JavaScript is still
// downloading, so the first screen does not wait a round trip or two after it: the runtime config,
// and on /login the service check of spec 2. The app takes each answer once; anything but a plain
// 200 JSON answer is dropped, and the app then asks again through its own client (api/http.ts),
// which applies every rule of spec 7 (gone, session end, translated errors).
import { storageKeys } from '../lib/storage'
import type { ActiveResponse } from './types'

export const CONFIG_URL = '/config.json'
export const ACTIVE_PATH = '/api/lookup/active'

interface EarlyRequests {
  config?: Promise<unknown>
  active?: Promise<ActiveResponse | null>
  /** The check's answer once it has come: the first render can use it at once. */
  activeAnswer?: ActiveResponse | null
}

const slot = globalThis as { __walletEarly?: EarlyRequests }

const json = (response: Response): Promise<unknown> =>
  response.ok ? response.json() : Promise.reject(new Error(`${response.url} ${response.status}`))

/** Same-origin and credentials as api/config's own fetch, so the two can stand for each other. */
export const fetchConfig = (url = CONFIG_URL): Promise<unknown> => fetch(url, { credentials: 'same-origin' }).then(json)

/** The service check with spec 7's headers. Resolves null unless it answers a plain check. */
function fetchActive(apiBase: string): Promise<ActiveResponse | null> {
  const token = localStorage.getItem(storageKeys.token) ?? sessionStorage.getItem(storageKeys.token)
  const headers: Record<string, string> = { 'X-Requested-With': 'wallet-user' }
  if (token) headers.Authorization = `Bearer ${token}`
  return fetch(`${apiBase}${ACTIVE_PATH}`, { headers })
    .then(json)
    .then((body) => (body && typeof body === 'object' && 'terminated' in body && !('message' in body) ? (body as ActiveResponse) : null))
}

/** Called by the prepaint script: the config always, the service check when /login opens. */
export function startEarly({ active }: { active: boolean }): void {
  const config = fetchConfig()
  // Unhandled until the app takes it; a failure then shows the app's own retry screen.
  config.catch(() => undefined)
  const early: EarlyRequests = { config }
  if (active) {
    early.active = config
      .then((value) => {
        const apiBase = (value as { apiBase?: unknown }).apiBase
        // Only an http(s) API, as the app itself requires (api/config).
        if (typeof apiBase !== 'string' || (apiBase && !/^https?:\/\//i.test(apiBase))) return null
        return fetchActive(apiBase.replace(/\/+$/, ''))
      })
      .catch(() => null)
    void early.active.then((answer) => {
      if (early.active) early.activeAnswer = answer
    })
  }
  slot.__walletEarly = early
}

/** The early request of that name, once: later calls (another visit to /login) get undefined. */
export function takeEarly<K extends 'config' | 'active'>(name: K): EarlyRequests[K] {
  const early = slot.__walletEarly
  const request = early?.[name]
  if (early) delete early[name]
  return request
}

/** The service check's answer when it has already come (taken once, with its request), else
 *  undefined: then the request is still there for takeEarly. */
export function takeEarlyActiveAnswer(): ActiveResponse | undefined {
  const early = slot.__walletEarly
  if (!early || !('activeAnswer' in early)) return undefined
  const answer = early.activeAnswer
  delete early.activeAnswer
  delete early.active
  return answer ?? undefined
}
