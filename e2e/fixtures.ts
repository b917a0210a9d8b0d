// Shared e2e fixtures. Each test starts from a clean server state for its project's platform:
// browser (no messenger), line (LIFF mock) or telegram (launch params + event recorder).
import { test as base, expect, type APIRequestContext, type Locator, type Page, type Response, type Route } from '@playwright/test'
import type { RuntimeConfig } from '../contract'
import th from '../contract/locales/th.json' with { type: 'json' }
import en from '../contract/locales/en.json' with { type: 'json' }
import { contractProblem } from '../tests/contractRoutes'
import { serverUrl } from './servers'

export type PlatformKind = 'browser' | 'line' | 'telegram'
export interface PlatformOption {
  platform: PlatformKind
  /** 'remembered' (default): the player ticked "don't show again" long ago, so home's agreement
   *  modal (spec 2, 1.5 s after load) stays away; 'fresh' lets it appear. */
  agreement: 'remembered' | 'fresh'
}

/** The tests run again on the oldest engine the app supports (playwright.config.ts, project `oldest`). */
export const ENGINES = { tag: '@engines' }

export const LIFF_ID = '2000000000-e2etest'
export const TELEGRAM = { botUsername: 'wallet_e2e_bot', appName: 'wallet' }
export const DEMO = { phone: '0812345678', password: 'demo1234', name: 'DEMO PLAYER', inviteCode: 'PR123' }

export const LIGHT_THEME = { bg_color: '#ffffff', secondary_bg_color: '#f1f1f4', text_color: '#111111', hint_color: '#888888', button_color: '#2481cc', button_text_color: '#ffffff', destructive_text_color: '#d14e4e' }
export const DARK_THEME = { bg_color: '#17212b', secondary_bg_color: '#232e3c', text_color: '#f5f5f5', hint_color: '#708499', button_color: '#5288c1', button_text_color: '#ffffff', section_separator_color: '#111921', destructive_text_color: '#ee686f' }

export function platformConfig(platform: PlatformKind): Partial<RuntimeConfig> {
  return {
    line: platform === 'line' ? { liffId: LIFF_ID, mock: true } : null,
    telegram: platform === 'telegram' ? TELEGRAM : null,
  }
}

/** The hash Telegram appends when it opens a Mini App (docs/design.md "Telegram in tests"). */
export function telegramHash(options: { startParam?: string; theme?: Record<string, string>; languageCode?: string; platform?: 'android' | 'ios'; unsigned?: boolean; initData?: string; version?: string } = {}): string {
  const user = JSON.stringify({ id: 777000, first_name: 'Somchai', language_code: options.languageCode ?? 'en' })
  // `initData`: signed by the server's dev route (issue 31), for a sign-in the server checks.
  const data = new URLSearchParams(options.initData ?? { user, auth_date: String(Math.floor(Date.now() / 1000)), hash: 'e2e', signature: 'e2e' })
  // Clients before Bot API 8.0 send no signature.
  if (options.unsigned) data.delete('signature')
  if (options.startParam) data.set('start_param', options.startParam)
  const params = new URLSearchParams({
    tgWebAppData: data.toString(),
    tgWebAppVersion: options.version ?? '8.0',
    tgWebAppPlatform: options.platform ?? 'android',
    tgWebAppThemeParams: JSON.stringify(options.theme ?? LIGHT_THEME),
  })
  if (options.startParam) params.set('tgWebAppStartParam', options.startParam)
  return `#${params.toString()}`
}

/** What the project's host appends to the URL it opens: Telegram's launch parameters. */
export const launchHash = (platform: PlatformKind): string => (platform === 'telegram' ? telegramHash() : '')

