/**
 * `work`'s outcome if it settles within `ms`, otherwise what `late()` gives (or throws) at that
 * moment; the timer is cleared either way, so nothing waits on it after the answer. The work itself
 * is not stopped: a late answer is dropped.
 */
export async function within<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      work,
      new Promise<T>((resolve, reject) => {
        timer = setTimeout(() => {
          try {
            resolve(late())
          } catch (error) {
            reject(error)
          }
        }, ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}
