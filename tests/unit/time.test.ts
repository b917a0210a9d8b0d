import { describe, expect, it } from 'vitest'
import { countdown, relativeTimeParts } from '../../src/lib/time'
import { DATE_FORMAT, formatDate, localDate, relativeTime, shortDateTime } from '../../src/lib/dates'

const now = new Date(2024, 5, 15, 12, 0, 0).getTime()
const ago = (seconds: number) => now - seconds * 1000
const MIN = 60
const HOUR = 60 * MIN
const DAY = 24 * HOUR

describe('countdown (spec 4: mm:ss to expiry, 00:00 when expired)', () => {
  it.each([
    [15 * MIN, '15:00'],
    [5 * MIN + 7, '05:07'],
    [59, '00:59'],
    [1, '00:01'],
  ])('%d s left → %s', (left, text) => {
    expect(countdown(now + left * 1000, now)).toEqual({ text, seconds: left, expired: false })
  })

  it('rounds a part second up, so 00:00 shows only at expiry', () => {
    expect(countdown(now + 500, now)).toEqual({ text: '00:01', seconds: 1, expired: false })
    expect(countdown(now + 60_001, now).text).toBe('01:01')
  })

  it('is 00:00 and expired at and after the expiry', () => {
    expect(countdown(now, now)).toEqual({ text: '00:00', seconds: 0, expired: true })
    expect(countdown(now - 90_000, now)).toEqual({ text: '00:00', seconds: 0, expired: true })
  })

  it('lets minutes pass 99 rather than wrap', () => {
    expect(countdown(now + 120 * MIN * 1000, now).text).toBe('120:00')
  })

  it('takes ISO strings and Dates; an unreadable expiry is expired', () => {
    expect(countdown(new Date(now + 61_000).toISOString(), now).text).toBe('01:01')
    expect(countdown(new Date(now + 2_000), now).text).toBe('00:02')
    expect(countdown('soon', now).expired).toBe(true)
  })
})

describe('relativeTimeParts (spec 9 units, months of 30 days)', () => {
  it.each([
    [0, 'second', 0],
    [45, 'second', 45],
    [MIN, 'minute', 1],
    [59 * MIN + 59, 'minute', 59],
    [HOUR, 'hour', 1],
    [23 * HOUR, 'hour', 23],
    [DAY, 'day', 1],
    [29 * DAY, 'day', 29],
    [30 * DAY, 'month', 1],
    [59 * DAY, 'month', 1],
    [60 * DAY, 'month', 2],
    [364 * DAY, 'month', 12],
    [365 * DAY, 'year', 1],
    [3 * 365 * DAY, 'year', 3],
  ] as const)('%d s ago → %d %s', (seconds, unit, value) => {
    expect(relativeTimeParts(ago(seconds), now)).toEqual({ unit, value, future: false })
  })

  it('marks future dates', () => {
    expect(relativeTimeParts(now + 2 * HOUR * 1000, now)).toEqual({ unit: 'hour', value: 2, future: true })
  })

  it('returns null for an unreadable date', () => {
    expect(relativeTimeParts('yesterday', now)).toBeNull()
  })
})

describe('relativeTime texts (dayjs th and lo locales)', () => {
  it.each([
    ['en', 3 * DAY, '3 days ago'],
    ['en', DAY, '1 day ago'],
    ['en', 40 * DAY, '1 month ago'],
    ['en', 2 * 365 * DAY, '2 years ago'],
    ['en', 5, '5 seconds ago'],
    ['en', 1, '1 second ago'],
    ['en', 0, 'a few seconds ago'],
    ['th', 3 * DAY, '3 วันที่แล้ว'],
    ['th', 5 * MIN, '5 นาทีที่แล้ว'],
    ['th', 90 * DAY, '3 เดือนที่แล้ว'],
    ['th', 12, '12 วินาทีที่แล้ว'],
    ['la', 3 * DAY, '3 ມື້ຜ່ານມາ'],
    ['la', 2 * HOUR, '2 ຊົ່ວໂມງຜ່ານມາ'],
    ['la', 12, '12 ວິນາທີຜ່ານມາ'],
  ] as const)('%s, %d s ago → %s', (language, seconds, text) => {
    expect(relativeTime(ago(seconds), language, now)).toBe(text)
  })

  it('words the future with the locale', () => {
    expect(relativeTime(now + 2 * MIN * 1000, 'en', now)).toBe('in 2 minutes')
    expect(relativeTime(now + 2 * MIN * 1000, 'th', now)).toBe('อีก 2 นาที')
  })

  it('is empty for an unreadable date', () => {
    expect(relativeTime('nope', 'th', now)).toBe('')
  })
})

describe('formatDate (spec 9: DD/MM/YYYY HH:mm:ss, Gregorian year in every language)', () => {
  it.each(['en', 'th', 'la'] as const)('%s', (language) => {
    const local = new Date(2024, 0, 5, 3, 4, 9)
    expect(formatDate(local.toISOString(), language)).toBe('05/01/2024 03:04:09')
    expect(formatDate(local.getTime(), language)).toBe('05/01/2024 03:04:09')
  })

  it('returns an unreadable date as it came', () => {
    expect(formatDate('not a date', 'th')).toBe('not a date')
  })

  it('uses the language for month names', () => {
    const local = new Date(2024, 0, 5)
    expect(localDate(local, 'th').format('MMMM')).toBe('มกราคม')
    expect(localDate(local, 'la').format('MMMM')).toBe('ມັງກອນ')
    expect(localDate(local, 'en').format('MMMM')).toBe('January')
    expect(DATE_FORMAT).toBe('DD/MM/YYYY HH:mm:ss')
  })
})

describe('shortDateTime (issue 51: the balance card says when it was updated on one short line)', () => {
  const now = new Date(2026, 11, 5, 21, 40, 0).getTime()
  it('says the time alone today, the day and month this year, and the whole date before', () => {
    expect(shortDateTime(new Date(2026, 11, 5, 21, 21, 9).getTime(), 'th', now)).toBe('21:21')
    expect(shortDateTime(new Date(2026, 11, 5, 0, 0, 0).getTime(), 'la', now)).toBe('00:00')
    expect(shortDateTime(new Date(2026, 11, 4, 23, 59, 0).getTime(), 'th', now)).toBe('04/12 23:59')
    expect(shortDateTime(new Date(2025, 11, 31, 8, 5, 0).toISOString(), 'en', now)).toBe('31/12/2025 08:05')
  })
  it('gives an unreadable date back as it came', () => {
    expect(shortDateTime('not a date', 'th', now)).toBe('not a date')
  })
})