/** Records every event the app posts to Telegram and answers the viewport's questions. */
export const TELEGRAM_RECORDER = () => {
  const events: { name: string; data: unknown }[] = []
  Object.assign(window, { __tgEvents: events })
  const reply = (name: string, payload: unknown) =>
    setTimeout(() => (window as unknown as { Telegram?: { WebView?: { receiveEvent(n: string, p: unknown): void } } }).Telegram?.WebView?.receiveEvent(name, payload), 0)
  Object.assign(window, {
    TelegramWebviewProxy: {
      postEvent(name: string, data?: string) {
        events.push({ name, data: data ? JSON.parse(data) : undefined })
        if (name === 'web_app_request_safe_area') reply('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 })
        if (name === 'web_app_request_content_safe_area') reply('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 })
        if (name === 'web_app_request_viewport') reply('viewport_changed', { height: 844, width: 390, is_expanded: true, is_state_stable: true })
        // A Bot API 8.0 client: the app is not on the home screen yet, and adding it works. A test
        // answers otherwise through window.__tgHomeScreen (telegramHomeScreen below).
        const homeScreen = (window as unknown as { __tgHomeScreen?: { status: string; add: string } }).__tgHomeScreen ?? { status: 'missed', add: 'home_screen_added' }
        if (name === 'web_app_check_home_screen') reply('home_screen_checked', { status: homeScreen.status })
        if (name === 'web_app_add_to_home_screen') reply(homeScreen.add, undefined)
        // Telegram's phone dialog: the player cancels, unless a test shares a signed contact
        // through window.__tgPhone (telegramPhone below); getRequestedContact then answers it.
        const phone = (window as unknown as { __tgPhone?: { status: string; contact: string } }).__tgPhone ?? { status: 'cancelled', contact: '' }
        if (name === 'web_app_request_phone') reply('phone_requested', { status: phone.status })
        // The bot's leave to write (issue 50): allowed, unless a test answers otherwise through window.__tgWriteAccess.
        if (name === 'web_app_request_write_access') reply('write_access_requested', { status: (window as unknown as { __tgWriteAccess?: string }).__tgWriteAccess ?? 'allowed' })
        const call = data ? (JSON.parse(data) as { req_id?: string; method?: string }) : {}
        if (name === 'web_app_invoke_custom_method' && call.method === 'getRequestedContact') reply('custom_method_invoked', { req_id: call.req_id, result: phone.contact })
        // The device (issue 31): no biometry unless a test gives one through window.__tgDevice
        // (telegramDevice below). What Telegram keeps for the app (the biometric token, SecureStorage)
        // lives in localStorage under __tg*, so it outlasts a reload as on a phone.
        const device = (window as unknown as { __tgDevice?: TelegramDevice }).__tgDevice ?? { biometry: null, authorize: true, secureStorage: false }
        const kept = <T,>(key: string, fallback: T): T => JSON.parse(localStorage.getItem(key) ?? 'null') ?? fallback
        const keep = (key: string, value: unknown) => localStorage.setItem(key, JSON.stringify(value))
        const biometric = kept('__tgBiometric', { token: '', requested: false, granted: device.biometry?.granted ?? false })
        const info = () => device.biometry
          ? { available: true, type: device.biometry.type, device_id: 'e2e-device', access_requested: biometric.requested, access_granted: biometric.granted, token_saved: biometric.token !== '' }
          : { available: false }
        if (name === 'web_app_biometry_get_info') reply('biometry_info_received', info())
        if (name === 'web_app_biometry_request_access') {
          if (device.biometry && !biometric.requested) Object.assign(biometric, { requested: true, granted: device.biometry.allow })
          keep('__tgBiometric', biometric)
          reply('biometry_info_received', info())
        }
        const params = data ? (JSON.parse(data) as { token?: string; req_id?: string; key?: string; value?: string | null }) : {}
        if (name === 'web_app_biometry_update_token') {
          const done = biometric.granted && device.authorize
          if (done) keep('__tgBiometric', { ...biometric, token: params.token ?? '' })
          reply('biometry_token_updated', { status: done ? (params.token ? 'updated' : 'removed') : 'failed' })
        }
        if (name === 'web_app_biometry_request_auth') {
          const done = biometric.granted && device.authorize
          reply('biometry_auth_requested', done ? { status: 'authorized', token: biometric.token } : { status: 'failed' })
        }
        const secure = kept<Record<string, string>>('__tgSecure', {})
        if (name === 'web_app_secure_storage_save_key' || name === 'web_app_secure_storage_get_key') {
          if (!device.secureStorage) reply('secure_storage_failed', { req_id: params.req_id, error: 'UNSUPPORTED' })
          else if (name === 'web_app_secure_storage_get_key') reply('secure_storage_key_received', { req_id: params.req_id, value: secure[params.key ?? ''] ?? null, can_restore: false })
          else {
            if (params.value === null) delete secure[params.key ?? '']
            else secure[params.key ?? ''] = params.value ?? ''
            keep('__tgSecure', secure)
            reply('secure_storage_key_saved', { req_id: params.req_id })
          }
        }
      },
    },
  })
}

/** The phone the Telegram recorder plays (issue 31): its biometry (`allow`: the player's answer to
 *  Telegram's first request for it; `authorize`: their face or finger is recognised) and whether
 *  the client has SecureStorage (Bot API 9.0 on a phone with a Keychain or Keystore). */
export interface TelegramDevice {
  biometry: { type: 'face' | 'finger'; allow: boolean; granted?: boolean } | null
  authorize: boolean
  secureStorage: boolean
}

/** What Telegram keeps for the app on the recorder's phone: the biometric token and SecureStorage. */
export async function telegramKept(page: Page): Promise<{ biometricToken: string; secure: Record<string, string> }> {
  return page.evaluate(() => ({
    biometricToken: (JSON.parse(localStorage.getItem('__tgBiometric') ?? 'null') as { token?: string } | null)?.token ?? '',
    secure: JSON.parse(localStorage.getItem('__tgSecure') ?? '{}') as Record<string, string>,
  }))
}

/** The phone the Telegram recorder plays, from the next load on. */
export async function telegramDevice(page: Page, device: TelegramDevice): Promise<void> {
  await page.context().addInitScript((value) => Object.assign(window, { __tgDevice: value }), device)
}

/** How the Telegram recorder answers the home-screen check (`added`, `missed`, `unknown`,
 *  `unsupported`) and the add (`home_screen_added` or `home_screen_failed`), from the next load on. */
export async function telegramHomeScreen(page: Page, answers: { status: string; add: string }): Promise<void> {
  await page.context().addInitScript((value) => Object.assign(window, { __tgHomeScreen: value }), answers)
}

/** How the Telegram recorder answers the phone dialog (`sent` or `cancelled`) and then
 *  getRequestedContact (the signed contact string), from the next load on. */
export async function telegramPhone(page: Page, answers: { status: string; contact: string }): Promise<void> {
  await page.context().addInitScript((value) => Object.assign(window, { __tgPhone: value }), answers)
}

/** In every document of the context, from its start: each Content-Security-Policy violation, reported to the test. */
const CSP_RECORDER = () => {
  const report = (window as unknown as { __reportCspViolation(violation: string): Promise<void> }).__reportCspViolation
  document.addEventListener('securitypolicyviolation', (event) => {
    void report(`${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`)
  })
  // Reports travel to the test one after another: once this marker, sent after the tasks already
  // queued (a violation's event among them), has arrived, every report before it has too. The task
  // is a message, not a timer: a test may have stopped the page's clock.
  const nextTask = () => new Promise<void>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
  Object.assign(window, {
    // The marker's text is CSP_MARKER's (this function runs in the page, apart from this module).
    __cspSettled: () => nextTask().then(() => report('reports settled')),
  })
}
const CSP_MARKER = 'reports settled'

/**
 * Every CSP report the page's documents raised so far has reached `violations` (see CSP_RECORDER):
 * a check of them waits for this, not for a time.
 */
export async function cspReportsSettled(page: Page): Promise<void> {
  await page.evaluate(`window.__cspSettled()`)
}

/**
 * What the browser itself writes on the console as an error about a request, not the app's code:
 * a load answered 4xx/5xx or failed on the network (tests provoke those, and the app shows them),
 * and a CSP refusal (the CSP gate above judges those, one report each). The app's own files are
 * judged by their answers instead (ASSET_PROBLEM): a file of the build that is missing, or a script
 * that comes as something else (an HTML page in a chunk's place), fails the test.
 */
const BROWSER_OWN_ERRORS = /^Failed to load resource: |violates the following Content Security Policy directive/

/** What is wrong with an answer of the app's API (JSON under /api/), if anything. */
async function apiContractProblem(response: Response): Promise<string | undefined> {
  const url = new URL(response.url())
  if (!url.pathname.startsWith('/api/') || !url.hostname.match(/^(localhost|127\.0\.0\.1)$/)) return undefined
  if (!(response.headers()['content-type'] ?? '').includes('application/json')) return undefined
  const body: unknown = await response.json().catch(() => undefined)
  if (body === undefined) return undefined
  return contractProblem(response.request().method(), url.pathname, response.status(), body)
}

/** What is wrong with an answer for a file of the build (under /assets/), if anything. */
function assetProblem(response: Response): string | undefined {
  const url = new URL(response.url())
  if (!url.pathname.startsWith('/assets/') || !url.hostname.match(/^(localhost|127\.0\.0\.1)$/)) return undefined
  if (response.status() >= 400) return `${url.pathname} answered ${response.status()}`
  const type = response.headers()['content-type'] ?? ''
  if (url.pathname.endsWith('.js') && !type.includes('javascript')) return `${url.pathname} came as ${type || 'no type'}, not a script`
  return undefined
}

/** In every document from its start: the text of every toast that ever appeared, even for a moment. */
const TOAST_RECORDER = () => {
  const seen: string[] = []
  Object.assign(window, { __toastsSeen: seen })
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue
        const toasts = node.matches('.toast') ? [node] : [...node.querySelectorAll('.toast')]
        for (const toast of toasts) seen.push(toast.textContent ?? '')
      }
    }
  }).observe(document, { childList: true, subtree: true })
}

