// Money as players see it (spec 1, 9): in the player's language, at least 2 decimals, in baht or
// kip. On the wire amounts are major units with up to two decimals; sums go through integer minor
// units so 0.1 + 0.2 stays 0.30. What players type is read in amount.ts.
import type { Currency } from '..'
import type { Language } from './language'

/** Number-format locale per language: Lao is `lo` (the app's `la` is not a BCP 47 tag for it). */
export const numberLocale: Record<Language, string> = { th: 'th-TH', la: 'lo-LA', en: 'en-US' }

/** ISO 4217 code: the Lao variant's BAHT is the Thai baht. */
export const isoCurrency = (currency: Currency): 'THB' | 'LAK' => (currency === 'LAK' ? 'LAK' : 'THB')

/** Extra decimals shown when a value has them (a card value is balance × ftWalletSlot). */
export const MAX_FRACTION_DIGITS = 4

const formatters = new Map<string, Intl.NumberFormat>()

function formatter(language: Language, currency: Currency | undefined, whole: boolean): Intl.NumberFormat {
  const key = `${language}/${currency ?? ''}/${whole ? 0 : 2}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.NumberFormat(numberLocale[language], {
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: MAX_FRACTION_DIGITS,
      ...(currency ? { style: 'currency', currency: isoCurrency(currency), currencyDisplay: 'narrowSymbol' } : {}),
    })
    formatters.set(key, format)
  }
  return format
}

const SIGN = { THB: '฿', LAK: '₭' } as const

/** |value| as decimal digits before and after the point, from its shortest round-trip writing
 *  (`1.00005`, not the double's 1.0000499…): the digits ICU rounds. */
function decimalDigits(value: number): [string, string] {
  const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e')
  const [integer, fraction = ''] = mantissa.split('.')
  const shift = Number(exponent)
  const digits = integer + fraction
  const point = integer.length + shift
  if (point <= 0) return ['0', '0'.repeat(-point) + digits]
  return [digits.slice(0, point).padEnd(point, '0').replace(/^0+(?=\d)/, ''), digits.slice(point)]
}

/**
 * `value` as th-TH and en-US write it (every ICU build alike: `,` groups, `.` before the decimals,
 * the minus before the currency sign), without Intl: a page's first Intl.NumberFormat loads ICU's
 * number data, a 20 to 40 ms task on a phone, and the home writes its balance before anything else
 * would need it (issue 32). Rounded as Intl rounds: the shortest writing of the value, half away
 * from zero, at MAX_FRACTION_DIGITS. Lao keeps Intl: ICU builds differ in its signs (`1.234,50` in
 * full ICU, `1,234.50` in reduced ones), and amount.ts reads a typed amount with the signs the
 * platform's ICU writes.
 */
function write(value: number, language: Language, currency: Currency | undefined, whole: boolean): string {
  if (language === 'la') return formatter(language, currency, whole).format(value)
  const [integer, fraction] = decimalDigits(value)
  let kept = BigInt(integer + fraction.slice(0, MAX_FRACTION_DIGITS).padEnd(MAX_FRACTION_DIGITS, '0'))
  if (fraction.charAt(MAX_FRACTION_DIGITS) >= '5') kept += 1n
  const digits = kept.toString().padStart(MAX_FRACTION_DIGITS + 1, '0')
  const grouped = digits.slice(0, -MAX_FRACTION_DIGITS).replace(/\B(?=(\d{3})+$)/g, ',')
  const decimals = digits.slice(-MAX_FRACTION_DIGITS).replace(/0+$/, '').padEnd(whole ? 0 : 2, '0')
  // Intl writes a minus for -0 and for what rounds to 0 from below.
  const minus = value < 0 || Object.is(value, -0) ? '-' : ''
  return `${minus}${currency ? SIGN[isoCurrency(currency)] : ''}${grouped}${decimals ? `.${decimals}` : ''}`
}

/** A plain amount: `1,234.50` (en, th), `1.234,50` (lo). Not a finite number: shown as 0. */
export const formatAmount = (amount: number, language: Language): string =>
  write(Number.isFinite(amount) ? amount : 0, language, undefined, false)

/** A number without padded decimals, with the currency's sign when given: `฿1`, `0.5` (a game's rate). */
export const formatWhole = (amount: number, language: Language, currency?: Currency): string =>
  write(Number.isFinite(amount) ? amount : 0, language, currency, true)

/**
 * An amount with its currency sign: `฿1,234.50`, `₭1.234.500` (lo). Baht keeps its two decimals
 * (spec 9); kip is written whole, as Lao banks write it (issue 29), with its decimals only when it
 * has some (a game card's value).
 */
export function formatMoney(amount: number, language: Language, currency: Currency): string {
  const value = Number.isFinite(amount) ? amount : 0
  return write(value, language, currency, isoCurrency(currency) === 'LAK' && Number.isInteger(value))
}

/** The largest amount a player may type: its minor units stay a safe integer. */
export const MAX_AMOUNT = Math.floor(Number.MAX_SAFE_INTEGER / 100)

/** Major units to integer minor units (satang, att), half up; 15 significant digits first, so
 *  1.005 (stored as 1.00499…) gives 101, not 100. */
export const toMinor = (amount: number): number => Math.round(Number((amount * 100).toPrecision(15)))

export const fromMinor = (minor: number): number => minor / 100

/** A sum of major amounts without floating drift (0.1 + 0.2 = 0.3). */
export const sumAmounts = (amounts: Iterable<number>): number => {
  let minor = 0
  for (const amount of amounts) if (Number.isFinite(amount)) minor += toMinor(amount)
  return fromMinor(minor)
}

/** The member's currency as an operator writes it (any case); baht unless it says LAK or BAHT. */
export function currencyOf(value: string | null | undefined): Currency {
  const code = value?.trim().toUpperCase()
  return code === 'LAK' || code === 'BAHT' ? code : 'THB'
}

/** Whether two currencies as operators write them are the same money (BAHT is THB). */
export const sameCurrency = (a: string | null | undefined, b: string | null | undefined): boolean =>
  isoCurrency(currencyOf(a)) === isoCurrency(currencyOf(b))
