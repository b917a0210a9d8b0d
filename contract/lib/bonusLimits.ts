// How often a bonus may be received (spec 1, 3, 4): `maxReceived` times in all (type limit), per
// day (day) or per week (week), days and weeks counted in the operator's zone (Asia/Bangkok; Laos
// keeps the same clock). Weeks start on Monday. One rule for the bonus cards of the app and the
// reference server's BONUS_MAX_CLAIMED, so the two never disagree about a card.

export type BonusType = 'limit' | 'day' | 'week'

export const BONUS_TIME_ZONE = 'Asia/Bangkok'

const DAY_MS = 24 * 60 * 60 * 1000

const zoneParts = new Map<string, Intl.DateTimeFormat>()

/** How far `timeZone`'s clock is ahead of UTC at `at` (ms). */
export function zoneOffset(at: number, timeZone: string): number {
  let format = zoneParts.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    })
    zoneParts.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(at).map(({ type, value }) => [type, Number(value)]))
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second)
  return wall - Math.floor(at / 1000) * 1000
}

/**
 * When the period that holds `at` began (epoch ms): null for type limit (it never restarts), the
 * zone's midnight for day, and Monday's midnight for week.
 */
export function periodStart(type: BonusType, at: number, timeZone = BONUS_TIME_ZONE): number | null {
  if (type === 'limit') return null
  const offset = zoneOffset(at, timeZone)
  const wall = at + offset
  const midnight = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS)
  // 1970-01-01 was a Thursday: days since then, shifted so Monday is 0.
  const weekday = (Math.floor(midnight / DAY_MS) + 3) % 7
  const start = type === 'day' ? midnight : midnight - weekday * DAY_MS
  return start - zoneOffset(start - offset, timeZone)
}

/** How many of `receivedAt` (epoch ms) count against the limit at `now`. */
export function receivedInPeriod(type: BonusType, receivedAt: readonly number[], now: number, timeZone = BONUS_TIME_ZONE): number {
  const start = periodStart(type, now, timeZone)
  return start === null ? receivedAt.length : receivedAt.filter((at) => at >= start && at <= now).length
}

export type BonusCardState =
  /** The bonus the player holds now (spec 4: the active marker). */
  | 'current'
  /** Received `maxReceived` times in its period: shown as received, not clickable. */
  | 'received'
  | 'clickable'

export interface BonusCardFacts {
  type: BonusType
  maxReceived: number
  /** The player's own record of this bonus, if any. */
  userBonus?: { isActive: boolean; received: readonly { updatedAt: string }[] } | null
}

/** Spec 4 "Bonus card": current, else received once the period's count reaches maxReceived, else clickable. */
export function bonusCardState({ type, maxReceived, userBonus }: BonusCardFacts, now: number, timeZone = BONUS_TIME_ZONE): BonusCardState {
  if (userBonus?.isActive) return 'current'
  const times = (userBonus?.received ?? []).map(({ updatedAt }) => Date.parse(updatedAt)).filter(Number.isFinite)
  return receivedInPeriod(type, times, now, timeZone) >= maxReceived ? 'received' : 'clickable'
}
