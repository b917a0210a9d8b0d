// The games area's dev stand-ins, under /dev in dev and test modes only (routes.ts registers them).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import * as C from '../../contract'
import { fail } from '../shared/http/errors'
import * as repo from './repo'

const GameParams = Type.Object({ code: Type.String({ maxLength: 32 }) })

const FaultsBody = Type.Object({
  down: Type.Optional(Type.Boolean()),
  latencyMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 120_000 })),
  dropsAnswers: Type.Optional(Type.Boolean()),
}, { additionalProperties: false, minProperties: 1 })

/** Dev stand-in: a provider going down, slow, or dropping its answers. */
export const gamesDevRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.post('/dev/games/:code', { schema: { params: GameParams, body: FaultsBody, response: { 200: C.MessageBody } } }, async (request) => {
    if (!(await repo.setProviderFaults(ctx.db, request.params.code, request.body))) throw fail(404, 'NO_GAME')
    return { message: 'OK' }
  })
}
