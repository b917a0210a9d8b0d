// The bonus area's routes (spec 7 "Bonus and promotion"): the cards, receiving one, the bonus held
// and cancelling it; a promotion code found, received, and the one held; and the dev stand-in for
// the operator changing its offers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import { bonusEndpoints as B } from '../../contract/bonus'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { idempotent } from '../shared/idempotency'
import { readerOf } from '../shared/inLanguages'
import * as bonuses from './bonuses'
import { bonusOpsRoutes } from './opsRoutes'
import { bonusDevRoutes } from './devRoutes'

const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  const code = { params: C.BonusCodeParams }
  app.route({
    ...routeOf(B.list, { response: { 200: C.BonusList } }),
    handler: async (request) => bonuses.listBonuses(ctx.db, request.member, readerOf(ctx, request)),
  })
  app.route({
    ...routeOf(B.activate, { ...code, response: { 200: C.UserBonus } }),
    handler: async (request, reply) =>
      idempotent(ctx, request, reply, (scoped) => bonuses.activate(scoped, request.member, 'bonus', request.params.code)),
  })
  app.route({
    ...routeOf(B.active, { response: { 200: C.BonusActiveCheck } }),
    handler: async (request) => bonuses.activeCheck(ctx.db, request.member.id, readerOf(ctx, request)),
  })
  app.route({
    ...routeOf(B.minimum, { response: { 200: C.BonusMinimum } }),
    handler: async (request) => bonuses.minimumCheck(ctx.db, request.member.id),
  })
  app.route({
    ...routeOf(B.clear, { response: { 200: C.MessageBody } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => bonuses.clearBonus(scoped, request.member)),
  })
  app.route({
    ...routeOf(B.promotionCurrent, { response: { 200: C.PromotionOrEmpty } }),
    handler: async (request) => bonuses.currentPromotion(ctx.db, request.member, readerOf(ctx, request)),
  })
  app.route({
    ...routeOf(B.promotionFind, { ...code, response: { 200: C.PromotionOrEmpty } }),
    handler: async (request) => bonuses.findPromotion(ctx.db, request.member, request.params.code, readerOf(ctx, request)),
  })
  app.route({
    ...routeOf(B.promotionActivate, { ...code, response: { 200: C.UserBonus } }),
    handler: async (request, reply) =>
      idempotent(ctx, request, reply, (scoped) => bonuses.activate(scoped, request.member, 'promotion', request.params.code)),
  })
}

export const bonusArea: AreaRoutes = { member: memberRoutes, ops: bonusOpsRoutes, dev: bonusDevRoutes }
