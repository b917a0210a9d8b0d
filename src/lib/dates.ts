// Dates in the player's language through dayjs with only its `th` and `lo` locales (English is
// dayjs's built-in). Relative times use the units of spec 9 (lib/time.ts decides the unit; months
// are 30 days) and the locale's own words; dayjs locales have no "N seconds", so those are here.
import dayjs, { type Dayjs } from 'dayjs'
import lo from 'dayjs/locale/lo'
import th from 'dayjs/locale/th'
import type { Language } from '../../contract/lib/language'
import { relativeTimeParts, type RelativeUnit } from './time'

/** Spec 9's date format. */
export const DATE_FORMAT = 'DD/MM/YYYY HH:mm:ss'

type RelativeWords = Required<ILocale['relativeTime']>

/** dayjs's English has no relative words without its plugin; these follow the same shape. */
const english: RelativeWords = {
  future: 'in %s',
  past: '%s ago',
  s: 'a few seconds',
  m: '1 minute',
  mm: '%d minutes',
  h: '1 hour',
  hh: '%d hours',
  d: '1 day',
  dd: '%d days',
  M: '1 month',
  MM: '%d months',
  y: '1 year',
  yy: '%d years',
}

const words: Record<Language, RelativeWords> = {
  en: english,
  th: { ...english, ...th.relativeTime },
  la: { ...english, ...lo.relativeTime },
}

const seconds: Record<Language, { one: string; other: string }> = {
  en: { one: '1 second', other: '%d seconds' },
  th: { one: '1 วินาที', other: '%d วินาที' },
  la: { one: '1 ວິນາທີ', other: '%d ວິນາທີ' },
}

const dayjsLocale: Record<Language, string> = { th: th.name, la: lo.name, en: 'en' }

const unitKeys: Record<Exclude<RelativeUnit, 'second'>, [keyof RelativeWords, keyof RelativeWords]> = {
  minute: ['m', 'mm'],
  hour: ['h', 'hh'],
  day: ['d', 'dd'],
  month: ['M', 'MM'],
  year: ['y', 'yy'],
}

/** A dayjs date in the player's language (month and weekday names), for anything beyond spec 9. */
export const localDate = (date: number | string | Date, language: Language): Dayjs =>
  dayjs(date).locale(dayjsLocale[language])

/** DD/MM/YYYY HH:mm:ss in local time; an unreadable date comes back as it came. */
export function formatDate(date: number | string | Date, language: Language): string {
  const value = localDate(date, language)
  return value.isValid() ? value.format(DATE_FORMAT) : String(date)
}

/** When something last happened, as short as it reads without doubt (issue 51: the balance card's
 *  "updated" line on one line): `21:21` today, `04/12 21:21` earlier this year, spec 9's date
 *  without the seconds before that. An unreadable date comes back as it came. */
export function shortDateTime(date: number | string | Date, language: Language, now: number = Date.now()): string {
  const value = localDate(date, language)
  if (!value.isValid()) return String(date)
  const today = localDate(now, language)
  if (value.isSame(today, 'day')) return value.format('HH:mm')
  return value.format(value.isSame(today, 'year') ? 'DD/MM HH:mm' : 'DD/MM/YYYY HH:mm')
}

/** `3 days ago`, `3 วันที่แล้ว`, `3 ມື້ຜ່ານມາ`; '' for an unreadable date. */
export function relativeTime(date: number | string | Date, language: Language, now: number = Date.now()): string {
  const parts = relativeTimeParts(date, now)
  if (!parts) return ''
  const locale = words[language]
  let amount: string
  if (parts.unit === 'second') {
    amount = parts.value === 0 ? locale.s : parts.value === 1 ? seconds[language].one : seconds[language].other
  } else {
    const [single, plural] = unitKeys[parts.unit]
    amount = parts.value === 1 ? locale[single] : locale[plural]
  }
  const text = amount.replace('%d', String(parts.value))
  return (parts.future ? locale.future : locale.past).replace('%s', text)
}