type ToastRecord = { __toastsSeen: string[] }

/** The text of every toast this page has shown since it loaded (or since forgetToasts), each
 *  without its close button's ×. */
export function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as ToastRecord).__toastsSeen.map((text) => text.replace(/×$/, '')))
}

/** Forgets the toasts seen so far on this page: what follows is checked on its own. */
export async function forgetToasts(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as ToastRecord).__toastsSeen.splice(0))
}

/**
 * No toast appeared on this page since it loaded (or since forgetToasts) (spec 8: what a screen shows inline is not also
 * toasted). Checked after the screen has shown its inline message and React has painted twice,
 * so a toast raised by the same failure has been added by then; no sleep.
 */
export async function expectNoToastSoFar(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  expect(await toastsSeen(page), 'toasts shown').toEqual([])
}

/**
 * Holds every answer to `url` until the test lets go (`release`): a slow server without a sleep.
 * Then each goes on to the server, or to `answer` when given. `sent` counts the requests held.
 */
export async function holdAnswers(page: Page, url: string, answer?: (route: Route) => Promise<void>): Promise<{ release: () => void; sent: () => number }> {
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let sent = 0
  await page.route(url, async (route) => {
    sent += 1
    await released
    // The page may be gone by then (a test that never releases): nothing to answer.
    await (answer ? answer(route) : route.continue()).catch(() => undefined)
  })
  return { release, sent: () => sent }
}

