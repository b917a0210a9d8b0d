// Telegram's launch parameters read without the SDK, where the SDK finds them: early enough for
// the first paint (src/prepaint.ts) and the first render, long before the SDK chunk arrives.
import type { HostLanguage } from '../../contract/lib/language'
import { TELEGRAM_LAUNCH_PARAMS_KEY } from './detect'
import type { TelegramPalette } from './telegramTheme'

export interface TelegramLaunch {
  theme: TelegramPalette
  /** The user's Telegram language (`tgWebAppData.user.language_code`). */
  languageCode?: string
  /** `tgWebAppStartParam`, else `tgWebAppData.start_param`. */
  startParam?: string
}

/** Everything after the first `?` or `#` of a URL as one parameter list (the SDK's rule). */
const paramsOf = (url: string): string => url.replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&')

const isLaunch = (raw: unknown): raw is string =>
  typeof raw === 'string' && /(^|&)tgWebApp(Data|Platform)=/.test(raw)

function parseJson(text: string | null): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The raw launch parameters: this URL, else the navigation's first URL, else the SDK's copy in
 *  sessionStorage (a reload after the app changed the URL). */
function rawLaunchParams(): string | undefined {
  const sources = [
    () => paramsOf(window.location.href),
    () => {
      const [entry] = performance.getEntriesByType('navigation')
      return entry ? paramsOf(entry.name) : undefined
    },
    () => parseJson(sessionStorage.getItem(TELEGRAM_LAUNCH_PARAMS_KEY)),
  ]
  for (const source of sources) {
    try {
      const raw = source()
      if (isLaunch(raw)) return raw
    } catch {
      // An API missing or storage blocked: try the next source.
    }
  }
  return undefined
}

/**
 * Launch data from Telegram clients before Bot API 8.0 has no `signature` field, which the SDK's
 * parser requires: without one it refuses the launch and the app would fall back to a browser.
 * The raw parameters are put where the SDK looks last (its sessionStorage copy) with an empty
 * `signature`, which the app never checks (the server never sees this data). Returns whether it did.
 */
let signatureAdded = false

/** acceptUnsignedLaunch gave this launch's data its empty `signature` (Telegram sent none). */
export const launchSignatureAdded = (): boolean => signatureAdded

export function acceptUnsignedLaunch(): boolean {
  const raw = rawLaunchParams()
  if (raw === undefined) return false
  const params = new URLSearchParams(raw)
  const data = new URLSearchParams(params.get('tgWebAppData') ?? '')
  if (!params.has('tgWebAppData') || data.has('signature')) return false
  data.set('signature', '')
  params.set('tgWebAppData', data.toString())
  try {
    sessionStorage.setItem(TELEGRAM_LAUNCH_PARAMS_KEY, JSON.stringify(params.toString()))
    signatureAdded = true
    return true
  } catch {
    return false // storage blocked: nothing to do
  }
}

export function parseTelegramLaunch(raw: string): TelegramLaunch {
  const params = new URLSearchParams(raw)
  const themeJson = parseJson(params.get('tgWebAppThemeParams'))
  const theme: TelegramPalette = {}
  if (isRecord(themeJson)) {
    for (const [key, value] of Object.entries(themeJson)) {
      if (typeof value === 'string') Object.assign(theme, { [key]: value })
    }
  }
  const data = new URLSearchParams(params.get('tgWebAppData') ?? '')
  const user = parseJson(data.get('user'))
  const languageCode = isRecord(user) && typeof user.language_code === 'string' ? user.language_code : undefined
  const startParam = params.get('tgWebAppStartParam') || data.get('start_param') || undefined
  return { theme, languageCode: languageCode || undefined, startParam }
}

/** The launch parameters of this page, or undefined outside Telegram. */
export function readTelegramLaunch(): TelegramLaunch | undefined {
  const raw = rawLaunchParams()
  return raw === undefined ? undefined : parseTelegramLaunch(raw)
}

/** The host's language as far as it is known before any SDK has started: Telegram's from its
 *  launch parameters, else the browser's (LINE's comes with LIFF). */
export function earlyHostLanguage(launch = readTelegramLaunch()): HostLanguage {
  if (launch?.languageCode) return { tag: launch.languageCode, messenger: true }
  return { tag: navigator.language || undefined, messenger: false }
}
