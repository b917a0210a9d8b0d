// Boot: config -> i18n -> render, with the host's SDK starting alongside (docs/design.md). Nothing
// renders before the config is known; a failure shows a message with a retry, never a blank
// screen. A host SDK never holds the first paint: the browser adapter stands in until LIFF or
// Telegram has started, and only what needs the host waits for it.
import { startTransition } from 'react'
import { getConfig, loadConfig } from './api/config'
import { UNREACHABLE } from './api/early'
import { preloadHttp, setApiBase } from './api/http'
import { createQueryClient } from './api/queryClient'
import type { Variant } from '../contract'
import { App } from './app/App'
import { paths } from '../contract/lib/paths'
import { PRERENDERED_ID } from '../contract/lib/prerender'
import { installHistoryIndex } from './app/history'
import { changeLanguage, currentLanguage, i18n, initI18n } from './i18n/i18n'
import { hostLanguageOf, pickLanguage, readStoredLanguage } from './i18n/language'
import { nextTask, whenNetworkQuiet } from './lib/idle'
import { parseInviteCode } from './lib/inviteCode'
import { storageKeys } from './lib/storage'
import { watchShortScreen } from './lib/shortScreen'
import { getPlatformState, loadPlatform, type LoadedPlatform } from './platform'
import { hasLiffMarks } from './platform/detect'
import { earlyHostLanguage, readTelegramLaunch } from './platform/telegramLaunch'
import { keepSessionsIn, session } from './state/session'
import { showToast } from './state/ui'
import { holdUnderPrerendered } from './ui/prerendered'
import './ui/theme.css'
import './ui/screens.css'

/** An invite deep link (Telegram start_param, LINE liff.state, `?code=`) leads a guest to the
 *  register wizard with the code stored for it. */
function followInvite(startParam: string | undefined): void {
  const code = startParam ? parseInviteCode(startParam) : null
  if (!code) return
  localStorage.setItem(storageKeys.inviterCode, code)
  if (session.token || window.location.pathname === paths.register) return
  window.history.replaceState(null, '', `${paths.register}${window.location.hash}`)
}

/** What waits for the host: its deep-link inviter, its language when none is stored, and the
 *  notice when its SDK did not start. */
function whenHostReady({ platform, fellBack }: LoadedPlatform, variant: Variant, bootInvite: string | undefined): void {
  // A remembered session goes to Telegram's SecureStorage where the client has one and the
  // operator has the Telegram identity on (issue 31).
  if (platform.secureStorage && getConfig().identity?.telegram) keepSessionsIn(platform.secureStorage)
  const invite = platform.startParam()
  if (invite !== bootInvite) followInvite(invite)
  // The messenger's language, now that its SDK has started. A stand-in for an SDK that never did
  // knows no more than the boot did (which read Telegram's from its launch parameters): the screen
  // stays in the language it opened in, and so does the notice.
  if (fellBack) {
    showToast(i18n.t('platform.fallback'), 'info')
    return
  }
  if (!readStoredLanguage()) {
    const language = pickLanguage(variant, hostLanguageOf(platform))
    if (language !== currentLanguage()) changeLanguage(language, { store: false }).catch((error: unknown) => console.warn('[i18n]', error))
  }
}

