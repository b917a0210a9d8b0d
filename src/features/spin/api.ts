// Spin wheel calls (spec 7 "Spin wheel") by their descriptors, read leniently: an operator's API
// may leave fields out (a wheel without slices is no wheel; a missing coin count is 0).
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/call'
import type { CouponClaimResponse, LanguageNames, SpinCoupon, SpinSlice } from '../../../contract'
import type { Language } from '../../../contract/lib/language'
import { spinEndpoints } from '../../../contract/spin'
import { ApiError } from '../../api/errors'
import { shownInline } from '../../api/queryClient'
import { useMoneyAction, type Reactions } from '../../api/useMoneyAction'
import { walletKeys } from '../../api/wallet'

export const spinKeys = {
  all: ['spin'] as const,
  setup: () => [...spinKeys.all, 'setup'] as const,
  coupons: () => [...spinKeys.all, 'coupons'] as const,
}

/** Spec 9: coupons 3 a page. */
export const COUPONS_PER_PAGE = 3

export interface Wheel {
  name: string
  names?: LanguageNames
  slices: SpinSlice[]
  coins: number
}

/** The name the operator gave in the player's language, else the one for every language (issue 29). */
export function nameIn(language: Language, name: unknown, names: LanguageNames | undefined): string {
  const own = names && typeof names === 'object' ? names[language] : undefined
  return typeof own === 'string' && own.trim() !== '' ? own : String(name ?? '')
}

const COLOUR = /^#[0-9a-f]{3,8}$/i

async function getWheel(): Promise<Wheel | null> {
  const { result } = await call(spinEndpoints.setup)
  const wheel = result?.activeSpinwheel
  const slices = (Array.isArray(wheel?.slices) ? wheel.slices : [])
    .filter((slice) => typeof slice?.code === 'string')
    .map((slice) => ({
      code: slice.code,
      label: String(slice.label ?? ''),
      bgColor: COLOUR.test(slice.bgColor) ? slice.bgColor : '#888888',
      textColor: COLOUR.test(slice.textColor) ? slice.textColor : '#ffffff',
      ...(typeof slice.htmlDescription === 'string' && slice.htmlDescription.trim() !== '' && { htmlDescription: slice.htmlDescription }),
    }))
  if (!wheel || slices.length < 2) return null
  return { name: String(wheel.name ?? ''), names: wheel.names, slices, coins: Math.max(0, Number(result.userCoin) || 0) }
}

export const useWheel = () => useQuery({ queryKey: spinKeys.setup(), queryFn: getWheel, staleTime: 0, ...shownInline })

export const useCoupons = () =>
  useQuery({
    queryKey: spinKeys.coupons(),
    queryFn: async (): Promise<SpinCoupon[]> => {
      const coupons = await call(spinEndpoints.coupons)
      return (Array.isArray(coupons) ? coupons : []).filter((coupon) => typeof coupon?._id === 'string')
    },
    staleTime: 0,
    ...shownInline,
  })

/** What a spin drew: the slice's code and label, the amount won, the coins left. */
export interface Spun {
  code: string
  label: string
  amount: number
  remainingCoin: number
}

/** A spin: the slice the server drew. An operator may answer 200 with success false: that is a failure too. */
async function spinOnce(headers: Record<string, string>): Promise<Spun> {
  const answer = await call(spinEndpoints.spin, { headers })
  if (!answer.success || !answer.result) throw new ApiError(answer.error || 'generic', 200)
  return { code: answer.result.code, label: answer.result.label, amount: Number(answer.result.amount) || 0, remainingCoin: Number(answer.result.remainingCoin) || 0 }
}

/** The wheel and the coupons read again: once the wheel has stopped on what a spin drew, or a spin failed. */
export function useRefreshWheel(): () => void {
  const client = useQueryClient()
  return () => {
    void client.invalidateQueries({ queryKey: spinKeys.setup() })
    void client.invalidateQueries({ queryKey: spinKeys.coupons() })
  }
}

/** A spin, a money call (useMoneyAction). On success the screen turns the wheel and reads it again
 *  when it stops (useRefreshWheel); a failed spin has it read again at once. */
export function useSpin({ onSuccess, onError }: Reactions<Spun, void>) {
  const refreshWheel = useRefreshWheel()
  return useMoneyAction<Spun, void>({
    name: 'spin',
    call: (_nothing, headers) => spinOnce(headers),
    onSuccess,
    onError: (error) => {
      refreshWheel()
      onError?.(error)
    },
  })
}

/** A coupon claimed, a money call: the coupons read again either way, and the wallet it paid into on success. */
export function useClaimCoupon({ onSuccess, onError }: Reactions<CouponClaimResponse, SpinCoupon>) {
  const client = useQueryClient()
  return useMoneyAction<CouponClaimResponse, SpinCoupon>({
    name: 'coupon claim',
    sameAction: (coupon) => coupon._id,
    call: (coupon, headers) => call(spinEndpoints.claim, { body: { coupon: coupon._id }, headers }),
    onSuccess: (answer, coupon) => {
      void client.invalidateQueries({ queryKey: spinKeys.coupons() })
      void client.invalidateQueries({ queryKey: walletKeys.detail() })
      onSuccess?.(answer, coupon)
    },
    onError: (error, coupon) => {
      void client.invalidateQueries({ queryKey: spinKeys.coupons() })
      onError?.(error, coupon)
    },
  })
}
