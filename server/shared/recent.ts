import type { Db } from './db'

/**
 * Values every request reads and that rarely change (the terminated switch, the game list), kept
 * per database for `maxAgeMs`: a change made by this instance is seen at once (its writer calls
 * `forgetRecent`), one made by another instance within `maxAgeMs`.
 */
const recent = new WeakMap<Db, Map<string, { value: unknown; readAt: number }>>()

export async function recentValue<T>(db: Db, key: string, maxAgeMs: number, read: () => Promise<T>): Promise<T> {
  let cache = recent.get(db)
  if (!cache) {
    cache = new Map()
    recent.set(db, cache)
  }
  const now = performance.now()
  const hit = cache.get(key)
  if (hit && now - hit.readAt < maxAgeMs) return hit.value as T
  const value = await read()
  cache.set(key, { value, readAt: now })
  return value
}

export function forgetRecent(db: Db, key: string): void {
  recent.get(db)?.delete(key)
}