async function boot(): Promise<void> {
  installHistoryIndex()
  // The built page's prepaint script watches the height before the first paint; `npm run dev` has none.
  if (import.meta.env.DEV) watchShortScreen()
  // The modules' evaluation is one task; the boot is another. React DOM's client (its own module,
  // in the react chunk, initialised where it is first required) is required here, not by the
  // entry's evaluation: evaluated together they made one task of 50-110 ms at CPU x4 after the
  // first paint (issue 51), all of it blocking time.
  await nextTask()
  const reactDom = import('react-dom/client')
  const config = await loadConfig()
  setApiBase(config.apiBase)
  const hostReady = loadPlatform(config)
  const { host } = getPlatformState()
  // LIFF's first hop: LIFF moves to the page in `liff.state` (or reads its tokens from the hash)
  // itself, so nothing may route away from this URL before it has.
  if (host === 'line' && hasLiffMarks(new URL(window.location.href))) await hostReady
  const launch = readTelegramLaunch()
  // Known without the SDK: a `?code=` or `liff.state` in the URL, Telegram's start_param.
  const bootInvite = (host === 'telegram' ? launch?.startParam : undefined) ?? getPlatformState().platform.startParam()
  followInvite(bootInvite)
  const { platform, ready } = getPlatformState()
  await initI18n(pickLanguage(config.variant, ready ? hostLanguageOf(platform) : earlyHostLanguage(launch)))
  document.title = config.appName
  // A transition, so React renders the first screen in slices that leave the main thread free
  // to answer a tap, instead of in one long task on a slow phone.
  const container = document.getElementById('root')!
  // A screen the page prerendered stays until the app's own is ready to take its place (issue 32).
  holdUnderPrerendered(container)
  const { createRoot } = await reactDom
  const root = createRoot(container)
  startTransition(() => root.render(<App queryClient={createQueryClient()} />))
  // After the first screen has painted: the HTTP client for the player's first tap.
  requestAnimationFrame(() => setTimeout(preloadHttp, 0))
  void hostReady.then((loaded) => whenHostReady(loaded, config.variant, bootInvite))
  if (import.meta.env.PROD) afterLoad(() => whenNetworkQuiet(() => startServiceWorker(host === 'browser'), WORKER_AFTER_QUIET_MS, WORKER_AT_MOST_MS))
}

/**
 * The service worker waits until the page has been quiet a while (at most half a minute after
 * load): installing, it downloads and stores every file of the build (about 1.4 MB, 108 files),
 * which on a weak connection would slow what the player opens first, and on a slow phone takes
 * the cores the first screen needs. Measured with Lighthouse on one core (issue 51): /howto's
 * blocking time 1,886 ms with the worker starting at load, 299 ms without it.
 */
const WORKER_AFTER_QUIET_MS = 5_000
const WORKER_AT_MOST_MS = 30_000


/** Once the page has loaded and painted: what must never compete with the first screen. */
function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') setTimeout(run, 0)
  else window.addEventListener('load', () => setTimeout(run, 0), { once: true })
}

/** A plain browser gets the service worker (issue 31); LINE and Telegram lose one left behind. */
function startServiceWorker(browser: boolean): void {
  import('./platform/serviceWorker')
    .then((worker) => (browser ? worker.registerServiceWorker() : worker.removeServiceWorkers()))
    .catch((error: unknown) => console.warn('[service worker]', error))
}

function showBootError(error: unknown): void {
  console.error(error)
  // Not under a prerendered screen (issue 32) that would never work.
  document.getElementById(PRERENDERED_ID)?.remove()
  const root = document.getElementById('root')!
  root.innerHTML = `<div class="boot-error" role="alert">
    <p lang="th">เปิดแอปไม่สำเร็จ กรุณาตรวจสอบอินเทอร์เน็ต</p>
    <p lang="lo">ເປີດແອັບບໍ່ສຳເລັດ ກະລຸນາກວດເບິ່ງອິນເຕີເນັດ</p>
    <p lang="en">The app could not start. Please check your connection.</p>
    <button type="button">ลองใหม่ · ລອງໃໝ່ · Retry</button></div>`
  root.querySelector('button')?.addEventListener('click', () => window.location.reload())
}

// On an engine the app does not support the page's gate (scripts/engineGate.ts) shows its notice and
// the app never starts (the built pages do not even load it; `npm run dev` does).
if (!(window as { __walletUnsupported?: number }).__walletUnsupported) boot().catch((error: unknown) => {
  // Opened without a network (the service worker's shell): the offline screen, in the player's
  // language, rather than a failure. Whether the config got no answer at all decides, not
  // navigator.onLine alone, which some engines leave true offline (Chromium 149-150, issue 48) and
  // which a phone on a network with no way out reports true as well.
  if (navigator.onLine && !(error instanceof Error && error.name === UNREACHABLE)) return showBootError(error)
  import('./app/offlineScreen')
    .then(({ showOfflineScreen }) => showOfflineScreen(document.getElementById('root')!))
    .catch(() => showBootError(error))
})