/**
 * Waits for `outcome` while moving the page's clock (page.clock.install() first) on by `stepMs`
 * between looks, instead of the test waiting out the page's timers; how far the clock was moved.
 */
export async function clockUntil(page: Page, outcome: Locator, stepMs: number): Promise<number> {
  let moved = 0
  await expect.poll(async () => {
    if (await outcome.isVisible()) return true
    await page.clock.runFor(stepMs)
    moved += stepMs
    return false
  }).toBe(true)
  return moved
}

/** `outcome` (a retry button, an alert) the app shows once its reads have failed through their back-off (2, 4, 8 s). */
export const throughBackOff = (page: Page, outcome: Locator): Promise<number> => clockUntil(page, outcome, 8_000)

export async function devPost(request: APIRequestContext, path: string, data: unknown): Promise<void> {
  const response = await request.post(path, { data })
  expect(response.ok(), `${path} answered ${response.status()}`).toBeTruthy()
}

export async function lastOtp(request: APIRequestContext, phone: string): Promise<{ otpCode: string; otpRef: string }> {
  const response = await request.get(`/dev/otp/${phone}`)
  expect(response.ok()).toBeTruthy()
  return (await response.json()) as { otpCode: string; otpRef: string }
}

/** A phone number nobody has registered yet in this run. */
let counter = 0
export function freshPhone(): string {
  counter += 1
  return `09${String(Date.now() % 1e6).padStart(6, '0')}${String(counter % 100).padStart(2, '0')}`
}

