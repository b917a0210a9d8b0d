// The active lookup (spec 7 "Lookup": GET /api/lookup/active), cached once for every reader: the
// /login guard asks whether the service is active (spec 2), home whether a spin campaign runs.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { takeEarly, takeEarlyActiveAnswer } from './early'
import { call } from './call'
import { publicLookupEndpoints } from './contract/lookup'
import type { ActiveResponse } from './contract'

const activeKey = ['lookup', 'active'] as const

const getActive = () => call(publicLookupEndpoints.active)
/** The first check of a page load is usually answered already: the prepaint script asked. */
const checkActive = async (): Promise<ActiveResponse> => (await takeEarly('active')) ?? getActive()

/** How long an answer stands: each visit to /login asks again, but the answer the prepaint script
 *  brought (api/early.ts) is not asked for a second time by the first render. */
export const ACTIVE_FRESH_MS = 5_000

export const activeQuery = () =>
  queryOptions({
    queryKey: activeKey,
    queryFn: checkActive,
    initialData: takeEarlyActiveAnswer,
    staleTime: ACTIVE_FRESH_MS,
    // No retries: a failed check shows the login form at once (spec 2; the guard waits at most 3 s),
    // and home shows no spin action.
    retry: false,
    meta: { silent: true },
  })

/** The service check of the /login guard. */
export const useActive = () => useQuery(activeQuery())
/** Spec 2: the spin action shows only while a spin campaign is active. */
export const useSpinActive = () => useQuery({ ...activeQuery(), select: (data: ActiveResponse) => data.isActive })
