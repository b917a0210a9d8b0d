// Days and wall clocks in the operator's time zone (TIME_ZONE: Bangkok or Vientiane by variant):
// the day's book's days (wallet/dayBook.ts), a bank statement's times (deposit/bankStatement.ts),
// when the next cashback is counted (rewards/rewards.ts).

import type { Variant } from '../../contract'

/** The operator's zone when TIME_ZONE names none: the variant's country. */
export const variantZone = (variant: Variant): string => (variant === 'la' ? 'Asia/Vientiane' : 'Asia/Bangkok')

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(at).map((part) => [part.type, Number(part.value)]))
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(at / 1000) * 1000
}

/** A wall-clock time in `timeZone`, epoch milliseconds (twice round, for a zone whose offset changes that day). */
export function zonedTime(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second)
  const first = wall - offsetAt(wall, timeZone)
  return wall - offsetAt(first, timeZone)
}

const midnight = (year: number, month: number, day: number, timeZone: string): number => zonedTime(timeZone, year, month, day)

/** The bounds of `day` (YYYY-MM-DD) in `timeZone`: [from, to). Undefined for a date that is not one. */
export function dayBounds(day: string, timeZone: string): { from: number; to: number } | undefined {
  const match = DAY.exec(day)
  if (!match) return undefined
  const [year, month, date] = match.slice(1).map(Number)
  const check = new Date(Date.UTC(year, month - 1, date))
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return undefined
  return { from: midnight(year, month, date, timeZone), to: midnight(year, month, date + 1, timeZone) }
}

/** The calendar date of `at` in `timeZone`, YYYY-MM-DD. */
export function dayOf(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

/** Where the next period after `at` starts in `timeZone`: tomorrow's midnight, next Monday's, or the next month's first day's. */
export function nextPeriodStart(at: number, period: 'day' | 'week' | 'month', timeZone: string): number {
  const [year, month, day] = dayOf(at, timeZone).split('-').map(Number)
  if (period === 'month') return zonedTime(timeZone, year, month + 1, 1)
  if (period === 'day') return zonedTime(timeZone, year, month, day + 1)
  // ISO weeks start on Monday: getUTCDay of the calendar date, Sunday 0.
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  return zonedTime(timeZone, year, month, day + ((8 - weekday) % 7 || 7))
}
