// The app's three languages (spec 1, 9) and the plain facts about them: what each is called, its
// tag in HTML, and which one a host's language tag or the variant means. No state, no storage:
// i18n/language.ts decides which one to show.
import type { Variant } from '..'

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
