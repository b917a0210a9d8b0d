// The operator's texts in the reader's language (issue 51): a text the operator gives (a bonus's
// name, the conditions, the contact text, a banner) is one string for every language, or an
// object of the languages they wrote it in ({"th": …, "en": …}). A player reads it in the
// language the app asks in (`Accept-Language`, which the app sets to its own), else in the
// variant's, else in the first the operator gave.
import type { FastifyRequest } from 'fastify'
import { fromAcceptLanguage, fromHostLanguage, inLanguage, type InLanguages, isInLanguages, type Language, variantDefault } from '../../contract/lib/language'
import { type ServerContext, variantOf } from './context'

/** Who reads a text: the language asked for, and the variant's, said when that one is missing. */
export interface Reader {
  language: Language
  fallback: Language
}

/** The reader of a request: its `Accept-Language`, else the variant's language. */
export function readerOf(ctx: ServerContext, request: Pick<FastifyRequest, 'headers'>): Reader {
  const fallback = variantDefault(variantOf(ctx))
  return { language: fromAcceptLanguage(request.headers['accept-language']) ?? fallback, fallback }
}

/** One text in the reader's language. */
export const sayTo = (reader: Reader, text: InLanguages): string => inLanguage(text, reader.language, reader.fallback)

/** An object of texts by language as an operator may have stored it by hand in a content row,
 *  which no schema checked: keys read as language tags (`lo` and `th-TH` too), every value a
 *  string. Undefined when it is not one. */
function languagesOf(value: unknown): Partial<Record<Language, string>> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
  const entries = Object.entries(value).map(([tag, text]) => [fromHostLanguage(tag), text] as const)
  if (entries.length === 0 || !entries.every(([language, text]) => language !== undefined && typeof text === 'string')) return undefined
  return Object.fromEntries(entries) as Partial<Record<Language, string>>
}

/** `value` (content as stored: lists, banners, the contact) with each text of the languages form
 *  in it said in the reader's language; everything else as it is. */
export function saidTo(reader: Reader, value: unknown): unknown {
  const languages = languagesOf(value)
  if (languages) return sayTo(reader, languages)
  if (Array.isArray(value)) return value.map((item) => saidTo(reader, item))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, saidTo(reader, item)]))
  return value
}

/** A text kept in a column of its own (a bonus's name, a discovery source): the languages form is
 *  kept as its JSON, a string as it is. */
export const storedText = (text: InLanguages): string => (typeof text === 'string' ? text : JSON.stringify(text))

/** A text column read back: its languages form, or the string. */
export function readStored(stored: string): InLanguages {
  if (!stored.startsWith('{')) return stored
  try {
    const value: unknown = JSON.parse(stored)
    return isInLanguages(value) ? value : stored
  } catch {
    return stored
  }
}

/** A text column in the reader's language. */
export const sayStored = (reader: Reader, stored: string): string => sayTo(reader, readStored(stored))
