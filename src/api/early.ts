// Requests the inline prepaint script (src/prepaint.ts) starts while the app's JavaScript is still
// downloading, so the first screen does not wait a round trip or two after it: the runtime config,
// and on /login the service check of spec 2. The app takes each answer once; anything but a plain
// 200 JSON answer is dropped, and the app then asks again through its own client (api/http.ts),
// which applies every rule of spec 7 (gone, session end, translated errors). Like every call, an
// early one waits at most spec 7's minute: one that hangs is given up and the app asks again.
import { INLINE_CONFIG_ID } from '../../contract/lib/prerender'
import { storageKeys } from '../lib/storage'
import { TIMEOUT_MS } from './timeouts'
import type { ActiveResponse, RuntimeConfig, WalletResponse } from '../../contract'

export const CONFIG_URL = '/config.json'
export const ACTIVE_PATH = '/api/lookup/active'
export const WALLET_PATH = '/api/wallet'

interface EarlyRequests {
  config?: Promise<unknown>
  active?: Promise<ActiveResponse | null>
  /** The check's answer once it has come: the first render can use it at once. */
  activeAnswer?: ActiveResponse | null
  /** On the member home with a session: the wallet, what home shows first. */
  wallet?: Promise<WalletResponse | null>
  /** When that wallet answered: its game balances are as fresh as then. */
  walletAt?: number
}

const slot = globalThis as { __walletEarly?: EarlyRequests }

const json = (response: Response): Promise<unknown> =>
  response.ok ? response.json() : Promise.reject(new Error(`${response.url} ${response.status}`))

/** A JSON GET given up after spec 7's minute, its body's reading included. `unanswered`: what a
 *  request that got no answer at all (no network, given up) becomes. */
function fetchBounded(url: string, init: RequestInit, unanswered?: (cause: unknown) => Promise<never>): Promise<unknown> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS)
  return fetch(url, { ...init, signal: controller.signal }).then(json, unanswered).finally(() => clearTimeout(timer))
}

/** The runtime config the page carries (the reference server writes its live config into every
 *  page it serves, so the first screen waits for no config.json), else undefined. */
export function readInlineConfig(): RuntimeConfig | undefined {
  const text = document.getElementById(INLINE_CONFIG_ID)?.textContent
  if (!text) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && 'variant' in value ? (value as RuntimeConfig) : undefined
  } catch {
    return undefined
  }
}

/** The name of the error when the config's request got no answer at all (no network, the server
 *  out of reach): by name, since the prepaint script's copy of this module made the early one. */
export const UNREACHABLE = 'Unreachable'

const unreachable = (cause: unknown): Promise<never> => {
  const error = new Error(`${CONFIG_URL} unreachable`, { cause })
  error.name = UNREACHABLE
  return Promise.reject(error)
}

/** Same-origin and credentials as api/config's own fetch, so the two can stand for each other. */
export const fetchConfig = (url = CONFIG_URL): Promise<unknown> => fetchBounded(url, { credentials: 'same-origin' }, unreachable)

/** A GET with spec 7's headers (and the session's token when there is one). */
function fetchApi(apiBase: string, path: string): Promise<unknown> {
  const token = localStorage.getItem(storageKeys.token) ?? sessionStorage.getItem(storageKeys.token)
  const headers: Record<string, string> = { 'X-Requested-With': 'wallet-user' }
  if (token) headers.Authorization = `Bearer ${token}`
  return fetchBounded(`${apiBase}${path}`, { headers })
}

/** The service check. Resolves null unless it answers a plain check. */
const fetchActive = (apiBase: string): Promise<ActiveResponse | null> =>
  fetchApi(apiBase, ACTIVE_PATH)
    .then((body) => (body && typeof body === 'object' && 'terminated' in body && !('message' in body) ? (body as ActiveResponse) : null))

/** The wallet. Resolves null unless it answers a wallet (a refusal goes through the app's client). */
const fetchWallet = (apiBase: string): Promise<WalletResponse | null> =>
  fetchApi(apiBase, WALLET_PATH)
    .then((body) => (body && typeof body === 'object' && 'wallet' in body && 'slots' in body && !('message' in body) ? (body as WalletResponse) : null))

/** The API base from the config, when it is one the app accepts (api/config): '' or http(s). */
const apiBaseOf = (value: unknown): string | null => {
  const apiBase = (value as { apiBase?: unknown } | null)?.apiBase
  if (typeof apiBase !== 'string' || (apiBase && !/^https?:\/\//i.test(apiBase))) return null
  return apiBase.replace(/\/+$/, '')
}

/** Called by the prepaint script: the config always, the service check when /login opens, the
 *  wallet when the member home opens with a session. */
export function startEarly({ active, wallet = false, config: inline }: { active: boolean; wallet?: boolean; config?: RuntimeConfig }): void {
  const config = inline ? Promise.resolve<unknown>(inline) : fetchConfig()
  // Unhandled until the app takes it; a failure then shows the app's own retry screen.
  config.catch(() => undefined)
  const early: EarlyRequests = { config }
  const withApi = <T,>(request: (apiBase: string) => Promise<T | null>): Promise<T | null> =>
    config.then((value) => {
      const apiBase = apiBaseOf(value)
      return apiBase === null ? null : request(apiBase)
    }).catch(() => null)
  if (active) {
    early.active = withApi(fetchActive)
    void early.active.then((answer) => {
      if (early.active) early.activeAnswer = answer
    })
  }
  if (wallet) {
    early.wallet = withApi(fetchWallet).then((answer) => {
      if (answer) early.walletAt = Date.now()
      return answer
    })
  }
  slot.__walletEarly = early
}

/** How long /login waits for the service check before it shows the form anyway (spec 2). */
export const ACTIVE_CHECK_WAIT_MS = 3000

/** The service check the prepaint script started, without taking it (the page's prerendered
 *  /login waits for it too: src/prerender/show.ts). */
export const earlyActive = (): Promise<ActiveResponse | null> | undefined => slot.__walletEarly?.active

/** The wallet the prepaint script asked for, without taking it (the page's prerendered home shows
 *  its balance: src/prerender/show.ts). */
export const earlyWallet = (): Promise<WalletResponse | null> | undefined => slot.__walletEarly?.wallet

/** When the early wallet answered (kept after it is taken), else undefined. */
export const earlyWalletAt = (): number | undefined => slot.__walletEarly?.walletAt

/** The early request of that name, once: later calls (another visit to /login) get undefined. */
export function takeEarly<K extends 'config' | 'active' | 'wallet'>(name: K): EarlyRequests[K] {
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
