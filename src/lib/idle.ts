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

const waiting: (() => void)[] = []
let channel: MessageChannel | undefined

/** A promise that settles in a task of its own, as nextTask's, through a message rather than a
 *  timer: no 4 ms more from the fifth timer in a row, and a test's paused clock does not hold it.
 *  Each waiter gets a message (a task) of its own. */
export function ownTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return nextTask()
  if (!channel) {
    channel = new MessageChannel()
    channel.port1.onmessage = () => waiting.shift()?.()
    // Node's ports (the app's tests run there) keep a process alive; a browser's have no unref.
    ;(channel.port1 as { unref?: () => void }).unref?.()
  }
  const port = channel.port2
  return new Promise((resolve) => {
    waiting.push(resolve)
    port.postMessage(null)
  })
}

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
