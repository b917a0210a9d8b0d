import { currencyOf, formatMoney, isoCurrency } from '../../contract/lib/money'
import { currentLanguage } from './i18n'

const LOCALE = { th: 'th-TH', la: 'lo-LA', en: 'en-GB' } as const

/** Major units of a currency as the player's app writes them (฿1,234.50, kip whole: ₭1,234,500),
 *  so staff and the member they talk to read one figure alike; BAHT is baht. */
export const money = (amount: number, currency: string): string => formatMoney(amount, currentLanguage(), currencyOf(currency))

/** A member's currency by its ISO code, as a form's label names it: BAHT is THB. */
export const currencyCode = (currency: string): string => isoCurrency(currencyOf(currency))

export function when(iso: string): string {
  return new Intl.DateTimeFormat(LOCALE[currentLanguage()], { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso))
}

/** An amount typed by staff: above 0, at most two decimals; undefined when it is not one. */
export function typedAmount(text: string): number | undefined {
  const trimmed = text.trim().replace(/,/g, '')
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return undefined
  const amount = Number(trimmed)
  return amount > 0 ? amount : undefined
}
