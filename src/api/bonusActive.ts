// The bonus held (spec 7: GET /api/bonus/check/active), one query for every reader: the withdraw
// modal states spec 1's rule by it, the refund modal refuses to receive under it, the bonus page
// shows it with its cancel button.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from './call'
import { bonusEndpoints } from './contract/bonus'
import { shownInline } from './queryClient'

export const bonusActiveKey = ['bonus', 'active'] as const

export const bonusActiveQuery = () =>
  queryOptions({ queryKey: bonusActiveKey, queryFn: () => call(bonusEndpoints.active), staleTime: 0, ...shownInline })

/** Read afresh each time a reader mounts (`enabled`): the rules that depend on it are about now. */
export const useBonusActive = (enabled = true) => useQuery({ ...bonusActiveQuery(), enabled })
