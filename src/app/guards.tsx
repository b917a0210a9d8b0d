import { useEffect, type ReactNode } from 'react'
import { Redirect, useLocation } from 'wouter'
import { useSnapshot } from 'valtio'
import { useActive } from '../features/auth/api'
import { session } from '../state/session'
import { loginWith, paths } from './paths'

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

/** On /login the guard first asks whether the service is active (spec 2). */
export function LoginGuard({ children }: { children: ReactNode }) {
  const active = useActive()
  const [, navigate] = useLocation()
  useEffect(() => {
    if (!active.data) return
    if (active.data.terminated) navigate(paths.terminated, { replace: true })
    else document.documentElement.classList.remove('is-terminated')
  }, [active.data, navigate])
  return children
}
