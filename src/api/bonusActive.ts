// The bonus held (spec 7: GET /api/bonus/check/active), one query for every reader: the withdraw
// modal states spec 1's rule by it, the refund modal refuses to receive under it, the bonus page
// shows it with its cancel button.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from './call'
import { bonusEndpoints } from '../../contract/bonus'
import { shownInline } from './queryClient'

/** The bonus area's keys, here because the bonus held is read beyond the bonus page; the page's own
 *  (the cards, the notice, a promotion looked up) under the same root. */
export const bonusKeys = {
  all: ['bonus'] as const,
  active: () => [...bonusKeys.all, 'active'] as const,
  list: () => [...bonusKeys.all, 'list'] as const,
  notice: () => [...bonusKeys.all, 'notice'] as const,
  promotion: (code: string) => [...bonusKeys.all, 'promotion', code] as const,
}

export const bonusActiveQuery = () =>
  queryOptions({ queryKey: bonusKeys.active(), queryFn: () => call(bonusEndpoints.active), staleTime: 0, ...shownInline })

/** Read afresh each time a reader mounts (`enabled`): the rules that depend on it are about now. */
export const useBonusActive = (enabled = true) => useQuery({ ...bonusActiveQuery(), enabled })
