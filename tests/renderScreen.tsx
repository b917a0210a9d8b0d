// Renders one screen the way the app does (src/main.tsx, src/app/App.tsx): the runtime config,
// i18n with the real locale files, the app's QueryClient with retries off, wouter on a memory
// location, the toast stack, and a stub Platform. The API is faked at the HTTP level: `api`
// answers through a custom adapter on the app's axios instance, so the interceptors (unwrapping,
// error catalogue, session endings) run for real.
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, waitFor, type RenderResult } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { Fragment, type ReactNode } from 'react'
import { afterEach, vi, type Mock } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { loadConfig } from '../src/api/config'
import { loadHttp } from '../src/api/http'
import { createQueryClient } from '../src/api/queryClient'
import { forgetLostForTests } from '../src/api/useMoneyAction'
import type { RuntimeConfig, Variant } from '../contract'
import { changeLanguage, ensureAllStrings, i18n, initI18n } from '../src/i18n/i18n'
import type { Language } from '../contract/lib/language'
import { setPlatformForTests, type Platform } from '../src/platform'
import { signOut } from '../src/state/session'
import { ui } from '../src/state/ui'
import { Toasts } from '../src/ui/Toasts'
import { contractProblem, requestProblem } from './contractRoutes'

// Vitest runs without globals, so Testing Library cannot unmount by itself.
afterEach(cleanup)

/** Fake answers the server could never have sent, and requests it would refuse (tests/contractRoutes.ts): each fails its test. */
const contractProblems: string[] = []
afterEach(() => {
  const found = contractProblems.splice(0)
  if (found.length > 0) throw new Error(`Calls that drifted from the server's contract:\n${found.join('\n')}`)
})

/** One recorded call: method, path (without its query), query and parsed JSON body. */
export interface Call {
  method: string
  url: string
  query: Record<string, string>
  body: unknown
  /** The request headers (e.g. Idempotency-Key), as axios sent them. */
  headers: Record<string, unknown>
  /** How long the app lets it take, in ms (spec 9: 60 s, 300 s for uploads and the invite collect). */
  timeout: number | undefined
}

/** An answer: a body with 200, or [status, body]. A function gets the call. */
type Answer = unknown | [number, unknown]

const OPERATOR_ONLY = Symbol('operatorOnly')
interface OperatorOnly { [OPERATOR_ONLY]: string; answer: Answer }

/**
 * An answer the operator's API may give (the spec allows it) that the reference server never
 * does, so the contract check lets it through: `why` names the spec's rule.
 */
export const operatorOnly = (answer: Answer, why: string): OperatorOnly => ({ [OPERATOR_ONLY]: why, answer })
const isOperatorOnly = (answer: unknown): answer is OperatorOnly => typeof answer === 'object' && answer !== null && OPERATOR_ONLY in answer
type Handler = Answer | ((call: Call) => Answer | Promise<Answer>)

/** `'POST /api/login'` → handler. A call with no handler answers 404 NO_DATA. */
export type Routes = Record<string, Handler>

export interface ScreenOptions {
  path?: string
  variant?: Variant
  language?: Language
  config?: Partial<RuntimeConfig>
  platform?: Partial<Platform>
  api?: Routes
  /** Runs after the app state is reset and before the first render (a stored code, a reason). */
  setup?: () => void
}

export interface Screen extends RenderResult {
  user: UserEvent
  /** Every API call the screen made, in order. */
  calls: Call[]
  /** Paths the memory router went through, the current one last. */
  history: string[]
  /** The current path with its search. */
  location: () => string
  /** Unmounts the screen and mounts it anew (leaving and coming back), with the same state. */
  remount: () => void
  /** Replace or add API answers mid-test. */
  answer: (routes: Routes) => void
  /** Resolves once no read or change is under way: what a tap set off has been asked for and
   *  answered, so a test can check that a call was not made without waiting a fixed time. */
  settled: () => Promise<void>
  platform: Platform & Record<'scanQr' | 'haptic' | 'share' | 'setBackButton' | 'setClosingConfirmation', Mock>
}

export const baseConfig = (variant: Variant = 'th'): RuntimeConfig => ({
  apiBase: '',
  variant,
  appName: 'Wallet',
  chat: null,
  line: null,
  telegram: null,
  howto: { wallet: '', play: '', balance: '', bonus: '', bonusCancel: '' },
  contact: { lineName: '@wallet', lineLink: 'https://line.me/R/ti/p/@wallet' },
  truelinkSecret: 'test-truelink-secret',
})

