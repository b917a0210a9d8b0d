// Spin wheel routes and their schemas (spec 7 "Spin wheel"): the wheel and the coins, a spin, the coupons won and
// claiming one.
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { LanguageNames, filled, text } from './shared'

/** One slice of the wheel (spec 3 "Spin setup"), in order from the pointer clockwise. */
export const SpinSlice = Type.Object({
  code: text(32),
  label: text(40),
  bgColor: text(16),
  textColor: text(16),
  htmlDescription: Type.Optional(text(5_000)),
})
export type SpinSlice = Static<typeof SpinSlice>
/** GET /api/spinwheel/setup: the wheel of the campaign running (null when none) and the member's coins. */
export const SpinSetup = Type.Object({
  result: Type.Object({
    activeSpinwheel: Type.Union([Type.Object({ name: text(100), names: Type.Optional(LanguageNames), slices: Type.Array(SpinSlice) }), Type.Null()]),
    userCoin: Type.Integer({ minimum: 0 }),
  }),
})
export type SpinSetup = Static<typeof SpinSetup>
/** POST /api/spinwheel/spin (spec 3 "Spin result"): the slice the server drew, and the coins left. */
export const SpinResult = Type.Object({
  success: Type.Boolean(),
  error: Type.Union([text(64), Type.Null()]),
  result: Type.Union([Type.Object({ code: text(32), label: text(40), remainingCoin: Type.Integer({ minimum: 0 }), amount: Type.Number() }), Type.Null()]),
})
export type SpinResult = Static<typeof SpinResult>
/** GET /api/spinwheel/coupon (spec 3 "Coupon"): the prizes won, newest first; each claimable until `expiresAt`. */
export const SpinCoupon = Type.Object({
  _id: text(32),
  prize: Type.Object({ slice: Type.Object({ label: text(40) }), name: text(100), names: Type.Optional(LanguageNames) }),
  amount: Type.Number(),
  createdAt: text(40),
  expiresAt: text(40),
  claimed: Type.Boolean(),
})
export type SpinCoupon = Static<typeof SpinCoupon>
export const SpinCoupons = Type.Array(SpinCoupon)
export const CouponClaimRequest = Type.Object({ coupon: filled(32) }, { additionalProperties: false })
/** POST /api/spinwheel/coupon/claim: SUCCESS, and the prize claimed (spec 8: the success names its
 *  label); an operator's API that leaves `prize` out is named from the coupon shown. */
export const CouponClaimResponse = Type.Object({
  message: text(200),
  prize: Type.Optional(Type.Object({ label: text(40), amount: Type.Number() })),
})
export type CouponClaimResponse = Static<typeof CouponClaimResponse>
/** GET /api/spinwheel/active: whether a spin campaign runs. */
export const SpinActive = Type.Object({ isActive: Type.Boolean() })


export const spinEndpoints = {
  setup: endpoint<void, void, SpinSetup>('GET', '/api/spinwheel/setup'),
  /** The body is not shown in the spec: none is sent. */
  spin: endpoint<void, void, SpinResult>('POST', '/api/spinwheel/spin'),
  coupons: endpoint<void, void, SpinCoupon[]>('GET', '/api/spinwheel/coupon'),
  claim: endpoint<void, Static<typeof CouponClaimRequest>, CouponClaimResponse>('POST', '/api/spinwheel/coupon/claim'),
  active: endpoint<void, void, Static<typeof SpinActive>>('GET', '/api/spinwheel/active'),
}
