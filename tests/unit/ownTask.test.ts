// ownTask (src/lib/idle.ts, issue 51): a wait that ends in a task of its own, one task per waiter,
// without a timer (a paused clock does not hold it).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ownTask } from '../../src/lib/idle'

/** Every microtask queued by the task running now has run after this. */
async function endOfThisTask(): Promise<void> {
  for (let hop = 0; hop < 100; hop++) await Promise.resolve()
}

afterEach(() => {
  vi.useRealTimers()
})

describe('ownTask', () => {
  it('settles after the task that asked, and two waiters in two tasks', async () => {
    const settled: string[] = []
    // Whether the second had settled once the first's task, microtasks and all, was over.
    const first = ownTask().then(async () => {
      settled.push('first')
      await endOfThisTask()
      return [...settled]
    })
    void ownTask().then(() => settled.push('second'))
    await endOfThisTask()
    expect(settled).toEqual([])
    expect(await first).toEqual(['first'])
    await vi.waitFor(() => expect(settled).toEqual(['first', 'second']))
  })

  it('is not held by a paused clock', async () => {
    vi.useFakeTimers()
    await expect(ownTask()).resolves.toBeUndefined()
  })
})
