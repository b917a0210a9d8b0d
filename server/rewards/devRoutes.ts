// The rewards area's dev stand-ins, under /dev in dev and test modes only (routes.ts registers them).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import * as C from '../../contract'
import { findMemberByUsername } from '../shared/members'
import { ceilingFor, parseAmount } from '../shared/amount'
import { fail } from '../shared/http/errors'
import * as rewards from './rewards'

const RefundBody = Type.Object({ username: Type.String({ maxLength: 32 }), amount: Type.Union([Type.Number(), Type.String({ maxLength: 32 })]) }, { additionalProperties: false })

export const rewardsDevRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  // A provider's lost-bet report: a refund waits for the member until received.
  app.post('/dev/refunds', { schema: { body: RefundBody, response: { 200: C.MessageBody } } }, async (request) => {
    const member = await findMemberByUsername(ctx.db, request.body.username)
    if (!member) throw fail(404, 'NO_USER')
    await rewards.accrueRefund(ctx, member.id, parseAmount(request.body.amount, ceilingFor(ctx.maxAmountMinor, member.currency)))
    return { message: 'OK' }
  })
}
