// Spin wheel routes (spec 7 "Spin wheel"): the wheel and the coins, a spin, the coupons won and
// claiming one. Types only from the schemas.
import type * as C from '../contract'
import type { Static } from 'typebox'
import { endpoint } from './endpoint'

export const spinEndpoints = {
  setup: endpoint<void, void, C.SpinSetup>('GET', '/api/spinwheel/setup'),
  /** The body is not shown in the spec: none is sent. */
  spin: endpoint<void, void, C.SpinResult>('POST', '/api/spinwheel/spin'),
  coupons: endpoint<void, void, C.SpinCoupon[]>('GET', '/api/spinwheel/coupon'),
  claim: endpoint<void, Static<typeof C.CouponClaimRequest>, Static<typeof C.MessageBody>>('POST', '/api/spinwheel/coupon/claim'),
  active: endpoint<void, void, Static<typeof C.SpinActive>>('GET', '/api/spinwheel/active'),
}
