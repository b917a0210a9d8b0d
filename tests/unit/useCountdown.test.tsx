import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useCountdown } from '../../src/ui/useCountdown'

const start = new Date(2024, 5, 15, 12, 0, 0).getTime()

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] })
  vi.setSystemTime(start)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useCountdown', () => {
  it('ticks once a second down to 00:00 and then reports expired', () => {
    const { result } = renderHook(() => useCountdown(start + 3_000))
    expect(result.current).toEqual({ text: '00:03', seconds: 3, expired: false })

    act(() => vi.advanceTimersByTime(1_000))
    expect(result.current.text).toBe('00:02')
    act(() => vi.advanceTimersByTime(1_000))
    expect(result.current.text).toBe('00:01')
    act(() => vi.advanceTimersByTime(1_000))
    expect(result.current).toEqual({ text: '00:00', seconds: 0, expired: true })
  })

  it('counts minutes and seconds', () => {
    const { result } = renderHook(() => useCountdown(new Date(start + 15 * 60_000).toISOString()))
    expect(result.current.text).toBe('15:00')
    act(() => vi.advanceTimersByTime(61_000))
    expect(result.current.text).toBe('13:59')
  })

  it('stops its interval once expired', () => {
    renderHook(() => useCountdown(start + 2_000))
    expect(vi.getTimerCount()).toBe(1)
    act(() => vi.advanceTimersByTime(2_000))
    expect(vi.getTimerCount()).toBe(0)
  })

  it('clears its interval on unmount', () => {
    const { unmount } = renderHook(() => useCountdown(start + 60_000))
    expect(vi.getTimerCount()).toBe(1)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('starts no timer for a past or missing expiry', () => {
    const past = renderHook(() => useCountdown(start - 1_000))
    expect(past.result.current).toEqual({ text: '00:00', seconds: 0, expired: true })
    const missing = renderHook(() => useCountdown(null))
    expect(missing.result.current.expired).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('shows a new expiry at once, with one interval in place of the old one', () => {
    const { result, rerender } = renderHook(({ at }) => useCountdown(at), { initialProps: { at: start + 5_000 } })
    act(() => vi.advanceTimersByTime(5_000))
    expect(result.current.expired).toBe(true)

    rerender({ at: Date.now() + 10 * 60_000 })
    expect(result.current).toEqual({ text: '10:00', seconds: 600, expired: false })
    expect(vi.getTimerCount()).toBe(1)
    act(() => vi.advanceTimersByTime(1_000))
    expect(result.current.text).toBe('09:59')
  })
})
