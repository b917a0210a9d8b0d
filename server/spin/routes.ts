// The spin area's routes (spec 7 "Spin wheel"): the wheel and the coins, a spin, the coupons won,
// claiming one; and the dev stand-in for the operator's grants of coins.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import { spinEndpoints as S } from '../../contract/spin'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { idempotent } from '../shared/idempotency'
import { readerOf } from '../shared/inLanguages'
import * as spin from './spin'
import { spinDevRoutes } from './devRoutes'

const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(S.setup, { response: { 200: C.SpinSetup } }),
    handler: async (request) => spin.spinSetup(ctx, request.member, readerOf(ctx, request)),
  })
  app.route({
    ...routeOf(S.spin, { response: { 200: C.SpinResult } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => spin.spin(scoped, request.member)),
  })
  app.route({
    ...routeOf(S.coupons, { response: { 200: C.SpinCoupons } }),
    handler: async (request) => spin.listCoupons(ctx, request.member),
  })
  app.route({
    ...routeOf(S.claim, { body: C.CouponClaimRequest, response: { 200: C.CouponClaimResponse } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => spin.claimCoupon(scoped, request.member, request.body.coupon)),
  })
  app.route({
    ...routeOf(S.active, { response: { 200: C.SpinActive } }),
    handler: async () => spin.spinActive(ctx.db),
  })
}

export const spinArea: AreaRoutes = { member: memberRoutes, dev: spinDevRoutes }
