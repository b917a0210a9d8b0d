// The spin area's routes (spec 7 "Spin wheel"): the wheel and the coins, a spin, the coupons won,
// claiming one; and the dev stand-in for the operator's grants of coins.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import * as C from '../../src/api/contract'
import { spinEndpoints as S } from '../../src/api/contract/spin'
import { findMemberByUsername } from '../shared/members'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { fail } from '../shared/http/errors'
import { idempotent } from '../shared/idempotency'
import * as spin from './spin'
import { remindExpiringPrizes } from './reminders'

const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(S.setup, { response: { 200: C.SpinSetup } }),
    handler: async (request) => spin.spinSetup(ctx, request.member),
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

const CoinsBody = Type.Object({ username: Type.String({ maxLength: 32 }), coins: Type.Integer({ minimum: 1, maximum: 1_000 }) }, { additionalProperties: false })
const RemindersBody = Type.Object({ hours: Type.Integer({ minimum: 1, maximum: 24 * 365 }) }, { additionalProperties: false })

const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  // Spin coins for a member (standing in for the operator's grants beside the per-deposit rule).
  app.post('/coins', { schema: { body: CoinsBody, response: { 200: C.MessageBody } } }, async (request) => {
    const member = await findMemberByUsername(ctx.db, request.body.username)
    if (!member) throw fail(404, 'NO_USER')
    await spin.grantCoins(ctx.db, member.id, request.body.coins)
    return { message: 'OK' }
  })
  // The prizes about to expire told now, within `hours` (the job's pass, without its five minutes).
  app.post('/prize-reminders', { schema: { body: RemindersBody } }, async (request) => ({ told: await remindExpiringPrizes(ctx, request.body.hours * 60 * 60_000) }))
}

export const spinArea: AreaRoutes = { member: memberRoutes, dev: devRoutes }
