// Telegram Mini App through @telegram-apps/sdk-react. Never also load telegram-web-app.js:
// the two fight over Telegram's events.
import {
  addToHomeScreen,
  backButton,
  checkHomeScreenStatus,
  closingBehavior,
  hapticFeedback,
  init as initSdk,
  invokeCustomMethod,
  isTMA,
  mainButton,
  miniApp,
  offAddToHomeScreenFailed,
  offAddedToHomeScreen,
  onAddToHomeScreenFailed,
  onAddedToHomeScreen,
  openLink,
  qrScanner,
  requestPhoneAccess,
  requestWriteAccess,
  retrieveLaunchParams,
  retrieveRawInitData,
  shareURL,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react'
import { registerWith } from '../../contract/lib/paths'
import { parseInviteCode } from '../lib/inviteCode'
import { copyText } from './clipboard'
import { acceptUnsignedLaunch, launchSignatureAdded } from './telegramLaunch'
import { telegramBiometry, telegramSecureStorage } from './telegramVault'
import { applySafeArea, applyTelegramPalette, type TelegramPalette } from './telegramTheme'
import type { HomeScreen, HomeScreenResult, HomeScreenStatus, MainButton, PhoneContact, Platform, SignedContact, TelegramConfig, WriteAccess } from './types'

/** The main button in the theme's button colour (the SDK's default), pressing the shown action. */
function telegramMainButton(): MainButton {
  let pressed: (() => void) | null = null
  const press = () => pressed?.()
  let listening = false
  return {
    show(action, onPress) {
      mainButton.mount.ifAvailable()
      pressed = onPress
      if (!listening) {
        mainButton.onClick.ifAvailable(press)
        listening = true
      }
      mainButton.setParams.ifAvailable({ text: action.text, isVisible: true, isEnabled: action.enabled && !action.pending, isLoaderVisible: action.pending })
    },
    hide() {
      pressed = null
      mainButton.setParams.ifAvailable({ isVisible: false, isLoaderVisible: false })
    },
  }
}

/** Launch data from before Bot API 8.0 got an empty `signature` (acceptUnsignedLaunch) for the SDK's
 *  parser alone: it goes before the server checks the hash over the rest. Only the one the app
 *  added: an empty signature that came signed is part of what the hash covers. */
export const withoutAddedSignature = (raw: string): string => raw.split('&').filter((pair) => pair !== 'signature=').join('&')

/** The init data as Telegram signed it, or null when no launch parameters are left to read. */
function signedInitData(): string | null {
  try {
    const raw = retrieveRawInitData()
    if (!raw) return null
    return launchSignatureAdded() ? withoutAddedSignature(raw) : raw
  } catch {
    return null
  }
}

/** A client that never answers the home-screen check is taken as one without the feature. */
export const HOME_SCREEN_CHECK_MS = 5000

/** Bot API 8.0's home-screen shortcut: checked, then asked for; Telegram answers added or failed. */
function telegramHomeScreen(): HomeScreen {
  // The SDK refuses a second check while one is on its way: a second caller shares the first.
  let checking: Promise<HomeScreenStatus> | undefined
  const check = async (): Promise<HomeScreenStatus> => {
    if (!checkHomeScreenStatus.isAvailable()) return 'unsupported'
    try {
      const status = await checkHomeScreenStatus({ timeout: HOME_SCREEN_CHECK_MS })
      // `unknown`: the client has the feature but cannot tell whether the app is there yet.
      if (status === 'added') return 'added'
      return status === 'unsupported' ? 'unsupported' : 'available'
    } catch {
      return 'unsupported'
    }
  }
  return {
    status() {
      checking ??= check().finally(() => {
        checking = undefined
      })
      return checking
    },
    add() {
      if (!addToHomeScreen.isAvailable()) return Promise.resolve('failed')
      return new Promise<HomeScreenResult>((resolve) => {
        const added = () => settle('added')
        const failed = () => settle('failed')
        function settle(result: HomeScreenResult) {
          offAddedToHomeScreen(added)
          offAddToHomeScreenFailed(failed)
          resolve(result)
        }
        onAddedToHomeScreen(added)
        onAddToHomeScreenFailed(failed)
        addToHomeScreen()
      })
    },
  }
}

/** How long the player may take over Telegram's "share your phone number?" dialog. */
export const PHONE_DIALOG_MS = 2 * 60 * 1000
/** After the player shared it, how long Telegram may take to hand over the signed contact (it
 *  reaches the client from Telegram's servers; telegram-web-app.js waits 3 s). */
export const CONTACT_WAIT_MS = 10_000

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The signed contact, asked again until Telegram has it (empty until then) or the wait is over. */
async function requestedContact(): Promise<string | null> {
  const deadline = Date.now() + CONTACT_WAIT_MS
  for (let delay = 50; Date.now() < deadline; delay += 50) {
    try {
      const answer = await invokeCustomMethod('getRequestedContact', {}, { timeout: Math.max(1, deadline - Date.now()) })
      if (typeof answer === 'string' && answer !== '') return answer
    } catch {
      // Not there yet, or the client answered an error: asked again until the deadline.
    }
    await pause(Math.min(delay, Math.max(0, deadline - Date.now())))
  }
  return null
}

/**
 * Bot API 6.9's phone request: the dialog (web_app_request_phone, answered by phone_requested),
 * then the contact Telegram signed (the custom method getRequestedContact). Always through the
 * dialog, never a contact shared earlier: the player says yes each time. The SDK's requestContact
 * parses the answer; the server needs the string as signed, so the bridge's calls are used here.
 */
function telegramPhoneContact(): PhoneContact {
  let pending: Promise<SignedContact | null> | undefined
  const ask = async (): Promise<SignedContact | null> => {
    if (!requestPhoneAccess.isAvailable()) return null
    const initData = signedInitData()
    if (!initData) return null
    try {
      if ((await requestPhoneAccess({ timeout: PHONE_DIALOG_MS })) !== 'sent') return null
    } catch {
      return null // no answer in time, or the SDK refused (a request already open)
    }
    const contact = await requestedContact()
    return contact ? { contact, initData } : null
  }
  return {
    request() {
      pending ??= ask().finally(() => {
        pending = undefined
      })
      return pending
    },
  }
}
/** Bot API 6.9's write access (web_app_request_write_access, answered write_access_requested). */
function telegramWriteAccess(): WriteAccess {
  return {
    async request() {
      if (!requestWriteAccess.isAvailable()) return null
      try {
        return (await requestWriteAccess({ timeout: PHONE_DIALOG_MS })) === 'allowed'
      } catch {
        return null // no answer in time, or a request already open
      }
    },
  }
}

/** macOS and Web K clients never answer the viewport's requests: don't wait longer. */
export const VIEWPORT_WAIT_MS = 1500

function applyPalette(launchTheme: TelegramPalette): void {
  applyTelegramPalette({ ...launchTheme, ...themeParams.state() })
}

/**
 * Telegram's header and the area behind the app in the page's own background (the theme's
 * bg_color, as --bg): one surface from Telegram's header to the app's compact top bar (issue 18).
 */
function paintBars(launchTheme: TelegramPalette): void {
  const bg = themeParams.state().bg_color ?? launchTheme.bg_color
  if (!bg) return
  if (miniApp.setHeaderColor.isAvailable() && miniApp.setHeaderColor.supports.rgb()) miniApp.setHeaderColor(bg)
  miniApp.setBackgroundColor.ifAvailable(bg)
}

function bindViewport(): void {
  if (viewport.bindCssVars.isAvailable() && !viewport.isCssVarsBound()) viewport.bindCssVars()
  const apply = () => applySafeArea(viewport.safeAreaInsets(), viewport.contentSafeAreaInsets())
  apply()
  viewport.safeAreaInsets.sub(apply)
  viewport.contentSafeAreaInsets.sub(apply)
}

/** Mounts the viewport but never holds init longer than VIEWPORT_WAIT_MS. */
async function mountViewport(): Promise<void> {
  if (!viewport.mount.isAvailable()) return
  let mounted: Promise<void>
  try {
    // If Telegram answers after we stopped waiting, the variables are bound then.
    mounted = viewport.mount().then(bindViewport)
  } catch {
    return
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    mounted.catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, VIEWPORT_WAIT_MS)
    }),
  ])
  clearTimeout(timer)
}