/** The strings the app shows with nothing stored: the host's language wins over the browser's
 *  th-TH, and both the LIFF mock's app language and the Telegram user's language_code (see
 *  telegramHash) are 'en'. */
export function hostStrings(platform: PlatformKind): typeof th {
  return hostLanguage(platform) === 'th' ? th : (en as unknown as typeof th)
}

/** The language of hostStrings: what a test stores to keep the app in it whatever the host says. */
export const hostLanguage = (platform: PlatformKind): 'th' | 'en' => (platform === 'browser' ? 'th' : 'en')

interface Fixtures {
  open: (path: string, hash?: string) => Promise<void>
  strings: typeof th
  serverState: void
  /** Every CSP violation of the test's context so far: a test that provokes some takes them out. */
  cspViolations: string[]
  /** Every uncaught error and console error of the test's pages so far: a test that provokes one takes it out. */
  pageErrors: string[]
}

/** A half-hour slip window twelve hours from `now` in Bangkok (UTC+7). */
export function slipWindowAway(now: Date): { closedFrom: string; closedTo: string } {
  const away = String((now.getUTCHours() + 7 + 12) % 24).padStart(2, '0')
  return { closedFrom: `${away}:00`, closedTo: `${away}:30` }
}

/** E2E_TRACE=1 (playwright.config.ts): Playwright's trace recorder reads the page's blob: pictures
 *  with a fetch of its own, from no file of the app's, which the CSP refuses. */
const TRACING = process.env.E2E_TRACE === '1'
const TRACER_FETCH = /: connect-src blocked blob \(:0\)$/

/** The server as a test of `platform` starts from: its config, settings and dev switches as the servers start. */
export async function resetServer(request: APIRequestContext, platform: PlatformKind): Promise<void> {
  await request.delete('/dev/config')
  await devPost(request, '/dev/config', platformConfig(platform))
  await devPost(request, '/dev/settings', { registerOTP: true, enableChatWidget: false })
  await devPost(request, '/dev/service', { terminated: false })
  await devPost(request, '/dev/reset-limits', {})
  await devPost(request, '/dev/sms', { down: false })
  // The messenger identity and passkeys (issue 31) off, as the servers start: a test turns on what it is about.
  await devPost(request, '/dev/identity', {
    telegramBotToken: null, telegramBotId: null, lineChannelId: null, lineJwksUrl: null, telegramContactSkipsOtp: false, webauthnOrigin: null,
  })
  // The daily window that closes slip uploads (seeded 23:00 to 00:30 in Bangkok) is put twelve
  // hours away: a test that uploads a slip passes at any hour (one that tests the window sets its own).
  await devPost(request, '/dev/content/slipWindow', slipWindowAway(new Date()))
}

