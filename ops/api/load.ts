// Reading from the API with its loading and error states, read again on demand (a decision, a live
// event, the tab coming back into view). What was read stays shown while it is read again.
import { useCallback, useEffect, useState } from 'react'
import { OpsError } from './call'

export interface Loaded<T> {
  data: T | undefined
  error: OpsError | undefined
  loading: boolean
  reload: () => void
}

/** `deps`: plain values (numbers, strings) that, changed, read again. */
export function useLoad<T>(read: () => Promise<T>, deps: readonly (string | number | undefined)[]): Loaded<T> {
  const [turn, setTurn] = useState(0)
  const key = JSON.stringify([turn, ...deps])
  const [state, setState] = useState<{ key?: string; data?: T; error?: OpsError }>({})
  useEffect(() => {
    let live = true
    read().then(
      (data) => live && setState({ key, data }),
      (error: unknown) => live && setState((before) => ({ key, data: before.data, error: error instanceof OpsError ? error : new OpsError('other', 0) })),
    )
    return () => {
      live = false
    }
    // `read` is a new function each render; what it reads is named by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  const reload = useCallback(() => setTurn((n) => n + 1), [])
  return { data: state.data, error: state.error, loading: state.key !== key, reload }
}
