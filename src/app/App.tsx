import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Suspense, useEffect } from 'react'
import { subscribe } from 'valtio'
import { session } from '../state/session'
import { Loader } from '../ui/Loader'
import { followThemeColor } from '../ui/themeColor'
import { Toasts } from '../ui/Toasts'
import { BackButtonSync } from './BackButton'
import { AppRoutes } from './routes'
import { ScreenBoundary } from './ScreenBoundary'

export function App({ queryClient }: { queryClient: QueryClient }) {
  // A session that ends (logout, an expired token, a public page) takes its member's data with it,
  // so the next player on this device never sees it.
  useEffect(
    () =>
      subscribe(session, () => {
        if (session.token === null) queryClient.clear()
      }),
    [queryClient],
  )
  useEffect(followThemeColor, [])

  return (
    <QueryClientProvider client={queryClient}>
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
