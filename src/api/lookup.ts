// The public lookups several features read (spec 7 "Lookups"), cached once for every reader: the
// active check (the /login guard asks whether the service is active, spec 2; home whether a spin
// campaign runs) and the banks (the registration's list, the names the profile and the statement
// show for a bank code, read once a session). Kept when a member signs out (queryClient.ts).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { takeEarly, takeEarlyActiveAnswer } from './early'
import { call } from './call'
import { publicLookupEndpoints } from '../../contract/lookup'
import type { ActiveResponse } from '../../contract'

export const lookupKeys = {
  all: ['lookup'] as const,
  active: () => [...lookupKeys.all, 'active'] as const,
  banks: () => [...lookupKeys.all, 'banks'] as const,
}

const getActive = () => call(publicLookupEndpoints.active)
/** The first check of a page load is usually answered already: the prepaint script asked. */
const checkActive = async (): Promise<ActiveResponse> => (await takeEarly('active')) ?? getActive()

/** How long an answer stands: each visit to /login asks again, but the answer the prepaint script
 *  brought (api/early.ts) is not asked for a second time by the first render. */
export const ACTIVE_FRESH_MS = 5_000

export const activeQuery = () =>
  queryOptions({
    queryKey: lookupKeys.active(),
    queryFn: checkActive,
    initialData: takeEarlyActiveAnswer,
    // An answer that the service ended is asked again at every look: a service back (a maintenance
    // over) lets the player in at once, not after a reload. Not the prepaint script's answer (no
    // read of this page's yet), which the first render takes as it is.
    staleTime: (query) => (query.state.data?.terminated && query.state.dataUpdateCount > 0 ? 0 : ACTIVE_FRESH_MS),
    // No retries: a failed check shows the login form at once (spec 2; the guard waits at most 3 s),
    // and home shows no spin action.
    retry: false,
    meta: { silent: true },
  })

/** The service check of the /login guard. */
export const useActive = () => useQuery(activeQuery())
/** Spec 2: the spin action shows only while a spin campaign is active. */
export const useSpinActive = () => useQuery({ ...activeQuery(), select: (data: ActiveResponse) => data.isActive })

export const banksQuery = () => queryOptions({
  queryKey: lookupKeys.banks(),
  queryFn: () => call(publicLookupEndpoints.banks),
  staleTime: Infinity,
  meta: { silent: true },
})
export const useBanks = () => useQuery(banksQuery())