export const test = base.extend<PlatformOption & Fixtures>({
  platform: ['browser', { option: true }],
  agreement: ['remembered', { option: true }],
  /** This worker's own server (e2e/servers.ts). */
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide, testInfo) => {
    await provide(serverUrl(testInfo.parallelIndex))
  },
  /** The app runs under the server's Content-Security-Policy with zero violations, on every page and document. */
  cspViolations: [
    async ({ context }, provide) => {
      const violations: string[] = []
      await context.exposeBinding('__reportCspViolation', (_source, violation: string) => {
        if (violation !== CSP_MARKER && !(TRACING && TRACER_FETCH.test(violation))) violations.push(violation)
      })
      await context.addInitScript(CSP_RECORDER)
      await provide(violations)
      // Reports still on their way are waited for (a page already gone has sent its own).
      await Promise.all(context.pages().map((page) => cspReportsSettled(page).catch(() => undefined)))
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
  /** No page of the test throws an uncaught error or writes an error on the console, unless the test takes out the one it expects. */
  pageErrors: [
    async ({ context }, provide) => {
      const errors: string[] = []
      const watch = (page: Page) => {
        page.on('pageerror', (error) => errors.push(`${new URL(page.url()).pathname}: uncaught ${error.name}: ${error.message}`))
        page.on('console', (message) => {
          if (message.type() === 'error' && !BROWSER_OWN_ERRORS.test(message.text())) errors.push(`${new URL(page.url()).pathname}: console.error ${message.text()}`)
        })
        page.on('response', (response) => {
          const problem = assetProblem(response)
          if (problem) errors.push(`${new URL(page.url()).pathname}: ${problem}`)
          // Every answer of the API the page gets, the server's and a test's fake (route.fulfill)
          // alike, is one the server's contract allows (tests/contractRoutes.ts).
          checks.push(apiContractProblem(response).then((found) => {
            if (found) errors.push(`${new URL(page.url()).pathname}: ${found}`)
          }))
        })
      }
      const checks: Promise<void>[] = []
      context.pages().forEach(watch)
      context.on('page', watch)
      await provide(errors)
      await Promise.all(checks)
      expect(errors, 'uncaught errors and console errors').toEqual([])
    },
    { auto: true },
  ],
  /** Before every test and its beforeEach hooks: the server as the project's platform wants it. */
  serverState: [
    async ({ platform, request }, provide) => {
      await resetServer(request, platform)
      await provide()
    },
    { auto: true },
  ],
  page: async ({ page, platform, agreement }, provide) => {
    // On the context: a second page of the test (context.newPage()) is in Telegram too.
    if (platform === 'telegram') await page.context().addInitScript(TELEGRAM_RECORDER)
    if (agreement === 'remembered') {
      await page.context().addInitScript(() => {
        // The app's documents only (a blank page or another site's has no storage of the app's).
        if (!location.href.startsWith('http://localhost:')) return
        if (!sessionStorage.getItem('e2e-agreement-fresh')) localStorage.setItem('remember-agreement', 'true')
      })
    }
    await page.context().addInitScript(TOAST_RECORDER)
    await provide(page)
  },
  strings: async ({ platform }, provide) => {
    await provide(hostStrings(platform))
  },
  /** Opens a path the way the project's host would: Telegram adds its launch params. */
  open: async ({ page, platform }, provide) => {
    await provide(async (path, hash) => {
      await page.goto(`${path}${hash ?? launchHash(platform)}`)
    })
  },
})

export { expect }

export async function telegramEvents(page: Page, name: string): Promise<unknown[]> {
  return page.evaluate((wanted) => (window as unknown as { __tgEvents: { name: string; data: unknown }[] }).__tgEvents.filter((event) => event.name === wanted).map((event) => event.data), name)
}

/** What the app last asked of Telegram's main button (web_app_setup_main_button). */
export async function mainButtonState(page: Page): Promise<{ text?: string; is_visible?: boolean; is_active?: boolean; is_progress_visible?: boolean } | undefined> {
  return (await telegramEvents(page, 'web_app_setup_main_button')).at(-1) as never
}

/** The player presses Telegram's main button (the client's main_button_pressed event). */
export async function pressTelegramMainButton(page: Page, text: string): Promise<void> {
  await expect.poll(() => mainButtonState(page)).toMatchObject({ text, is_visible: true, is_active: true })
  await telegramSays(page, 'main_button_pressed')
}

/** A money form's main action: its button in the page, or in Telegram the main button below the
 *  webview, which then stands for it (checked to say `name`). */
export async function pressMainAction(page: Page, scope: Locator, name: string): Promise<void> {
  const inPage = scope.getByRole('button', { name, exact: true })
  if (await inPage.count()) return inPage.click()
  await pressTelegramMainButton(page, name)
}

/** Fills the login form (as the demo by default) and submits it. */
/** Home's invite action: past the invite banners (the reference server seeds one) to the share button. */
export async function shareInvite(page: Page, strings: ReturnType<typeof hostStrings>): Promise<void> {
  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.invite }).click()
  await page.getByRole('dialog', { name: strings.home.invite }).getByRole('button', { name: strings.rewards.continue }).click()
  await page.getByRole('dialog', { name: strings.home.inviteTitle }).getByRole('button', { name: strings.home.share }).click()
}

