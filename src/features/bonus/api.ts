// Bonus and promotion calls (spec 7 "Bonus and promotion") by their descriptors. An operator's API
// may leave fields out, so the list is read leniently: a card without a code is dropped, a
// missing type counts as limit, a missing maxReceived as 1, missing banners as none.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/call'
import type { BonusItem, PromotionOrEmpty, UserBonus } from '../../../contract'
import { bonusEndpoints } from '../../../contract/bonus'
import { memberLookupEndpoints } from '../../../contract/lookup'
import { bonusKeys } from '../../api/bonusActive'
import { shownInline } from '../../api/queryClient'
import { useMoneyAction, type Reactions } from '../../api/useMoneyAction'
import { walletKeys } from '../../api/wallet'
import type { BonusType } from '../../../contract/lib/bonusLimits'

const TYPES: readonly BonusType[] = ['limit', 'day', 'week']

const bannersOf = (value: unknown): BonusItem['banners'] =>
  (Array.isArray(value) ? value : []).filter((banner): banner is BonusItem['banners'][number] => typeof banner?.image === 'string' && banner.image !== '')

const userBonusOf = (value: unknown): UserBonus | null => {
  if (!value || typeof value !== 'object') return null
  const record = value as Partial<UserBonus>
  return {
    _id: String(record._id ?? ''),
    isActive: record.isActive === true,
    received: (Array.isArray(record.received) ? record.received : []).filter((r) => typeof r?.updatedAt === 'string'),
  }
}

export function readBonusList(data: unknown): BonusItem[] {
  return (Array.isArray(data) ? data : [])
    .filter((item): item is Partial<BonusItem> & { code: string } => typeof item?.code === 'string' && item.code !== '')
    .map((item) => ({
      code: item.code,
      name: typeof item.name === 'string' && item.name !== '' ? item.name : item.code,
      type: TYPES.includes(item.type as BonusType) ? (item.type as BonusType) : 'limit',
      maxReceived: Number(item.maxReceived) >= 1 ? Number(item.maxReceived) : 1,
      percentFail: Number(item.percentFail) || 0,
      percent: Number(item.percent) || 0,
      maxBonus: Number(item.maxBonus) || 0,
      turnover: Number(item.turnover) || 0,
      banners: bannersOf(item.banners),
      userBonus: userBonusOf(item.userBonus),
    }))
}

export const useBonuses = () =>
  useQuery({ queryKey: bonusKeys.list(), queryFn: async () => readBonusList(await call(bonusEndpoints.list)), ...shownInline })

/** Receiving or cancelling a bonus, a money call (useMoneyAction): on success the bonus held, the
 *  cards and the wallet are read again (spec 4), then the screen says so. */
function useBonusCall<TData>(name: string, send: (headers: Record<string, string>) => Promise<TData>, { onSuccess, onError }: Reactions<TData, void>) {
  const client = useQueryClient()
  return useMoneyAction<TData, void>({
    name,
    call: (_nothing, headers) => send(headers),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: bonusKeys.active() })
      void client.invalidateQueries({ queryKey: bonusKeys.list() })
      void client.invalidateQueries({ queryKey: walletKeys.all })
      onSuccess?.(answer)
    },
    onError,
  })
}

export const useActivateBonus = (code: string, reactions: Reactions<unknown, void>) =>
  useBonusCall(`bonus:${code}`, (headers) => call(bonusEndpoints.activate, { params: { code }, headers }), reactions)
export const useClearBonus = (reactions: Reactions<{ message: string }, void>) =>
  useBonusCall('bonus clear', (headers) => call(bonusEndpoints.clear, { headers }), reactions)
export const useActivatePromotion = (code: string, reactions: Reactions<unknown, void>) =>
  useBonusCall(`promotion:${code.toUpperCase()}`, (headers) => call(bonusEndpoints.promotionActivate, { params: { code: code.toUpperCase() }, headers }), reactions)

/** The promotion by that code, or null when there is none ({} or an answer without a description). */
export async function findPromotion(code: string): Promise<{ code: string; percentFail: number; description: string } | null> {
  const found: PromotionOrEmpty = await call(bonusEndpoints.promotionFind, { params: { code: code.toUpperCase() } })
  if (!('description' in found) || typeof found.description !== 'string') return null
  return { code: typeof found.code === 'string' ? found.code : code.toUpperCase(), percentFail: Number(found.percentFail) || 0, description: found.description }
}

/** A promotion code looked up (spec 2 "Bonus"): not retried, its not-found shown by the modal. */
export const usePromotion = (code: string) =>
  useQuery({ queryKey: bonusKeys.promotion(code), queryFn: () => findPromotion(code), retry: false, meta: { silent: true }, staleTime: 0 })

/** The operator's bonus notice (spec 7 "notice" lookup), read once a while: the same for every bonus. */
export const useBonusNotice = () =>
  useQuery({
    queryKey: bonusKeys.notice(),
    queryFn: async () => {
      const { notice } = await call(memberLookupEndpoints.notice)
      return typeof notice === 'string' ? notice.trim() : ''
    },
    staleTime: 5 * 60 * 1000,
    ...shownInline,
  })

/** Spec 7: the notice with its {percentFail} placeholder replaced by the bonus's percentFail. */
export const fillNotice = (notice: string, percentFail: number): string => notice.replaceAll('{percentFail}', String(percentFail))
