// Amounts as players see and type them (spec 9: at least 2 decimals). The wire carries decimal
// numbers in major units; the reference server keeps integer minor units.
import type { Language } from '../i18n/language'
import { htmlLang } from '../i18n/language'

/** The Lao variant's BAHT is the baht: ISO THB. Anything unknown is shown as a plain number. */
const ISO_CURRENCY: Record<string, string> = { THB: 'THB', BAHT: 'THB', LAK: 'LAK' }

const formats = new Map<string, Intl.NumberFormat>()

/** `amount` in the player's language and the member's currency, e.g. ฿1,234.50 (th), ₭1.234,50 (la). */
export function formatMoney(amount: number, language: Language, currency: string): string {
  const iso = ISO_CURRENCY[currency.trim().toUpperCase()]
  const key = `${language}/${iso ?? ''}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(htmlLang[language], {
      ...(iso ? { style: 'currency', currency: iso, currencyDisplay: 'narrowSymbol' } : {}),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    formats.set(key, format)
  }
  return format.format(amount)
}

/** What a player typed as an amount: digits with at most 2 decimals (group commas and spaces
 *  allowed), above 0. Anything else is null, so the form can say so and keep the text. */
export function parseAmount(text: string): number | null {
  const plain = text.replace(/[\s,]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null
  const amount = Number(plain)
  return amount > 0 && Number.isSafeInteger(Math.round(amount * 100)) ? amount : null
}

/** Major units to integer minor units, without float drift (0.29 -> 29, not 28). */
export const toMinor = (amount: number): number => Math.round(amount * 100)
