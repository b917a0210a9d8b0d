// Statement routes (spec 7 "Statement"): POST /api/statement. The slip table beside it is the
// deposit routes' (deposit/routes.ts), registered under /api/statement/slip.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../src/api/contract'
import { statementEndpoints as T } from '../../src/api/contract/statement'
import { at, schemaFor } from '../http/endpoint'
import { statementPage } from './statement'

export const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.wallet
  app.route({
    ...at(app, T.statement), schema: schemaFor(T.statement, { body: C.SlipPageRequest, response: { 200: C.StatementResponse } }),
    handler: async (request) => statementPage(ctx, request.member, request.body.page, request.body.limit),
  })
}
