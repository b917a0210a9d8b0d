// Members' server state (support, admin): a search by what staff typed, a member's page, what staff
// do for the member (its answer is the page as it now is), and the wallet's corrections (admins):
// those waiting, a correction proposed or decided marking the member's page and the waiting list
// stale once settled.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type CorrectionDecision, type MemberAction, opsEndpoints, type NewCorrection } from '../../../contract/ops'
import { call } from '../../api/call'
import { useChangeOf } from '../../api/queryClient'

export const memberKeys = {
  all: ['members'] as const,
  search: (q: string) => [...memberKeys.all, 'search', q] as const,
  detail: (id: string) => [...memberKeys.all, 'detail', id] as const,
  corrections: () => [...memberKeys.all, 'corrections', 'waiting'] as const,
}

/** Members found by `q` (digits, as the server takes them); nothing asked until there is a `q`. */
export const useMemberSearch = (q: string | undefined) =>
  useQuery({ queryKey: memberKeys.search(q ?? ''), queryFn: () => call(opsEndpoints.members, { query: { q: q! } }), enabled: q !== undefined })

export const useMemberDetail = (id: string) => useQuery({ queryKey: memberKeys.detail(id), queryFn: () => call(opsEndpoints.member, { params: { id } }) })

/** An action for the member: its answer is the member's page as it is now, kept as that page. */
export function useMemberAction(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ action, reason }: { action: MemberAction; reason: string }) => call(opsEndpoints.memberAction, { params: { id, action }, body: { reason } }),
    onSuccess: (detail) => queryClient.setQueryData(memberKeys.detail(id), detail),
    onError: () => queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) }),
  })
}

export const useWaitingCorrections = () => useQuery({ queryKey: memberKeys.corrections(), queryFn: () => call(opsEndpoints.corrections) })

const useCorrectionMutation = <Variables, Answer>(send: (variables: Variables) => Promise<Answer>) => useChangeOf(memberKeys.all, send)

export const useProposeCorrection = (memberId: string) =>
  useCorrectionMutation((proposal: NewCorrection) => call(opsEndpoints.proposeCorrection, { params: { id: memberId }, body: proposal }))
export const useDecideCorrection = (id: string) =>
  useCorrectionMutation((decision: CorrectionDecision) => call(opsEndpoints.decideCorrection, { params: { id }, body: decision }))
