// Runs inline in index.html's <head>, before the first paint and before the app's JS has arrived
// (scripts/prepaint.ts builds it into a classic script). No React, no SDK, nothing fetched:
// - a Telegram theme from the launch parameters colours the splash and the app, so a dark
//   Telegram never flashes light;
// - the core strings of the language the app will most likely pick start downloading alongside
//   the entry instead of a round trip after it.
import { fromHostLanguage, readStoredLanguage, type Language } from './i18n/language'
import { earlyHostLanguage, readTelegramLaunch } from './platform/telegramLaunch'
import { applyTelegramPalette } from './platform/telegramTheme'

/** Built-in chunk URL of each language's core strings; empty in dev and tests. */
declare const __LOCALE_CORE_URLS__: Partial<Record<Language, string>>

export function prepaint(localeCoreUrls: Partial<Record<Language, string>>): void {
  const launch = readTelegramLaunch()
  if (launch) applyTelegramPalette(launch.theme)
  // pickLanguage() without the variant: unknown before config.json, and needed only when the
  // host's language is one the app does not have.
  const language = readStoredLanguage() ?? fromHostLanguage(earlyHostLanguage(launch))
  const href = language && localeCoreUrls[language]
  if (!href) return
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.crossOrigin = '' // as Vite's own preloads: the request matches the later import()
  link.href = href
  document.head.appendChild(link)
}

if (typeof __LOCALE_CORE_URLS__ !== 'undefined') {
  try {
    prepaint(__LOCALE_CORE_URLS__)
  } catch (error) {
    // Never keep the app from starting; it applies the theme and loads the strings itself.
    console.warn('[prepaint]', error)
  }
}
