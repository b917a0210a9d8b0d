// The app keeps a few keys of its own in history.state: the entry index (app/history.ts), the
// modal layer (ui/historyLayer.ts) and the register wizard's step. One reader for all of them.

/** history.state (or a given state) as a plain object; anything else reads as empty. */
export function stateObject(state: unknown = window.history.state): Record<string, unknown> {
  return state && typeof state === 'object' ? (state as Record<string, unknown>) : {}
}

export function stateNumber(key: string, state?: unknown): number | undefined {
  const value = stateObject(state)[key]
  return typeof value === 'number' ? value : undefined
}