export function createTelegramPlatform(config: TelegramConfig | null): Platform {
  let startParam: string | undefined
  let language: string | undefined
  let offBack: VoidFunction | undefined

  const platform: Platform = {
    kind: 'telegram',
    async init() {
      acceptUnsignedLaunch()
      // Outside Telegram init() throws and so does every component call.
      if (!isTMA()) throw new Error('Telegram launch parameters not found')
      initSdk()
      // Read now: the SDK caches them in sessionStorage, later navigation loses nothing.
      const launch = retrieveLaunchParams()
      startParam = parseInviteCode(launch.tgWebAppStartParam || launch.tgWebAppData?.start_param || '') ?? undefined
      language = launch.tgWebAppData?.user?.language_code || undefined
      // What this client keeps for the app depends on its Bot API version.
      platform.biometry = telegramBiometry(launch.tgWebAppVersion)
      platform.secureStorage = telegramSecureStorage(launch.tgWebAppVersion)

      backButton.mount.ifAvailable()
      themeParams.mountSync.ifAvailable()
      if (!themeParams.isCssVarsBound()) themeParams.bindCssVars.ifAvailable()
      miniApp.mountSync.ifAvailable()
      if (!miniApp.isCssVarsBound()) miniApp.bindCssVars.ifAvailable()
      const launchTheme: TelegramPalette = launch.tgWebAppThemeParams
      applyPalette(launchTheme)
      paintBars(launchTheme)
      themeParams.state.sub(() => {
        applyPalette(launchTheme)
        paintBars(launchTheme)
      })
      // Swap Telegram's placeholder for our splash now rather than after the viewport wait.
      miniApp.ready.ifAvailable()
      await mountViewport()
    },
    // Telegram's own language only: the device's is not the player's choice in Telegram (main.tsx decides).
    language: () => language || undefined,
    startParam: () => startParam,
    setBackButton(visible, onBack) {
      offBack?.()
      offBack = undefined
      if (visible) {
        const [bound, off] = backButton.onClick.ifAvailable(() => onBack())
        if (bound) offBack = off
        backButton.show.ifAvailable()
      } else {
        backButton.hide.ifAvailable()
      }
    },
    async share(text, url, copy = url) {
      if (shareURL.isAvailable()) {
        shareURL(url, text)
        return 'shared'
      }
      return (await copyText(copy)) ? 'copied' : 'failed'
    },
    canScanQr: () => qrScanner.open.isAvailable(),
    async scanQr() {
      if (!qrScanner.open.isAvailable()) return null
      try {
        // Without `capture` the first QR resolves and the SDK closes the popup itself.
        return (await qrScanner.open()) || null
      } catch {
        return null // already open, or the client refused
      }
    },
    openExternal(url) {
      const [opened] = openLink.ifAvailable(url)
      if (!opened) window.open(url, '_blank', 'noopener')
    },
    close() {
      miniApp.close.ifAvailable()
    },
    haptic(kind) {
      if (kind === 'select') hapticFeedback.selectionChanged.ifAvailable()
      else hapticFeedback.notificationOccurred.ifAvailable(kind)
    },
    setVerticalSwipes(enabled) {
      // Mounted on first use: mounting posts allow_vertical_swipe=false, not Telegram's default.
      swipeBehavior.mount.ifAvailable()
      if (enabled) swipeBehavior.enableVertical.ifAvailable()
      else swipeBehavior.disableVertical.ifAvailable()
    },
    setClosingConfirmation(enabled) {
      closingBehavior.mount.ifAvailable()
      if (enabled) closingBehavior.enableConfirmation.ifAvailable()
      else closingBehavior.disableConfirmation.ifAvailable()
    },
    // Without the bot and app names (config.telegram) a t.me link cannot be built: the browser
    // form opens the register wizard in any browser, Telegram's included.
    inviteUrl: (code) =>
      config
        ? `https://t.me/${config.botUsername}/${config.appName}?startapp=${encodeURIComponent(code)}`
        : `${window.location.origin}${registerWith(code)}`,
    // A Mini App link opens the app at its start; its start parameter is the invite code's.
    appUrl: (path) => (config ? `https://t.me/${config.botUsername}/${config.appName}` : `${window.location.origin}${path}`),
    // Telegram's downloadFile takes an https URL, not a file made on the phone; its webviews drop
    // blob downloads: shown to keep instead.
    saveFile: () => false,
    mainButton: telegramMainButton(),
    homeScreen: telegramHomeScreen(),
    phoneContact: telegramPhoneContact(),
    writeAccess: telegramWriteAccess(),
    friendship: null,
    webPush: null,
    messengerCredential() {
      // The raw string exactly as Telegram sent it: the server checks its signature over these bytes.
      const raw = signedInitData()
      return raw ? { provider: 'telegram', credential: raw } : null
    },
    // Known once init() has read the client's version.
    biometry: null,
    secureStorage: null,
  }
  return platform
}
