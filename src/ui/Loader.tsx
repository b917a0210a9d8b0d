import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
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

/** A thin bar at the top while any call has been pending for 200 ms. */
export function Loader() {
  const { pendingCalls } = useSnapshot(ui)
  const { t } = useTranslation()
  const shown = useDelayedFlag(pendingCalls > 0)
  return shown ? <div className="loader-bar" role="progressbar" aria-label={t('common.loading')} /> : null
}

export function Spinner() {
  return <span className="spinner" aria-hidden="true" />
}
