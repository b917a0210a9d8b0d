// The bonus area's dev stand-ins, under /dev in dev and test modes only (routes.ts registers them).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import * as bonuses from './bonuses'

export const bonusDevRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  // The operator's offers (bonus cards and promotion codes): added, or changed by code.
  app.post('/dev/bonuses', { schema: { body: bonuses.BonusOffers, response: { 200: C.MessageBody } } }, async (request) => {
    await bonuses.upsertOffers(ctx.db, request.body)
    return { message: 'OK' }
  })
}
