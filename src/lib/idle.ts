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
