// Which language to show (spec 1, 3, 9): the player's own choice always wins (stored in
// localStorage `locale` and the upper-case `i18next` cookie); else the language the player set in
// LINE or Telegram, when the app has it; else the variant's default (Thai, or Lao in the Lao
// variant), which a browser's device language replaces only when it is English: a Lao player whose
// phone is in Thai starts in Lao, an English-speaking visitor in English.
import type { Variant } from '../api/contract'
import { LANGUAGE_COOKIE, storageKeys } from '../lib/storage'
import type { Platform } from '../platform/types'

export const languages = ['th', 'la', 'en'] as const
export type Language = (typeof languages)[number]

/** BCP 47 tag for `<html lang>`: Lao is `lo`. */
export const htmlLang: Record<Language, string> = { th: 'th', la: 'lo', en: 'en' }

/** Each language named in itself, so a player can always find their own. */
export const nativeNames: Record<Language, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' }

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value)

export const variantDefault = (variant: Variant): Language => (variant === 'la' ? 'la' : 'th')

/** Maps a host tag such as `th-TH`, `lo`, `en-US` to one of ours. */
export function fromHostLanguage(tag: string | undefined): Language | undefined {
  const primary = tag?.toLowerCase().split(/[-_]/)[0]
  if (primary === 'th') return 'th'
  if (primary === 'lo' || primary === 'la') return 'la'
  if (primary === 'en') return 'en'
  return undefined
}

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

/** The host's language tag, and whether the player set it in a messenger (LINE, Telegram) or it is the device's. */
export interface HostLanguage {
  tag: string | undefined
  messenger: boolean
}

/** The host's language where it decides: a messenger's, whichever the app has; a device's only when English. */
export function hostChoice({ tag, messenger }: HostLanguage): Language | undefined {
  const language = fromHostLanguage(tag)
  return messenger || language === 'en' ? language : undefined
}

/** The language LINE or Telegram says the player set, else the device's (which decides less, see hostChoice). */
export function hostLanguageOf(platform: Pick<Platform, 'kind' | 'language'>): HostLanguage {
  const set = platform.kind === 'browser' ? undefined : platform.language()
  return set ? { tag: set, messenger: true } : { tag: navigator.language || undefined, messenger: false }
}

export function pickLanguage(variant: Variant, host: HostLanguage): Language {
  return readStoredLanguage() ?? hostChoice(host) ?? variantDefault(variant)
}
