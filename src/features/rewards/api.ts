// Invite and refund (spec 7 "Invite and refund"): their banners, lists of 10 a page, the refund
// waiting and receiving it. An operator's API may leave fields out, so every answer is read
// leniently: a missing list is an empty one, a missing amount is 0.
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query'
import { api, LONG_TIMEOUT_MS } from '../../api/http'
import { retryTransientOnce } from '../../api/queryClient'
import type { Banner, Invite, InviteListResponse, MessageBody, Refund, RefundCheck, RefundListResponse } from '../../api/types'
import { walletKeys } from '../../api/wallet'

export type RewardKind = 'invite' | 'refund'

/** Spec 9: invite and refund lists page by 10. */
export const REWARD_PAGE_SIZE = 10

export const rewardKeys = {
  all: (kind: RewardKind) => [...walletKeys.all, kind] as const,
  banners: (kind: RewardKind) => [...walletKeys.all, kind, 'banners'] as const,
  list: (kind: RewardKind, page: number) => [...walletKeys.all, kind, 'list', page] as const,
  refundCheck: () => [...walletKeys.all, 'refund', 'check'] as const,
}

const inline = { meta: { silent: true }, retry: retryTransientOnce } as const

const bannersOf = (data: unknown): Banner[] =>
  (Array.isArray(data) ? data : []).filter((banner): banner is Banner => typeof banner?.image === 'string' && banner.image !== '')

/** The banners shown before the modal; read once a session (they change rarely). */
export const fetchBanners = (client: QueryClient, kind: RewardKind): Promise<Banner[]> =>
  client.fetchQuery({
    queryKey: rewardKeys.banners(kind),
    queryFn: async () => bannersOf(await api.get<unknown>(`/api/${kind}/banners`)),
    staleTime: 5 * 60 * 1000,
  })

/** One page of the invite or refund list: POST /api/{kind} with page and limit, its rows under `field`. */
function useRewardPage<T>(kind: RewardKind, field: string, pageNumber: number) {
  return useQuery({
    queryKey: rewardKeys.list(kind, pageNumber),
    queryFn: async (): Promise<T[]> => {
      const answer = await api.post<Record<string, T[] | undefined>>(`/api/${kind}`, { page: pageNumber, limit: REWARD_PAGE_SIZE })
      return answer[field] ?? []
    },
    placeholderData: keepPreviousData,
    ...inline,
  })
}

export const useInvites = (pageNumber: number) => useRewardPage<Invite>('invite', 'invites' satisfies keyof InviteListResponse, pageNumber)
export const useRefunds = (pageNumber: number) => useRewardPage<Refund>('refund', 'refunds' satisfies keyof RefundListResponse, pageNumber)

export const useRefundCheck = () =>
  useQuery({
    queryKey: rewardKeys.refundCheck(),
    queryFn: async (): Promise<RefundCheck> => {
      const check = await api.get<Partial<RefundCheck>>('/api/refund/check')
      return {
        result: Boolean(check.result),
        bonus: Boolean(check.bonus),
        info: typeof check.info === 'string' ? check.info : null,
        refundAmount: Number(check.refundAmount) || 0,
        refundSuccess: Number(check.refundSuccess) || 0,
        refundFail: Number(check.refundFail) || 0,
      }
    },
    staleTime: 0,
    ...inline,
  })

/** GET /api/refund/receive: moves the refund waiting into the wallet. */
export const receiveRefund = (idempotency: Record<string, string>) =>
  api.get<MessageBody>('/api/refund/receive', { headers: idempotency })

/** Spec 7: invite collect waits up to 5 minutes. */
export const collectInvite = (idempotency: Record<string, string>) =>
  api.get<MessageBody>('/api/invite/collect', { timeout: LONG_TIMEOUT_MS, headers: idempotency })