export function stubPlatform(overrides: Partial<Platform> = {}): Screen['platform'] {
  return {
    kind: 'browser',
    init: async () => undefined,
    language: () => undefined,
    startParam: () => undefined,
    setBackButton: vi.fn(),
    share: vi.fn(async () => 'copied' as const),
    canScanQr: () => false,
    scanQr: vi.fn(async () => null),
    openExternal: () => undefined,
    close: () => undefined,
    haptic: vi.fn(),
    setVerticalSwipes: () => undefined,
    setClosingConfirmation: vi.fn(),
    inviteUrl: (code) => `https://app.test/register?code=${code}`,
    appUrl: (path) => `https://app.test${path}`,
    saveFile: vi.fn(() => true),
    mainButton: null,
    homeScreen: null,
    phoneContact: null,
    writeAccess: null,
    friendship: null,
    webPush: null,
    biometry: null,
    secureStorage: null,
    messengerCredential: () => null,
    ...overrides,
  } as Screen['platform']
}

const statusAndBody = (answer: Answer): [number, unknown] =>
  Array.isArray(answer) && answer.length === 2 && typeof answer[0] === 'number' ? [answer[0], answer[1]] : [200, answer]

function respond(config: InternalAxiosRequestConfig, answer: Answer): AxiosResponse {
  const [status, data] = statusAndBody(answer)
  const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config }
  if (status >= 200 && status < 300) return response
  throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response)
}

async function ready(language: Language, config: RuntimeConfig): Promise<void> {
  await loadConfig(`data:application/json,${encodeURIComponent(JSON.stringify(config))}`)
  if (i18n.isInitialized) await changeLanguage(language)
  else await initI18n(language)
  await ensureAllStrings()
}

/** Renders `screen` at `options.path` and returns the player's tools. */
export async function renderScreen(screen: ReactNode, options: ScreenOptions = {}): Promise<Screen> {
  const { path = '/', variant = 'th', language = 'en' } = options
  await ready(language, { ...baseConfig(variant), ...options.config })
  const platform = stubPlatform(options.platform)
  setPlatformForTests(platform)
  signOut()
  localStorage.clear()
  sessionStorage.clear()
  ui.toasts.splice(0)
  ui.pendingCalls = 0
  forgetLostForTests()
  window.history.replaceState(null, '', path)
  options.setup?.()

  const routes: Routes = { ...options.api }
  const calls: Call[] = []
  const http = await loadHttp()
  http.defaults.adapter = async (config) => {
    const [url, search = ''] = (config.url ?? '').split('?')
    const call = {
      method: (config.method ?? 'get').toUpperCase(),
      url,
      query: { ...Object.fromEntries(new URLSearchParams(search)), ...(config.params as Record<string, string> | undefined) },
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: config.headers.toJSON() as Record<string, unknown>,
      timeout: config.timeout,
    }
    calls.push(call)
    const handler = routes[`${call.method} ${url}`]
    if (handler === undefined) return respond(config, [404, { message: 'NO_DATA' }])
    // What the app sent, as the server's route would take it.
    const sent = await requestProblem(call.method, url, call.body)
    if (sent) contractProblems.push(sent)
    const given: unknown = typeof handler === 'function' ? await handler(call) : handler
    if (isOperatorOnly(given)) return respond(config, given.answer)
    const problem = await contractProblem(call.method, url, ...statusAndBody(given))
    if (problem) contractProblems.push(problem)
    return respond(config, given)
  }

  const client = createQueryClient()
  const defaults = client.getDefaultOptions()
  // No retries by default, and none waits: a query that retries by its own rule (retryTransientOnce)
  // retries at once, so a test waits for the outcome, never races the app's back-off.
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false, retryDelay: 0 } })

  const memory = memoryLocation({ path, record: true })
  let mounts = 0
  const tree = () => (
    <QueryClientProvider client={client}>
      <Router hook={memory.hook} searchHook={memory.searchHook}><Fragment key={mounts}>{screen}</Fragment></Router>
      <Toasts />
    </QueryClientProvider>
  )
  const result = render(tree())
  return {
    ...result,
    remount: () => {
      mounts += 1
      result.rerender(tree())
    },
    user: userEvent.setup(),
    calls,
    history: memory.history,
    location: () => memory.history[memory.history.length - 1],
    answer: (more) => Object.assign(routes, more),
    settled: () => waitFor(() => {
      if (client.isFetching() + client.isMutating() > 0) throw new Error('still loading')
    }),
    platform,
  }
}

/** A string of the locale in use, for assertions: `text('login.title')`. */
export const text = (key: string, options?: Record<string, unknown>): string => String(i18n.t(key as 'login.title', options))

/** A receipt's or a confirmation's facts as shown: each term with the value beside it. */
export const factsOf = (part: Element): Record<string, string | undefined> =>
  Object.fromEntries([...part.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent ?? undefined]))
