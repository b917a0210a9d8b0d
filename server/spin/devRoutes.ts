// The spin area's dev stand-ins, under /dev in dev and test modes only (routes.ts registers them).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import * as C from '../../contract'
import { findMemberByUsername } from '../shared/members'
import { fail } from '../shared/http/errors'
import * as spin from './spin'
import { remindExpiringPrizes } from './reminders'

const CoinsBody = Type.Object({ username: Type.String({ maxLength: 32 }), coins: Type.Integer({ minimum: 1, maximum: 1_000 }) }, { additionalProperties: false })

const RemindersBody = Type.Object({ hours: Type.Integer({ minimum: 1, maximum: 24 * 365 }) }, { additionalProperties: false })

export const spinDevRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  // Spin coins for a member (standing in for the operator's grants beside the per-deposit rule).
  app.post('/dev/coins', { schema: { body: CoinsBody, response: { 200: C.MessageBody } } }, async (request) => {
    const member = await findMemberByUsername(ctx.db, request.body.username)
    if (!member) throw fail(404, 'NO_USER')
    await spin.grantCoins(ctx.db, member.id, request.body.coins)
    return { message: 'OK' }
  })
  // The prizes about to expire told now, within `hours` (the job's pass, without its five minutes).
  app.post('/dev/prize-reminders', { schema: { body: RemindersBody } }, async (request) => ({ told: await remindExpiringPrizes(ctx, request.body.hours * 60 * 60_000) }))
}