export async function signIn(page: Page, strings: Strings, options: { phone?: string; password?: string; remember?: boolean } = {}): Promise<void> {
  const { phone = DEMO.phone, password = DEMO.password, remember = true } = options
  await page.getByLabel(strings.fields.phone).fill(phone)
  await page.getByLabel(strings.fields.password, { exact: true }).fill(password)
  const box = page.getByRole('checkbox', { name: strings.login.remember })
  if ((await box.isChecked()) !== remember) await box.click()
  await page.getByRole('button', { name: strings.login.submit, exact: true }).click()
}

/** The parts of a locale file the helpers read (th.json, la.json and en.json share its shape). */
export interface Strings {
  fields: Record<'phone' | 'password' | 'confirmPassword' | 'name' | 'inviteCode' | 'otp' | 'bank' | 'bankAccountNo' | 'firstName' | 'lastName', string>
  login: Record<'remember' | 'submit', string>
  common: Record<'next', string>
  register: Record<'step1Title' | 'step3Title' | 'step4Title' | 'submit' | 'successTitle', string>
}

/** Register step 1 with OTP registration disabled (POST /dev/settings first): lands on step 3. */
export async function phoneStepToProfile(page: Page, strings: Strings, phone: string): Promise<void> {
  // The wizard's first step, not /login's form, which has a phone field too and stays on screen
  // while the wizard's chunk arrives from /login's register link (a loaded machine filled it: issue 48).
  await expect(page.getByRole('heading', { name: strings.register.step1Title })).toBeVisible()
  await page.getByLabel(strings.fields.phone).fill(phone)
  await page.getByRole('button', { name: strings.common.next }).click()
  await expect(page.getByRole('heading', { name: strings.register.step3Title })).toBeVisible()
}

/** Register step 3 -> step 4 with a valid profile. */
export async function profileStep(page: Page, strings: Strings, password = 'secret99'): Promise<void> {
  await page.getByLabel(strings.fields.name).fill('tester')
  await page.getByLabel(strings.fields.password, { exact: true }).fill(password)
  await page.getByLabel(strings.fields.confirmPassword).fill(password)
  await page.getByRole('button', { name: strings.common.next }).click()
  await expect(page.getByRole('heading', { name: strings.register.step4Title })).toBeVisible()
}

/** Register step 4 with a KBANK account (no English-name rule); submits. `stop`: the page's clock
 *  is stopped just before (`stopClock`), once the step has loaded what it needs (its banks). */
export async function bankStep(page: Page, strings: Strings, phone: string, bankCode = 'KBANK', { stop = false } = {}): Promise<void> {
  await page.getByLabel(strings.fields.bank, { exact: true }).selectOption(bankCode)
  await page.getByLabel(strings.fields.bankAccountNo).fill(`66${phone.slice(2)}`)
  await page.getByLabel(strings.fields.firstName).fill('somchai')
  await page.getByLabel(strings.fields.lastName).fill('tester')
  if (stop) await stopClock(page)
  await page.getByRole('button', { name: strings.register.submit }).click()
}

/** Spec 9: the registration's success stays 2 s, then /login (e2e/all/timing.spec.ts holds it to that). */
export const REDIRECT_AFTER_REGISTER_MS = 2000

/** Stops the page's clock (installed before, `page.clock.install()`) a moment ahead of the page's
 *  time, `ahead` ms at first: the clock flows until it stops, and cannot be stopped in its past. The
 *  moment is read afresh on each try, twice as far ahead each time up to `most`: on a loaded run the
 *  page's time can pass the mark before the call lands ("Cannot fast-forward to the past", once in
 *  a clean run's Telegram project, once with a bonus's toast 50 ms ahead).
 *
 *  The registration's tests call it just before the last submit, everything the step waits for
 *  loaded (a stopped clock holds a load's timers too: a LINE run stopped it before step 4's banks
 *  and hung), so the success's 2 s cannot run out before the test has seen it, however slow the
 *  machine (a loaded run's Telegram project once found /login already). */
