// Invite and refund (spec 7 "Invite and refund"): their banners, lists of 10 a page, the refund
// waiting and receiving it. An operator's API may leave fields out, so every answer is read
// leniently: a missing list is an empty one, a missing amount is 0.
import { keepPreviousData, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { call } from '../../api/call'
import { rewardEndpoints } from '../../../contract/rewards'
import { LONG_TIMEOUT_MS } from '../../api/http'
import { shownInline as inline } from '../../api/queryClient'
import { useMoneyAction, type Reactions } from '../../api/useMoneyAction'
import type { Banner, Invite, InviteListResponse, Refund, RefundCheck, RefundListResponse } from '../../../contract'
import { walletKeys } from '../../api/wallet'

export type RewardKind = 'invite' | 'refund'

/** Spec 9: invite and refund lists page by 10. */
export const REWARD_PAGE_SIZE = 10

/** The refund periods the app has words for (rewards.refundPeriod.*). */
export const REFUND_PERIODS = ['day', 'week', 'month'] as const
export type RefundPeriod = (typeof REFUND_PERIODS)[number]
const isRefundPeriod = (period: unknown): period is RefundPeriod => (REFUND_PERIODS as readonly unknown[]).includes(period)
/** The refund check as the modal reads it: the rate only with a period the app can say. */
export type RefundState = Omit<RefundCheck, 'rate'> & { rate?: { percent: number; period: RefundPeriod; nextOn?: string } }

/** Under the wallet's key: what reads the wallet again after money moved reads these again too. */
export const rewardKeys = {
  all: [...walletKeys.all, 'rewards'] as const,
  kind: (kind: RewardKind) => [...rewardKeys.all, kind] as const,
  banners: (kind: RewardKind) => [...rewardKeys.kind(kind), 'banners'] as const,
  list: (kind: RewardKind, page: number) => [...rewardKeys.kind(kind), 'list', page] as const,
  refundCheck: () => [...rewardKeys.kind('refund'), 'check'] as const,
}

const bannersOf = (data: unknown): Banner[] =>
  (Array.isArray(data) ? data : []).filter((banner): banner is Banner => typeof banner?.image === 'string' && banner.image !== '')

/** The banners shown before the modal; read once a session (they change rarely). */
export const fetchBanners = (client: QueryClient, kind: RewardKind): Promise<Banner[]> =>
  client.fetchQuery({
    queryKey: rewardKeys.banners(kind),
    queryFn: async () => bannersOf(await call(kind === 'invite' ? rewardEndpoints.inviteBanners : rewardEndpoints.refundBanners)),
    staleTime: 5 * 60 * 1000,
  })

/** One page of the invite or refund list: POST /api/{kind} with page and limit, the answer kept whole. */
const rewardPageQuery = (kind: RewardKind, pageNumber: number) => ({
  queryKey: rewardKeys.list(kind, pageNumber),
  queryFn: () => call(kind === 'invite' ? rewardEndpoints.invites : rewardEndpoints.refunds, { body: { page: pageNumber, limit: REWARD_PAGE_SIZE } }) as Promise<Partial<InviteListResponse & RefundListResponse>>,
  placeholderData: keepPreviousData,
  ...inline,
})

export const useInvites = (pageNumber: number) =>
  useQuery({ ...rewardPageQuery('invite', pageNumber), select: (answer): Invite[] => answer.invites ?? [] })
export const useRefunds = (pageNumber: number) =>
  useQuery({ ...rewardPageQuery('refund', pageNumber), select: (answer): Refund[] => answer.refunds ?? [] })

/**
 * Spec 6: collecting the friends' play is offered only when the invite type is turnover and
 * isXArea is false, and (issue 51 §5) only once a friend has joined: with none it could only be
 * refused. Read from the list's first page (the same cached answer, no second call).
 */
export const useInviteCollectOffered = () =>
  useQuery({
    ...rewardPageQuery('invite', 1),
    select: (answer) => answer.type === 'turnover' && answer.isXArea === false && (answer.invites?.length ?? 0) > 0,
  })

/** GET /api/refund/check, read leniently; `background`: no loader bar (home's badge asks it unasked). */
/** A calendar day as YYYY-MM-DD that exists (not 2026-02-30). */
function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return day.getUTCMonth() === Number(match[2]) - 1 && day.getUTCDate() === Number(match[3])
}

const refundCheckQuery = (background = false) => ({
  queryKey: rewardKeys.refundCheck(),
  queryFn: async (): Promise<RefundState> => {
    // An operator's API may leave fields out: each is read on its own.
    const check: Partial<RefundCheck> = await call(rewardEndpoints.refundCheck, { background })
    return {
      result: Boolean(check.result),
      bonus: Boolean(check.bonus),
      info: typeof check.info === 'string' ? check.info : null,
      refundAmount: Number(check.refundAmount) || 0,
      refundSuccess: Number(check.refundSuccess) || 0,
      refundFail: Number(check.refundFail) || 0,
      // The operator's rule only where the app can state it: a percent above 0, a period it has words for.
      ...(check.rate && Number(check.rate.percent) > 0 && isRefundPeriod(check.rate.period) && {
        rate: {
          percent: Number(check.rate.percent), period: check.rate.period,
          // The day the next count starts, if the API says it and it is a date (YYYY-MM-DD).
          ...(typeof check.rate.nextOn === 'string' && isCalendarDay(check.rate.nextOn) && { nextOn: check.rate.nextOn }),
        },
      }),
    }
  },
  ...inline,
})

export const useRefundCheck = () => useQuery({ ...refundCheckQuery(), staleTime: 0 })

/** Whether a refund waits to be received: home's badge on the refund action (issue 18). */
export const useRefundWaiting = (): boolean =>
  useQuery({ ...refundCheckQuery(true), select: (check) => check.refundAmount > 0 }).data === true

/** A reward's money call (useMoneyAction); on success what it changed is read again, then the screen says so. */
function useRewardCall(name: string, send: (headers: Record<string, string>) => Promise<unknown>, changed: QueryKey, { onSuccess, onError }: Reactions<unknown, void>) {
  const client = useQueryClient()
  return useMoneyAction<unknown, void>({
    name,
    call: (_nothing, headers) => send(headers),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: changed })
      onSuccess?.(answer)
    },
    onError,
  })
}

/** GET /api/refund/receive: moves the refund waiting into the wallet; the refund's check and list read again. */
export const useReceiveRefund = (reactions: Reactions<unknown, void>) =>
  useRewardCall('refund receive', (headers) => call(rewardEndpoints.refundReceive, { headers }), rewardKeys.kind('refund'), reactions)

/** GET /api/invite/collect: the friends' play into the bonus earned; it may take up to 5 minutes
 *  (spec 9). The invite list read again. */
export const useCollectInvite = (reactions: Reactions<unknown, void>) =>
  useRewardCall('invite collect', (headers) => call(rewardEndpoints.inviteCollect, { timeout: LONG_TIMEOUT_MS, headers }), rewardKeys.kind('invite'), reactions)

/** GET /api/invite/bonus: the invite bonus earned into the wallet (home's receive), read again. */
export const useReceiveInviteBonus = (reactions: Reactions<unknown, void>) =>
  useRewardCall('invite bonus', (headers) => call(rewardEndpoints.inviteBonus, { headers }), walletKeys.detail(), reactions)
