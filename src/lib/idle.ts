/** Runs `work` once the main thread is idle (at the latest after `timeout` ms), or 50 ms from now
 *  where there are no idle callbacks (Safari's webviews). Returns what cancels it. */
export function whenIdle(work: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout })
    return () => window.cancelIdleCallback(id)
  }
  const id = setTimeout(work, 50)
  return () => clearTimeout(id)
}

/** A promise that settles in a task of its own: what comes after it does not lengthen the task
 *  running now (issue 32: a phone's long tasks are what it cannot answer a tap during). */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Runs `work` once the page has made no request for `quietMs` (its last one finished that long
 * ago), and at the latest `atMostMs` from now: for background downloads that would otherwise share
 * a weak connection, and a slow phone's cores, with what the player opened. Watches the page's
 * resource timings; where there are none to watch, it waits `quietMs`. Returns what cancels it.
 */
export function whenNetworkQuiet(work: () => void, quietMs: number, atMostMs: number): () => void {
  const start = performance.now()
  let lastRequest = start
  let observer: PerformanceObserver | null = null
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('resource')) {
    observer = new PerformanceObserver(() => {
      lastRequest = performance.now()
    })
    observer.observe({ type: 'resource' })
  }
  let timer: ReturnType<typeof setTimeout>
  const check = () => {
    const now = performance.now()
    const quietFor = now - lastRequest
    if (quietFor >= quietMs || now - start >= atMostMs) {
      observer?.disconnect()
      work()
      return
    }
    timer = setTimeout(check, Math.min(quietMs - quietFor, atMostMs - (now - start)))
  }
  timer = setTimeout(check, quietMs)
  return () => {
    clearTimeout(timer)
    observer?.disconnect()
  }
}
