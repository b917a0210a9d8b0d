import { describe, expect, it } from 'vitest'
import { countdownAt, expiryOf } from '../../src/lib/countdown'

describe('QR countdown (spec 4)', () => {
  const received = Date.parse('2026-01-01T10:00:00Z')
  const expires = expiryOf(15 * 60, received)

  it('starts at the minutes the server gave and ticks each second', () => {
    expect(countdownAt(expires, received)).toEqual({ text: '15:00', expired: false })
    expect(countdownAt(expires, received + 1000)).toEqual({ text: '14:59', expired: false })
    expect(countdownAt(expires, received + 14 * 60_000 + 59_500)).toEqual({ text: '00:01', expired: false })
  })

  it('is 00:00 and expired at the end, and stays there', () => {
    expect(countdownAt(expires, expires)).toEqual({ text: '00:00', expired: true })
    expect(countdownAt(expires, expires + 60_000)).toEqual({ text: '00:00', expired: true })
  })

  it('reads a negative expireIn as expired', () => {
    expect(countdownAt(expiryOf(-5, received), received)).toEqual({ text: '00:00', expired: true })
  })
})
