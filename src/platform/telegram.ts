// Telegram Mini App through @telegram-apps/sdk-react. Never also load telegram-web-app.js:
// the two fight over Telegram's events.
import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init as initSdk,
  isTMA,
  mainButton,
  miniApp,
  openLink,
  qrScanner,
  retrieveLaunchParams,
  retrieveRawInitData,
  shareURL,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react'
import { registerWith } from '../lib/paths'
import { parseInviteCode } from '../lib/inviteCode'
import { copyText } from './clipboard'
import { acceptUnsignedLaunch, launchSignatureAdded } from './telegramLaunch'
import { applySafeArea, applyTelegramPalette, type TelegramPalette } from './telegramTheme'
import type { MainButton, Platform, TelegramConfig } from './types'

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

  return {
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
    messengerCredential() {
      // The raw string exactly as Telegram sent it: the server checks its signature over these bytes.
      try {
        const raw = retrieveRawInitData()
        return raw ? { provider: 'telegram', credential: launchSignatureAdded() ? withoutAddedSignature(raw) : raw } : null
      } catch {
        return null // no launch parameters left to read
      }
    },
  }
}
