// Amounts as players type them (spec 1, 5, 9): read in the player's language the way the screen
// writes them, or refused with a reason the field can say. The signs come from Intl, so the field
// reads what formatAmount writes: `1,234.50` in Thai and English, `1.234,50` in Lao (ICU's lo).
// Thai (๐-๙) and Lao (໐-໙) digits are digits. A sign that could be the decimal point in one
// convention and grouping in the other is never guessed at: `1.5` in Lao and `1,5` in English are
// refused as unclear. The amount goes through integer minor units, so it carries no float drift.
import type { Language } from '../../contract/lib/language'
import { fromMinor, MAX_AMOUNT, numberLocale } from '../../contract/lib/money'

/** Why a typed amount cannot be read: nothing typed; not a number; a sign whose meaning is
 *  unclear (the other convention's way of writing, e.g. `1.5` in Lao); more than 2 decimals. */
export type AmountRefusal = 'empty' | 'invalid' | 'ambiguous' | 'decimals'

export type AmountReading = { readonly ok: true; readonly amount: number } | { readonly ok: false; readonly refusal: AmountRefusal }

/** The amount the messages write to show the expected format: `1,234.50`, `1.234,50`. */
export const AMOUNT_EXAMPLE = 1234.5

/** Room for the largest amount written with signs and spaces; a field holds no more. */
export const AMOUNT_TEXT_MAX = 32

interface Signs {
  group: string
  decimal: string
}

const signs = new Map<Language, Signs>()

/** The grouping and decimal signs of the language's number format, as Intl writes them. */
export function numberSigns(language: Language): Signs {
  let found = signs.get(language)
  if (!found) {
    const parts = new Intl.NumberFormat(numberLocale[language], { useGrouping: true, minimumFractionDigits: 1 }).formatToParts(1234567.5)
    found = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    }
    signs.set(language, found)
  }
  return found
}

const THAI_ZERO = 0x0e50
const LAO_ZERO = 0x0ed0
const NATIVE_DIGIT = /[\u0E50-\u0E59\u0ED0-\u0ED9]/g

/** Thai and Lao digits as ASCII digits. */
const asciiDigits = (text: string): string =>
  text.replace(NATIVE_DIGIT, (digit) => {
    const code = digit.charCodeAt(0)
    return String(code - (code >= LAO_ZERO ? LAO_ZERO : THAI_ZERO))
  })

/** Spaces (Intl writes NBSP and narrow NBSP) and one baht or kip sign on either side. */
const SURROUNDINGS = /^\s*[฿₭]?\s*(.*?)\s*[฿₭]?\s*$/su

const DIGITS = /^\d+$/

/** The text read with one convention: minor units, or why it is not an amount written that way. */
function minorWith(text: string, { group, decimal }: Signs): number | Exclude<AmountRefusal, 'empty' | 'ambiguous'> {
  // A space is grouping only where the language groups with a space.
  const body = /\s/u.test(group) ? text.replace(/\s+/gu, group) : text
  const [whole, fraction, ...more] = body.split(decimal)
  if (more.length > 0) return 'invalid'
  if (fraction !== undefined) {
    if (!DIGITS.test(fraction)) return 'invalid'
    if (fraction.length > 2) return 'decimals'
  }
  // Grouped: a first group of 1 to 3 digits, then groups of exactly 3.
  const groups = whole.split(group)
  if (!groups.every((part) => DIGITS.test(part))) return 'invalid'
  if (groups.length > 1 && (groups[0].length > 3 || groups.slice(1).some((part) => part.length !== 3))) return 'invalid'
  const digits = groups.join('')
  if (digits.length > 1 && digits.startsWith('0')) return 'invalid'
  // Both parts are whole numbers, so the sum is exact up to the limit (a safe integer).
  const minor = Number(digits) * 100 + Number((fraction ?? '').padEnd(2, '0'))
  return minor <= MAX_AMOUNT * 100 ? minor : 'invalid'
}

/**
 * A typed amount in the player's language: major units with at most 2 decimals, 0 to MAX_AMOUNT
 * (0 included, so a rule can say it is below the minimum). Read the language's way first; what
 * only the other convention (`.` and `,` swapped) reads is refused as ambiguous, never guessed.
 */
export function readAmount(text: string, language: Language): AmountReading {
  const body = SURROUNDINGS.exec(asciiDigits(text))?.[1] ?? ''
  if (body === '') return { ok: false, refusal: 'empty' }
  const own = numberSigns(language)
  const minor = minorWith(body, own)
  if (typeof minor === 'number') return { ok: true, amount: fromMinor(minor) }
  const other: Signs = { group: own.decimal, decimal: own.decimal === '.' ? ',' : '.' }
  return { ok: false, refusal: typeof minorWith(body, other) === 'number' ? 'ambiguous' : minor }
}

const writers = new Map<Language, Intl.NumberFormat>()

/** An amount written into a field the way the player would type it (`1,000.00`, `1.000,00`). */
export function amountText(amount: number, language: Language): string {
  let writer = writers.get(language)
  if (!writer) {
    writer = new Intl.NumberFormat(numberLocale[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    writers.set(language, writer)
  }
  return writer.format(amount)
}
