// The banks lookup (spec 7 "Lookups"): the registration's bank list, and the names the profile and
// the statement show for a bank code. Read once a session.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from './call'
import { publicLookupEndpoints } from './contract/lookup'

export const banksQuery = () => queryOptions({
  queryKey: ['lookup', 'banks'] as const,
  queryFn: () => call(publicLookupEndpoints.banks),
  staleTime: Infinity,
  meta: { silent: true },
})
export const useBanks = () => useQuery(banksQuery())
