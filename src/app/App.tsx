import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Suspense, useEffect } from 'react'
import { forgetMemberWhenSessionEnds, readAgainInNewLanguage } from '../api/queryClient'
import { Loader } from '../ui/Loader'
import { followThemeColor } from '../ui/themeColor'
import { Toasts } from '../ui/Toasts'
import { BackButtonSync } from './BackButton'
import { useLocation } from 'wouter'
import { dropPrerendered, prerenderedPath } from '../ui/prerendered'
import { AppRoutes } from './routes'
import { ScreenBoundary } from './ScreenBoundary'

/** The page prerendered one screen (issue 32); the app went elsewhere (a session, an invite, a
 *  messenger's sign-in): that screen takes nothing over, and goes. */
function LeavePrerendered() {
  const [location] = useLocation()
  useEffect(() => {
    // The address now, not the one rendered: a redirect (`/` -> /user/home) has moved it already.
    const prerendered = prerenderedPath()
    if (prerendered && prerendered !== window.location.pathname) dropPrerendered()
  }, [location])
  return null
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => forgetMemberWhenSessionEnds(queryClient), [queryClient])
  useEffect(() => readAgainInNewLanguage(queryClient), [queryClient])
  useEffect(followThemeColor, [])

  return (
    <QueryClientProvider client={queryClient}>
      <LeavePrerendered />
      <BackButtonSync />
      <Loader />
      <ScreenBoundary>
        <Suspense fallback={<div className="route-loading" aria-hidden="true" />}>
          <AppRoutes />
        </Suspense>
      </ScreenBoundary>
      <Toasts />
    </QueryClientProvider>
  )
}
