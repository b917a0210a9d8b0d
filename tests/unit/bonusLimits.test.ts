// @vitest-environment node
// Spec 1, 3, 4: a bonus is received at most maxReceived times in all (limit), a day (day) or a week
// (week), counted in Asia/Bangkok (UTC+7): its day begins at 17:00 UTC, its week on Monday.
import { describe, expect, it } from 'vitest'
import { bonusCardState, periodStart, receivedInPeriod } from '../../contract/lib/bonusLimits'

const at = (iso: string) => Date.parse(iso)
const bangkokMidnight = (date: string) => at(`${date}T00:00:00+07:00`)

describe('the period a bonus limit counts in (Asia/Bangkok)', () => {
  it('starts a day at midnight in Bangkok, 17:00 UTC the day before', () => {
    expect(periodStart('day', at('2026-11-24T16:59:59Z'))).toBe(bangkokMidnight('2026-11-24'))
    expect(periodStart('day', at('2026-11-24T17:00:00Z'))).toBe(bangkokMidnight('2026-11-25'))
    expect(periodStart('day', at('2026-11-24T00:00:00+07:00'))).toBe(bangkokMidnight('2026-11-24'))
  })

  it('starts a week on Monday at midnight in Bangkok', () => {
    // 2026-11-23 is a Monday.
    expect(periodStart('week', at('2026-11-29T23:59:59+07:00'))).toBe(bangkokMidnight('2026-11-23'))
    expect(periodStart('week', at('2026-11-30T00:00:00+07:00'))).toBe(bangkokMidnight('2026-11-30'))
    // Sunday evening in UTC is Monday morning in Bangkok.
    expect(periodStart('week', at('2026-11-29T17:30:00Z'))).toBe(bangkokMidnight('2026-11-30'))
    expect(periodStart('week', at('2026-11-23T00:00:00+07:00'))).toBe(bangkokMidnight('2026-11-23'))
  })

  it('never restarts for type limit', () => {
    expect(periodStart('limit', at('2026-11-24T12:00:00Z'))).toBeNull()
  })

  it('follows another zone when told', () => {
    expect(periodStart('day', at('2026-11-24T23:30:00Z'), 'UTC')).toBe(at('2026-11-24T00:00:00Z'))
  })

  it('counts only what was received in the period so far', () => {
    const received = ['2026-11-22T23:59:59+07:00', '2026-11-23T00:00:00+07:00', '2026-11-24T09:00:00+07:00'].map(at)
    const now = at('2026-11-24T10:00:00+07:00')
    expect(receivedInPeriod('limit', received, now)).toBe(3)
    expect(receivedInPeriod('week', received, now)).toBe(2)
    expect(receivedInPeriod('day', received, now)).toBe(1)
  })
})

describe('bonus card state (spec 4)', () => {
  const received = (...times: string[]) => times.map((updatedAt) => ({ updatedAt }))

  it('is current while the player holds it, whatever the count', () => {
    expect(bonusCardState({ type: 'limit', maxReceived: 1, userBonus: { isActive: true, received: received('2026-11-01T00:00:00Z') } }, at('2026-11-24T00:00:00Z'))).toBe('current')
  })

  it('is clickable when never received, and for a bonus the player has no record of', () => {
    expect(bonusCardState({ type: 'day', maxReceived: 1, userBonus: null }, at('2026-11-24T00:00:00Z'))).toBe('clickable')
    expect(bonusCardState({ type: 'day', maxReceived: 1 }, at('2026-11-24T00:00:00Z'))).toBe('clickable')
  })

  it.each([
    // type, maxReceived, received at (Bangkok), now (Bangkok), state
    ['limit', 2, ['2026-01-01T10:00:00+07:00'], '2026-11-24T10:00:00+07:00', 'clickable'],
    ['limit', 2, ['2026-01-01T10:00:00+07:00', '2026-06-01T10:00:00+07:00'], '2026-11-24T10:00:00+07:00', 'received'],
    ['day', 1, ['2026-11-24T00:00:00+07:00'], '2026-11-24T23:59:59+07:00', 'received'],
    ['day', 1, ['2026-11-23T23:59:59+07:00'], '2026-11-24T00:00:00+07:00', 'clickable'],
    ['day', 2, ['2026-11-24T08:00:00+07:00'], '2026-11-24T09:00:00+07:00', 'clickable'],
    ['week', 1, ['2026-11-23T00:00:00+07:00'], '2026-11-29T23:59:59+07:00', 'received'],
    ['week', 1, ['2026-11-22T23:59:59+07:00'], '2026-11-23T00:00:01+07:00', 'clickable'],
    ['week', 1, ['2026-11-29T12:00:00+07:00'], '2026-11-30T00:00:00+07:00', 'clickable'],
  ] as const)('%s, max %i, received %j, at %s: %s', (type, maxReceived, times, now, state) => {
    expect(bonusCardState({ type, maxReceived, userBonus: { isActive: false, received: received(...times) } }, at(now))).toBe(state)
  })

  it('ignores a received time it cannot read', () => {
    expect(bonusCardState({ type: 'limit', maxReceived: 1, userBonus: { isActive: false, received: received('not a date') } }, at('2026-11-24T00:00:00Z'))).toBe('clickable')
  })
})
