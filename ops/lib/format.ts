import { currentLanguage } from './i18n'

const LOCALE = { th: 'th-TH', la: 'lo-LA', en: 'en-GB' } as const

/** Major units of a currency as staff read them; BAHT is baht. */
export function money(amount: number, currency: string): string {
  const code = currency === 'BAHT' ? 'THB' : currency
  return new Intl.NumberFormat(LOCALE[currentLanguage()], { style: 'currency', currency: code, maximumFractionDigits: 2 }).format(amount)
}

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
