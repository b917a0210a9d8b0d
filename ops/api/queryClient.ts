// The console's server state (issue 52 §4), as the player app's (src/api/queryClient.ts): TanStack
// Query, each feature's reads under its key factory and its decisions as mutation hooks that mark
// what they changed as stale (ops/features/<view>/api.ts). A read is read again when it is shown
// again, when the tab comes back into view, at each live event (api/live.ts marks everything
// stale) and, for the queues, every minute in case an event was missed. A refusal is shown as it
// came, never tried again by itself: a staff member decides what to do next.
import { QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { OpsError } from './call'
import { say } from '../lib/i18n'

/** How often the queues are read again without a live event. */
export const QUEUE_REFRESH_MS = 60_000

export function createOpsQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0, refetchOnWindowFocus: true }, mutations: { retry: false } } })
}

/** What staff read of a failed read or decision. */
/** What the server words in the console's language (a member's bonus names, issue 51) is read
 *  again in the new one; a shown first read on its way in the old one is cancelled first, or
 *  TanStack lets it finish. */
export function readAgainInLanguage(client: QueryClient): void {
  void client.cancelQueries({ predicate: (query) => query.getObserversCount() > 0 }).then(() => client.invalidateQueries())
}

export const failureText = (failure: unknown): string => (failure instanceof OpsError ? failure.text : say('error_network'))

/** The cache goes with the session: once signed out, the next staff member at this desk reads nothing of the last one's. */
export function useForgottenWhenSignedOut(queryClient: QueryClient, signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) queryClient.clear()
  }, [signedIn, queryClient])
}

/** A decision or change that marks `stale` (a key factory's root or part of it) stale once it is
 *  settled, whatever its answer: a refused change is shown as things now are. */
export function useChangeOf<Variables, Answer>(stale: QueryKey, send: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: stale }) })
}
