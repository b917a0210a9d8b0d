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
