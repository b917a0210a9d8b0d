import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Suspense, useEffect } from 'react'
import { forgetMemberWhenSessionEnds } from '../api/queryClient'
import { Loader } from '../ui/Loader'
import { followThemeColor } from '../ui/themeColor'
import { Toasts } from '../ui/Toasts'
import { BackButtonSync } from './BackButton'
import { AppRoutes } from './routes'
import { ScreenBoundary } from './ScreenBoundary'

export function App({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => forgetMemberWhenSessionEnds(queryClient), [queryClient])
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
