// The service worker's wait (src/main.tsx, issue 51): whenNetworkQuiet runs its work once the page
// has made no request for a while, and at the latest after its bound, whatever the page does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { whenNetworkQuiet } from '../../src/lib/idle'

/** The page's resource timings: `finish()` is a request ending now. */
const observers = new Set<() => void>()
class FakePerformanceObserver {
  static supportedEntryTypes = ['resource']
  constructor(private readonly callback: () => void) {}
  observe = () => void observers.add(this.callback)
  disconnect = () => void observers.delete(this.callback)
}
const finish = () => observers.forEach((callback) => callback())

describe('whenNetworkQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    observers.clear()
  })

  it('runs once nothing has been asked for over the quiet time, not before', () => {
    const work = vi.fn()
    whenNetworkQuiet(work, 5_000, 30_000)
    vi.advanceTimersByTime(4_999)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(work).toHaveBeenCalledTimes(1)
    expect(observers.size).toBe(0)
  })

  it('counts the quiet from the last request to finish', () => {
    const work = vi.fn()
    whenNetworkQuiet(work, 5_000, 30_000)
    vi.advanceTimersByTime(3_000)
    finish()
    vi.advanceTimersByTime(4_999)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(work).toHaveBeenCalledTimes(1)
  })

  it('runs at its bound on a page that never goes quiet, once', () => {
    const work = vi.fn()
    whenNetworkQuiet(work, 5_000, 30_000)
    for (let second = 1; second < 30; second += 1) {
      vi.advanceTimersByTime(1_000)
      finish()
    }
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1_000)
    expect(work).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(60_000)
    expect(work).toHaveBeenCalledTimes(1)
  })

  it('never runs once cancelled, and stops watching', () => {
    const work = vi.fn()
    const cancel = whenNetworkQuiet(work, 5_000, 30_000)
    vi.advanceTimersByTime(2_000)
    cancel()
    vi.advanceTimersByTime(60_000)
    expect(work).not.toHaveBeenCalled()
    expect(observers.size).toBe(0)
  })

  it('waits the quiet time where the page has no resource timings to watch', () => {
    vi.stubGlobal('PerformanceObserver', undefined)
    const work = vi.fn()
    whenNetworkQuiet(work, 5_000, 30_000)
    vi.advanceTimersByTime(4_999)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(work).toHaveBeenCalledTimes(1)
  })
})
