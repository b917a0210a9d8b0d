// Money as players see it (spec 1, 9): Intl.NumberFormat in the player's language, at least 2
// decimals, in baht or kip. On the wire amounts are major units with up to two decimals; sums go
// through integer minor units so 0.1 + 0.2 stays 0.30. What players type is read in amount.ts.
import type { Currency } from '../api/contract'
import type { Language } from './language'

/** Number-format locale per language: Lao is `lo` (the app's `la` is not a BCP 47 tag for it). */
export const numberLocale: Record<Language, string> = { th: 'th-TH', la: 'lo-LA', en: 'en-US' }

/** ISO 4217 code: the Lao variant's BAHT is the Thai baht. */
export const isoCurrency = (currency: Currency): 'THB' | 'LAK' => (currency === 'LAK' ? 'LAK' : 'THB')

/** Extra decimals shown when a value has them (a card value is balance × ftWalletSlot). */
export const MAX_FRACTION_DIGITS = 4

const formatters = new Map<string, Intl.NumberFormat>()

function formatter(language: Language, currency: Currency | undefined, whole = false): Intl.NumberFormat {
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

/** A plain amount: `1,234.50` (en, th), `1.234,50` (lo). Not a finite number: shown as 0. */
export const formatAmount = (amount: number, language: Language): string =>
  formatter(language, undefined).format(Number.isFinite(amount) ? amount : 0)

/** A number without padded decimals, with the currency's sign when given: `฿1`, `0.5` (a game's rate). */
export const formatWhole = (amount: number, language: Language, currency?: Currency): string =>
  formatter(language, currency, true).format(Number.isFinite(amount) ? amount : 0)

/**
 * An amount with its currency sign: `฿1,234.50`, `₭1.234.500` (lo). Baht keeps its two decimals
 * (spec 9); kip is written whole, as Lao banks write it (issue 29), with its decimals only when it
 * has some (a game card's value).
 */
export function formatMoney(amount: number, language: Language, currency: Currency): string {
  const value = Number.isFinite(amount) ? amount : 0
  return formatter(language, currency, isoCurrency(currency) === 'LAK' && Number.isInteger(value)).format(value)
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
