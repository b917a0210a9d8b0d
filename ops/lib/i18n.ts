// The console's words (issue 52 §4) through i18next, as the player app's: Thai, English and Lao for a
// Lao operator, one catalogue per language (locales/{th,en,la}.json, the same keys in each, held so
// by tests/unit/opsWords.test.ts). The player app's catalogue stays out of this bundle, and this
// program imports nothing of the app (issue 53 §1): the spec 8 slip reasons are the console's own
// words, which the same test holds to the player's, so staff and player read one reason alike.
// Parts to fill are written `{name}`.
import i18next from 'i18next'
import { useSyncExternalStore } from 'react'
import en from './locales/en.json'
import la from './locales/la.json'
import th from './locales/th.json'

export type Language = 'th' | 'en' | 'la'
export const LANGUAGES: readonly Language[] = ['th', 'en', 'la']

export type WordKey = keyof typeof en

const STORAGE_KEY = 'ops-language'

/** The language kept for this browser, else the browser's own (Lao for `lo`), else English. */
function firstLanguage(): Language {
  const kept = localStorage.getItem(STORAGE_KEY)
  if (kept && (LANGUAGES as readonly string[]).includes(kept)) return kept as Language
  if (navigator.language.startsWith('th')) return 'th'
  if (navigator.language.startsWith('lo')) return 'la'
  return 'en'
}

const words = i18next.createInstance()
void words.init({
  resources: { th: { translation: th }, en: { translation: en }, la: { translation: la } },
  lng: firstLanguage(),
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  returnNull: false,
})

/** `lo` is Lao's code for the page (lang), `la` the app's name for it. */
const pageLanguage = (language: Language) => (language === 'la' ? 'lo' : language)
document.documentElement.lang = pageLanguage(words.language as Language)

const listeners = new Set<() => void>()

export function setLanguage(next: Language): void {
  void words.changeLanguage(next)
  localStorage.setItem(STORAGE_KEY, next)
  document.documentElement.lang = pageLanguage(next)
  listeners.forEach((listener) => listener())
}

export const hasWord = (key: string): key is WordKey => key in en

/** The word in the current language, `{name}` parts filled. */
export function say(key: WordKey, values: Record<string, string | number> = {}): string {
  // The app's catalogue types i18next's keys for the whole project (src/i18n): this instance has its own.
  return (words.t as (key: string, options: object) => string)(key, values)
}

/** A code (a ledger's movement kind, a status) in staff's words where the console has them, under
 *  `prefix`; else as the server wrote it. */
export const worded = (prefix: string, code: string): string => {
  const key = `${prefix}${code}`
  return hasWord(key) ? say(key) : code
}

/** A spec 8 slip reason in staff's words, as the player reads it. */
export const slipReason = (code: string): string => worded('slipReason_', code)

export const currentLanguage = (): Language => words.language as Language

/** Re-renders the caller when the language changes; answers it. */
export function useLanguage(): Language {
  return useSyncExternalStore((listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, currentLanguage)
}
