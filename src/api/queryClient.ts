import { MutationCache, type Query, QueryCache, QueryClient } from '@tanstack/react-query'
import { subscribe } from 'valtio'
import { session } from '../state/session'
import { showToast } from '../state/ui'
import { isApiError } from './errors'
import { i18n } from '../i18n/i18n'

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: a failed load hides its loader without a toast: spec 8's silent loads (profile,
     *  deposit, lists, statement, slip, activate) and every load a screen shows inline. */
    queryMeta: { silent?: boolean }
    /** `handlesError`: the screen shows the error itself (inline, dialog), so no toast. */
    mutationMeta: { handlesError?: boolean }
  }
}

function toastUnlessHandled(error: Error): void {
  if (isApiError(error) && error.handled) return
  showToast(error.message)
}

/** Reads retry network trouble and 5xx with backoff; a 4xx answer is final. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (failureCount >= 3) return false
  if (!isApiError(error)) return true
  if (error.handled) return false
  return error.status === undefined || error.status >= 500
}

/** For loads a screen shows inline with its own retry: network trouble and 5xx are tried once more. */
export const retryTransientOnce = (failureCount: number, error: Error): boolean => failureCount < 1 && shouldRetry(failureCount, error)

/** A query whose failure its screen shows inline (no toast), tried once more on network trouble or 5xx. */
export const shownInline = { meta: { silent: true }, retry: retryTransientOnce } as const

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) toastUnlessHandled(error)
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesError) toastUnlessHandled(error)
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        staleTime: 60_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}

/** A session that ends (logout, an expired token, a public page) takes its member's data with it,
 *  so the next player on this device never sees it. The public lookups (spec 7 "Lookup": the
 *  service check, the bank list, keyed under 'lookup') answer every player alike and stay: /login
 *  is reading the service check at that very moment, and removing a query cancels its request
 *  (the form then stayed behind its skeleton for the guard's whole 3 s). */
export function forgetMember(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'lookup' })
  client.getMutationCache().clear()
}

/** Forgets the member (forgetMember) whenever the session ends; returns the unsubscribe. */
export function forgetMemberWhenSessionEnds(client: QueryClient): () => void {
  return subscribe(session, () => {
    if (session.token === null) forgetMember(client)
  })
}

/** The operator's texts come in the language the app asks in (issue 51, api/http.ts): when the
 *  language changes (the player's choice, or the host's once it is known), what the screens show
 *  is read again in the new one; a read on its way in the old one gives way to it. Returns the
 *  unsubscribe. */
export function readAgainInNewLanguage(client: QueryClient): () => void {
  // A shown read on its way is cancelled first: TanStack lets a first read finish rather than
  // start it again. Not one a caller awaits (fetchQuery: the banners before the invite modal),
  // whose cancel would reach that caller.
  const shown = (query: Query) => query.getObserversCount() > 0
  const readAgain = () => void client.cancelQueries({ predicate: shown }).then(() => client.invalidateQueries())
  i18n.on('languageChanged', readAgain)
  return () => i18n.off('languageChanged', readAgain)
}
