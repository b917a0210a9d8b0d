// Which language to show (spec 1, 3, 9): the player's own choice always wins (stored in
// localStorage `locale` and the upper-case `i18next` cookie); else the language the player set in
// LINE or Telegram, when the app has it; else the variant's default (Thai, or Lao in the Lao
// variant), which a browser's device language replaces only when it is English: a Lao player whose
// phone is in Thai starts in Lao, an English-speaking visitor in English.
import type { Variant } from '../../contract'
import { type HostLanguage, hostChoice, isLanguage, type Language, variantDefault } from '../../contract/lib/language'
import { LANGUAGE_COOKIE, storageKeys } from '../lib/storage'
import type { Platform } from '../platform/types'

export function readStoredLanguage(): Language | undefined {
  const stored = localStorage.getItem(storageKeys.locale)
  if (isLanguage(stored)) return stored
  const cookie = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1)
    .toLowerCase()
  return isLanguage(cookie) ? cookie : undefined
}

export function storeLanguage(language: Language): void {
  localStorage.setItem(storageKeys.locale, language)
  const year = 365 * 24 * 60 * 60
  document.cookie = `${LANGUAGE_COOKIE}=${language.toUpperCase()}; path=/; max-age=${year}; SameSite=Lax`
}

/** The language LINE or Telegram says the player set, else the device's (which decides less, see hostChoice). */
export function hostLanguageOf(platform: Pick<Platform, 'kind' | 'language'>): HostLanguage {
  const set = platform.kind === 'browser' ? undefined : platform.language()
  return set ? { tag: set, messenger: true } : { tag: navigator.language || undefined, messenger: false }
}

export function pickLanguage(variant: Variant, host: HostLanguage): Language {
  return readStoredLanguage() ?? hostChoice(host) ?? variantDefault(variant)
}
