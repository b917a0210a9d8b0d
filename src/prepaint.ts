// Runs inline in index.html's <head>, before the first paint and before the app's JS has arrived
// (scripts/prepaintScript.ts builds it into a classic script). No React, no SDK, nothing awaited:
// - a Telegram theme from the launch parameters colours the splash and the app, so a dark
//   Telegram never flashes light;
// - the runtime config and, on /login, the service check are requested at once (api/early.ts);
// - what the first screen needs beyond the entry (the likely language's strings, a lazy screen's
//   chunks, its main image) starts downloading alongside the entry instead of a round trip or
//   two after it.
import type { RuntimeConfig } from '../contract'
import { readInlineConfig, startEarly } from './api/early'
import { paths } from '../contract/lib/paths'
import { prerenderedScreenOf } from '../contract/lib/prerender'
import { fromHostLanguage, htmlLang, type Language } from '../contract/lib/language'
import { pickLanguage, readStoredLanguage } from './i18n/language'
import { storageKeys } from './lib/storage'
import { detectCurrentPlatform } from './platform/detect'
import { earlyHostLanguage, readTelegramLaunch, type TelegramLaunch } from './platform/telegramLaunch'
import { applyTelegramPalette } from './platform/telegramTheme'
import { showPrerendered } from './prerender/show'
import { watchShortScreen } from './lib/shortScreen'

/** Built file URLs, from the build (empty in dev and tests). */
export interface PrepaintManifest {
  /** Each language's strings: `core` (every screen), `rest` (the lazy screens). */
  locale: Partial<Record<Language, { core: string; rest: string }>>
  /** A lazy screen's path -> its chunks (without what the entry loads anyway). */
  screens: Record<string, string[]>
  /** A screen's path -> the image that is its largest paint. */
  images: Record<string, string>
  /** The HTTP client's chunks (api/http.ts loads axios lazily): every screen but /login calls
   *  the API at once. */
  client: string[]
}

declare const __PREPAINT_MANIFEST__: PrepaintManifest

/** A file the first screen needs, for the page's line of script to ask for (scripts/prerender.ts):
 *  an image as a preload, a module as a modulepreload (as Vite's own: the request matches the later
 *  import()). */
export interface Preload {
  href: string
  as?: 'image'
}

const signedIn = (): boolean =>
  Boolean(localStorage.getItem(storageKeys.token) || sessionStorage.getItem(storageKeys.token))

/** The language the app will start in: main.tsx's choice, where the config is in the page (the
 *  reference server puts it there); else a guess before config.json says the variant: the stored
 *  choice, else the host's language when the app has it (a wrong guess costs one small preload). */
function likelyLanguage(config: RuntimeConfig | undefined, launch: TelegramLaunch | undefined): Language | undefined {
  if (config) return pickLanguage(config.variant, earlyHostLanguage(launch))
  return readStoredLanguage() ?? fromHostLanguage(earlyHostLanguage(launch).tag)
}

export function prepaint(manifest: PrepaintManifest, path = window.location.pathname): void {
  watchShortScreen()
  const launch = readTelegramLaunch()
  if (launch) applyTelegramPalette(launch.theme)
  const config = readInlineConfig()
  // `/` and `/user` open the member home; a member screen without a session ends on /login.
  const opened = prerenderedScreenOf(path)
  const screen = opened.startsWith(`${paths.member.root}/`) && !signedIn() ? paths.login : opened
  startEarly({ active: screen === paths.login, wallet: screen === paths.member.home, config })
  const chunks = manifest.screens[screen] ?? []
  const language = likelyLanguage(config, launch)
  const preloads = (): Preload[] => {
    const strings = language && manifest.locale[language]
    return [
      ...(strings ? [strings.core] : []),
      ...(strings && chunks.length ? [strings.rest] : []),
      ...chunks,
      ...(screen !== paths.login ? manifest.client : []),
    ]
      .map((href): Preload => ({ href }))
      .concat(manifest.images[screen] ? [{ href: manifest.images[screen], as: 'image' }] : [])
  }
  if (config && language) {
    // What loadPlatform() and initI18n() will set, before the first paint: a messenger's compact top
    // bar (theme.css), the page's language; and the prerendered screen, which the page shows once
    // its body is parsed (scripts/prerender.ts).
    const host = detectCurrentPlatform(config)
    if (host !== 'browser') document.documentElement.dataset.host = host
    document.documentElement.lang = htmlLang[language]
    // Where the app first tries the messenger's sign-in (issue 31: a player who linked it types
    // nothing), /login's form is the app's to show: typing before then would be lost.
    const messengerFirst = host !== 'browser' && config.identity?.[host] === true && !signedIn()
    ;(window as { __walletPrerendered?: () => void }).__walletPrerendered = () => showPrerendered(config, language, screen, messengerFirst)
  }
  // Every page has its own bytes come first: the app's files are asked for once it has painted, by
  // the page's line of script that starts the app (scripts/prerender.ts), one a task.
  ;(window as { __walletPreloads?: () => Preload[] }).__walletPreloads = preloads
}

// The engine gate (scripts/engineGate.ts) ran first: on an engine the app does not support it shows
// its notice, and nothing here starts.
if (typeof __PREPAINT_MANIFEST__ !== 'undefined' && !(window as { __walletUnsupported?: number }).__walletUnsupported) {
  try {
    prepaint(__PREPAINT_MANIFEST__)
  } catch (error) {
    // Never keep the app from starting: it loads what it needs itself.
    console.warn('[prepaint]', error)
  }
}
