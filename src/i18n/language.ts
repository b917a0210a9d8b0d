// Which language to show (spec 1, 3, 9): the stored choice, else the host's language, else the
// variant's default. Stored in localStorage `locale` and the upper-case `i18next` cookie.
import type { Variant } from '../api/contract'
import { LANGUAGE_COOKIE, storageKeys } from '../lib/storage'

export const languages = ['th', 'la', 'en'] as const
export type Language = (typeof languages)[number]

/** BCP 47 tag for `<html lang>`: Lao is `lo`. */
export const htmlLang: Record<Language, string> = { th: 'th', la: 'lo', en: 'en' }

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

export function pickLanguage(variant: Variant, hostLanguage: string | undefined): Language {
  return readStoredLanguage() ?? fromHostLanguage(hostLanguage) ?? variantDefault(variant)
}
