// The statement area's route (spec 7 "Statement"): POST /api/statement. The slip table beside it
// (/api/statement/slip) is the deposit area's (deposit/routes.ts): spec 4's slip history.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import { statementEndpoints as T } from '../../contract/statement'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { readerOf } from '../shared/inLanguages'
import { statementPage } from './statement'

const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(T.statement, { body: C.StatementRequest, response: { 200: C.StatementResponse } }),
    handler: async (request) => statementPage(ctx, request.member, request.body, readerOf(ctx, request)),
  })
}

export const statementArea: AreaRoutes = { member: memberRoutes }
