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

/** An operator's text (a bonus's name, the conditions, the contact text): one string for every
 *  language, or a string in each language the operator gives it in (issue 51). */
export type InLanguages = string | Partial<Record<Language, string>>

/** Whether `value` is the languages form of an operator's text: an object of at least one of our
 *  languages, each a string, and nothing else. */
export function isInLanguages(value: unknown): value is Partial<Record<Language, string>> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false
  const entries = Object.entries(value)
  return entries.length > 0 && entries.every(([key, text]) => isLanguage(key) && typeof text === 'string')
}

/** `text` in `language`; else in `fallback` (the variant's); else the first language it has. */
export function inLanguage(text: InLanguages, language: Language, fallback: Language): string {
  if (typeof text === 'string') return text
  return text[language] ?? text[fallback] ?? languages.map((one) => text[one]).find((one) => one !== undefined) ?? ''
}

/** The first of our languages an `Accept-Language` header asks for (`lo`, `th-TH;q=0.8`, ...), by
 *  its weights; undefined when it asks for none of them. */
export function fromAcceptLanguage(header: string | undefined): Language | undefined {
  const asked = (header ?? '').split(',').map((part, order) => {
    const [tag, ...parameters] = part.trim().split(';')
    const weight = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((q) => q !== undefined)
    return { language: fromHostLanguage(tag), weight: weight === undefined ? 1 : Number(weight), order }
  })
  return asked
    .filter((one) => one.language !== undefined && one.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)[0]?.language
}
