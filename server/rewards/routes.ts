// The rewards area's routes (spec 7 "Invite and refund"): the friends invited and the bonus their
// play earns, the lost-bet refund; and the dev stand-in for a provider's lost-bet report.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import { rewardEndpoints as R } from '../../contract/rewards'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { idempotent } from '../shared/idempotency'
import { readerOf } from '../shared/inLanguages'
import * as invites from './invites'
import * as rewards from './rewards'
import { rewardsDevRoutes } from './devRoutes'

const page = { body: C.PageRequest }

/** /api/invite: the friends invited, the banners, collect (their play into the bonus earned) and
 *  receiving the bonus; /api/refund: the refund waiting, receiving it, the refunds received, the banners. */
const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(R.invites, { ...page, response: { 200: C.InviteListResponse } }),
    handler: async (request) => invites.listInvites(ctx, request.member, request.body.page, request.body.limit),
  })
  app.route({
    ...routeOf(R.inviteBanners, { response: { 200: C.BannersResponse } }),
    handler: async (request) => rewards.inviteBanners(ctx, readerOf(ctx, request)),
  })
  app.route({
    ...routeOf(R.inviteCollect, { response: { 200: C.MessageBody } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => invites.collectInvites(scoped, request.member)),
  })
  app.route({
    ...routeOf(R.inviteBonus, { response: { 200: C.MessageBody } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => invites.receiveInviteBonus(scoped, request.member)),
  })
  app.route({
    ...routeOf(R.refunds, { ...page, response: { 200: C.RefundListResponse } }),
    handler: async (request) => ({ refunds: await rewards.listRefunds(ctx, request.member, request.body.page, request.body.limit) }),
  })
  app.route({
    ...routeOf(R.refundCheck, { response: { 200: C.RefundCheck } }),
    handler: async (request) => rewards.refundCheck(ctx, request.member, readerOf(ctx, request)),
  })
  app.route({
    ...routeOf(R.refundReceive, { response: { 200: C.MessageBody } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => rewards.receiveRefund(scoped, request.member)),
  })
  // The reference server keeps no refund credit apart from the wallet: add-to-wallet moves the
  // refund waiting into it, as receive does.
  app.route({
    ...routeOf(R.refundAddWallet, { response: { 200: C.MessageBody } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => rewards.receiveRefund(scoped, request.member)),
  })
  app.route({
    ...routeOf(R.refundBanners, { response: { 200: C.BannersResponse } }),
    handler: async (request) => rewards.refundBanners(ctx, readerOf(ctx, request)),
  })
}

export const rewardsArea: AreaRoutes = { member: memberRoutes, dev: rewardsDevRoutes }