export async function stopClock(page: Page, { ahead = 2000, most = 32_000 } = {}): Promise<void> {
  for (; ; ahead *= 2) {
    try {
      return await page.clock.pauseAt(await page.evaluate((by) => Date.now() + by, ahead))
    } catch (error) {
      if (ahead * 2 > most || !String(error).includes('to the past')) throw error
    }
  }
}

/** A test past the registration's success (the clock stopped by `stopClock` before its submit):
 *  the success shows, the clock is moved on to the redirect to /login instead of the test waiting
 *  the 2 s, and flows again. */
export async function pastRegisterSuccess(page: Page, strings: Strings): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: strings.register.successTitle })).toBeVisible()
  await page.clock.fastForward(REDIRECT_AFTER_REGISTER_MS)
  await expect(page).toHaveURL(/\/login(#.*)?$/)
  await page.clock.resume()
}

export async function localItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key)
}

/**
 * Telegram's client sends `name` (with `payload`) over the real bridge, once the app's Telegram SDK
 * has put the bridge in place: the SDK is loaded after the first screen paints, and an event sent
 * before that is one no page could hear (seen once: a palette switched on /login as it opened).
 */
export async function telegramSays(page: Page, name: string, payload?: unknown): Promise<void> {
  type Bridge = { Telegram?: { WebView?: { receiveEvent(name: string, payload?: unknown): void } } }
  await page.waitForFunction(() => typeof (window as unknown as Bridge).Telegram?.WebView?.receiveEvent === 'function')
  await page.evaluate(([event, data]) => (window as unknown as Bridge).Telegram!.WebView!.receiveEvent(event as string, data), [name, payload] as const)
}

/** Sends Telegram's back_button_pressed event over the real bridge. */
export const telegramBack = (page: Page): Promise<void> => telegramSays(page, 'back_button_pressed')

/** Counts the app's API calls of a method from now on (e.g. to prove a rule stopped a request). */
export function countApiCalls(page: Page, method = 'POST'): () => number {
  let count = 0
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname.startsWith('/api/')) count += 1
  })
  return () => count
}

/** LIFF's mock picker made available, and what the app sends through it kept for sharedThroughLiff(). */
export async function recordLiffShares(page: Page): Promise<void> {
  // The app sets window.liff once LIFF's init has settled (platform/line.ts): wait for that.
  await page.waitForFunction(() => 'liff' in window)
  await page.evaluate(() => {
    type Liff = { $mock: { set(fn: (p: object) => object): void }; shareTargetPicker(messages: unknown): Promise<unknown> }
    const liff = (window as unknown as { liff: Liff }).liff
    liff.$mock.set((p) => ({ ...p, isApiAvailable: true, shareTargetPicker: { status: 'success' } }))
    const original = liff.shareTargetPicker.bind(liff)
    liff.shareTargetPicker = (messages) => {
      Object.assign(window, { __shared: messages })
      return original(messages)
    }
  })
}

/** The messages the app last sent through LIFF's shareTargetPicker (after recordLiffShares). */
export async function sharedThroughLiff(page: Page): Promise<{ type: string; text: string }[]> {
  const shared = await page.waitForFunction(() => (window as unknown as { __shared?: { type: string; text: string }[] }).__shared)
  return (await shared.jsonValue()) as { type: string; text: string }[]
}

/** The top bar's logout, confirmed (spec 2's icon asks first). */
export async function logOut(page: Page, strings: { menu: { logout: string }; member: { logoutTitle: string; logoutConfirm: string } }): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: strings.menu.logout }).click()
  await page.getByRole('alertdialog', { name: strings.member.logoutTitle }).getByRole('button', { name: strings.member.logoutConfirm }).click()
}
