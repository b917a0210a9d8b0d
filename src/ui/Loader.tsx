import { startTransition, useEffect, useState } from 'react'
import { subscribe } from 'valtio'
import { useTranslation } from 'react-i18next'
import { ui } from '../state/ui'

/** Spec 9: the loader waits 200 ms, so quick calls never flash it. */
export const LOADER_DELAY_MS = 200

export function useDelayedFlag(active: boolean, delay = LOADER_DELAY_MS): boolean {
  const [elapsed, setElapsed] = useState(false)
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => setElapsed(true), delay)
    return () => {
      clearTimeout(timer)
      setElapsed(false)
    }
  }, [active, delay])
  return active && elapsed
}

/** Whether a call is pending, rendered in a transition. A call starts inside other work (a screen
 *  asks for its data in its first commit's effects), and a store read with useSnapshot renders
 *  synchronously within that task when it changes: the home's first commit grew by that render
 *  (issue 32). The bar shows 200 ms after at the earliest; it need not render at once. */
function useCallPending(): boolean {
  const [pending, setPending] = useState(() => ui.pendingCalls > 0)
  useEffect(() => {
    const update = () => startTransition(() => setPending(ui.pendingCalls > 0))
    update()
    return subscribe(ui, update)
  }, [])
  return pending
}

/** A thin bar at the top while any call has been pending for 200 ms. */
export function Loader() {
  const { t } = useTranslation()
  const shown = useDelayedFlag(useCallPending())
  return shown ? <div className="loader-bar" role="progressbar" aria-label={t('common.loading')} /> : null
}

export function Spinner() {
  return <span className="spinner" aria-hidden="true" />
}

/** A block that holds the place of what is loading: a status a screen reader reads as "Loading"
 *  (a name on a plain div is one ARIA does not allow), drawn as a shimmer of `height` or of what
 *  `className` gives it. `as`: the element of what comes in its place, so the prerendered frame and
 *  the app lay out the same boxes. Here, in the first load's code, not a chunk of its own that home
 *  would fetch as well. */
export function Skeleton({ className, height, as: Element = 'div' }: { className?: string; height?: number; as?: 'div' | 'p' }) {
  const { t } = useTranslation()
  return (
    <Element className={className ? `skeleton ${className}` : 'skeleton'} style={height === undefined ? undefined : { height }}
      role="status" aria-label={t('common.loading')} />
  )
}
