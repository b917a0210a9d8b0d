// Spec 9: dates show as DD/MM/YYYY HH:mm:ss, and relative times in years, months of 30 days,
// days, hours, minutes and seconds. Plain Intl-free code keeps dayjs out of the first-load bundle;
// the localized texts (dayjs with its th and lo locales) are in lib/dates.ts.
const pad = (n: number) => String(n).padStart(2, '0')

export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${formatDay(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}

/** The day alone, DD/MM/YYYY (a created date: the profile's "member since"). */
export function formatDay(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`
}

const toMillis = (value: number | string | Date): number =>
  typeof value === 'number' ? value : new Date(value).getTime()

export interface Countdown {
  /** `mm:ss`; minutes grow past 99 rather than wrap. `00:00` once expired. */
  text: string
  /** Whole seconds left, rounded up, so `00:00` shows only at the expiry itself. */
  seconds: number
  expired: boolean
}

/** The QR deposit countdown of spec 4 at `now`; an unreadable expiry counts as expired. */
export function countdown(expireAt: number | string | Date, now: number): Countdown {
  const end = toMillis(expireAt)
  const seconds = Number.isFinite(end) ? Math.max(0, Math.ceil((end - now) / 1000)) : 0
  return { text: `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`, seconds, expired: seconds === 0 }
}

export type RelativeUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'

export interface RelativeTime {
  unit: RelativeUnit
  /** Whole units, rounded down. */
  value: number
  future: boolean
}

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Spec 9: a month is 30 days; a year is taken as 365 days. */
export const RELATIVE_UNIT_SECONDS: Record<RelativeUnit, number> = {
  year: 365 * DAY,
  month: 30 * DAY,
  day: DAY,
  hour: HOUR,
  minute: MINUTE,
  second: 1,
}
const UNITS_LARGEST_FIRST: RelativeUnit[] = ['year', 'month', 'day', 'hour', 'minute', 'second']

/** The largest unit of spec 9 that fits the distance between `date` and `now`; null if unreadable. */
export function relativeTimeParts(date: number | string | Date, now: number): RelativeTime | null {
  const at = toMillis(date)
  if (!Number.isFinite(at)) return null
  const seconds = Math.floor(Math.abs(now - at) / 1000)
  const unit = UNITS_LARGEST_FIRST.find((candidate) => seconds >= RELATIVE_UNIT_SECONDS[candidate]) ?? 'second'
  return { unit, value: Math.floor(seconds / RELATIVE_UNIT_SECONDS[unit]), future: at > now }
}
