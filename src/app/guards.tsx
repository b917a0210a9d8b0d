import { useEffect, useState, type ReactNode } from 'react'
import { Redirect, useLocation } from 'wouter'
import { useSnapshot } from 'valtio'
import { ACTIVE_CHECK_WAIT_MS } from '../api/early'
import { useActive } from '../api/lookup'
import { session } from '../state/session'
import { CheckRunning } from '../ui/ReservedSkeleton'
import { loginWith, paths } from '../../contract/lib/paths'
import { prerenderedShowsForm } from '../ui/prerendered'

/** A protected route with no token goes to /login carrying the wanted URL (spec 2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSnapshot(session)
  if (!token) {
    const wanted = window.location.pathname + window.location.search
    const to = loginWith(wanted)
    return <Redirect key={to} to={to} replace />
  }
  return children
}

/** On /login the guard first asks whether the service is active (spec 2): a skeleton in the
 *  form's place until the answer (the page holds it: HeldWhileChecking), then the form, or
 *  /terminated. A failed check, or one slower than ACTIVE_CHECK_WAIT_MS, shows the form. */
export function LoginGuard({ children }: { children: ReactNode }) {
  const active = useActive()
  const [, navigate] = useLocation()
  // A form the page prerendered (issue 32) that has shown after the same check (or 3 s) stays.
  const [waitedEnough, setWaitedEnough] = useState(prerenderedShowsForm)
  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), ACTIVE_CHECK_WAIT_MS)
    return () => clearTimeout(timer)
  }, [])
  const terminated = active.data?.terminated === true
  const asking = active.isFetching
  useEffect(() => {
    if (!active.data) return
    // Sent away on today's answer, not on the one from before being asked again; on that one all
    // the same once the guard has waited its longest (a check that hangs in a maintenance).
    if (active.data.terminated) {
      if (!asking || waitedEnough) navigate(paths.terminated, { replace: true })
    } else document.documentElement.classList.remove('is-terminated')
  }, [active.data, asking, waitedEnough, navigate])
  return <CheckRunning value={terminated || (active.isPending && !waitedEnough)}>{children}</CheckRunning>
}
