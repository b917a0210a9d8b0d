// LINE (LIFF). Pluggable SDK: the core plus only the plug-ins this adapter calls.
import liff from '@line/liff/core'
import CloseWindowModule from '@line/liff/close-window'
import CreateShortcutOnHomeScreenModule from '@line/liff/create-shortcut-on-home-screen'
import GetAppLanguageModule from '@line/liff/get-app-language'
import GetFriendshipModule from '@line/liff/get-friendship'
import GetIDTokenModule from '@line/liff/get-id-token'
import IsApiAvailableModule from '@line/liff/is-api-available'
import IsInClientModule from '@line/liff/is-in-client'
import IsLoggedInModule from '@line/liff/is-logged-in'
import LoginModule from '@line/liff/login'
import OpenWindowModule from '@line/liff/open-window'
import ScanCodeV2Module from '@line/liff/scan-code-v2'
import ShareTargetPickerModule from '@line/liff/share-target-picker'
import type { ExtendedInit } from '@line/liff-mock'
import { registerWith } from '../../contract/lib/paths'
import { inviteCodeFromText } from '../lib/inviteCode'
import { copyText } from './clipboard'
import type { HomeScreen, LineConfig, Platform } from './types'

let pluginsInstalled = false

function installPlugins(): void {
  if (pluginsInstalled) return
  pluginsInstalled = true
  // IsInClient first: LiffMockPlugin calls liff.isInClient() when it is installed.
  liff.use(new IsInClientModule())
  liff.use(new IsLoggedInModule())
  liff.use(new LoginModule())
  liff.use(new IsApiAvailableModule())
  liff.use(new GetAppLanguageModule())
  liff.use(new GetIDTokenModule())
  liff.use(new ShareTargetPickerModule())
  liff.use(new ScanCodeV2Module())
  liff.use(new OpenWindowModule())
  liff.use(new CloseWindowModule())
  liff.use(new CreateShortcutOnHomeScreenModule())
  liff.use(new GetFriendshipModule())
}

async function initMock(liffId: string): Promise<void> {
  // Test hook: its own lazy chunk, loaded only when runtime config says `line.mock`.
  const { LiffMockPlugin } = await import('@line/liff-mock')
  // The mock is typed against the full SDK's Liff; at runtime it only needs liff.isInClient.
  liff.use(new LiffMockPlugin() as unknown as Parameters<typeof liff.use>[0])
  await (liff.init as ExtendedInit)({ liffId, mock: true })
  // The mock refuses shareTargetPicker until login() was called.
  if (!liff.isLoggedIn()) liff.login()
  // Lets e2e tests reach liff.$mock (the real SDK also sets window.liff during init).
  Object.assign(window, { liff })
}

/**
 * The real SDK pins <html>'s color-scheme to the schemes LINE reports for the LIFF app, as LINE
 * draws its own header in them. One scheme alone decides the palette (as Telegram's theme does):
 * the build lowers light-dark() to the device's preference, which would otherwise win.
 */
export function followLiffColorScheme(root: HTMLElement = document.documentElement): void {
  const schemes = root.style.getPropertyValue('color-scheme').trim().split(/\s+/)
  if (schemes.length === 1 && (schemes[0] === 'light' || schemes[0] === 'dark')) root.dataset.theme = schemes[0]
}

function isApiAvailable(name: 'shareTargetPicker' | 'scanCodeV2' | 'createShortcutOnHomeScreen'): boolean {
  try {
    return liff.isApiAvailable(name)
  } catch {
    return false // called before init settled
  }
}

/** LINE's home-screen shortcut: only for verified LINE MINI Apps, on a phone, logged in (LINE
 *  decides through isApiAvailable). LINE opens its own page for it and never says how it ended. */
function lineHomeScreen(appUrl: string): HomeScreen {
  return {
    status: async () => (isApiAvailable('createShortcutOnHomeScreen') ? 'available' : 'unsupported'),
    async add() {
      if (!isApiAvailable('createShortcutOnHomeScreen')) return 'failed'
      try {
        // In the tap's task, before any await: LINE opens a page of its own.
        await liff.createShortcutOnHomeScreen({ url: appUrl })
        return 'asked'
      } catch {
        return 'failed'
      }
    },
  }
}

export function createLinePlatform(config: LineConfig): Platform {
  // Deep links arrive packed in `liff.state`; keep the URL from before LIFF rewrites it.
  const bootUrl = window.location.href
  let code: string | undefined
  let language: string | undefined

  return {
    kind: 'line',
    async init() {
      installPlugins()
      if (config.mock) await initMock(config.liffId)
      else {
        await liff.init({ liffId: config.liffId })
        followLiffColorScheme()
      }
      // The real SDK has replaced the URL from liff.state by now; the mock never does.
      code = inviteCodeFromText(window.location.href) ?? inviteCodeFromText(bootUrl) ?? undefined
      try {
        language = liff.getAppLanguage()
      } catch {
        language = undefined
      }
    },
    // LINE's own language only: the device's is not the player's choice in LINE (main.tsx decides).
    language: () => language || undefined,
    startParam: () => code,
    setBackButton() {
      // LIFF has no back-button API: back is history, and close() on a root screen.
    },
    async share(text, url, copy = url) {
      // shareTargetPicker opens a window: it must be reached in the click's task, before any await.
      if (isApiAvailable('shareTargetPicker')) {
        try {
          const result = await liff.shareTargetPicker([{ type: 'text', text: `${text}\n${url}` }])
          return result ? 'shared' : 'cancelled'
        } catch {
          // Not logged in or the picker failed: copy the link instead.
        }
      }
      return (await copyText(copy)) ? 'copied' : 'failed'
    },
    canScanQr: () => isApiAvailable('scanCodeV2'),
    async scanQr() {
      try {
        return (await liff.scanCodeV2()).value || null
      } catch {
        return null
      }
    },
    openExternal(url) {
      liff.openWindow({ url, external: true })
    },
    close() {
      liff.closeWindow()
    },
    haptic() {
      // LIFF has no haptics API.
    },
    setVerticalSwipes() {
      // Only Telegram closes the app on a vertical swipe.
    },
    setClosingConfirmation() {
      // Only Telegram can ask before the app closes.
    },
    inviteUrl: (inviterCode) => `https://liff.line.me/${config.liffId}${registerWith(inviterCode)}`,
    appUrl: (path) => `https://liff.line.me/${config.liffId}${path}`,
    // LIFF has no download call, and LINE's webview ignores a blob download: shown to keep instead.
    saveFile: () => false,
    mainButton: null,
    // The LIFF URL opens the app in LINE, where the player's session is.
    homeScreen: lineHomeScreen(`https://liff.line.me/${config.liffId}`),
    phoneContact: null,
    writeAccess: null,
    webPush: null,
    friendship: {
      async status() {
        try {
          return liff.isLoggedIn() ? (await liff.getFriendship()).friendFlag : null
        } catch {
          return null // not answered: nothing is known
        }
      },
    },
    biometry: null,
    secureStorage: null,
    messengerCredential() {
      // LINE's signed ID token, never its profile or decoded token: the server verifies the signature.
      try {
        const token = liff.isLoggedIn() ? liff.getIDToken() : null
        return token ? { provider: 'line', credential: token } : null
      } catch {
        return null // called before init settled
      }
    },
  }
}
