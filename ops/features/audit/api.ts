// The audit trail's server state (admin): newest first, older entries a page at a time from the
// last one shown, until a page comes back short.
import { useInfiniteQuery } from '@tanstack/react-query'
import { opsEndpoints } from '../../../contract/ops'
import { call } from '../../api/call'

export const AUDIT_PAGE = 50

export const auditKeys = {
  all: ['audit'] as const,
  trail: () => [...auditKeys.all, 'trail'] as const,
}

export const useAuditTrail = () => useInfiniteQuery({
  queryKey: auditKeys.trail(),
  queryFn: ({ pageParam }) => call(opsEndpoints.audit, { query: { ...(pageParam ? { before: pageParam } : {}), limit: String(AUDIT_PAGE) } }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => (last.entries.length < AUDIT_PAGE ? undefined : last.entries.at(-1)?.id),
})
