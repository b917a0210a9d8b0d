import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Suspense } from 'react'
import { Loader } from '../ui/Loader'
import { Toasts } from '../ui/Toasts'
import { BackButtonSync } from './BackButton'
import { AppRoutes } from './routes'

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BackButtonSync />
      <Loader />
      <Suspense fallback={<div className="route-loading" aria-hidden="true" />}>
        <AppRoutes />
      </Suspense>
      <Toasts />
    </QueryClientProvider>
  )
}
