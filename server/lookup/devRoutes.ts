// The lookup area's dev stand-in, at its /dev/ path in dev and test modes only (routes.ts names it).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SlipWindowHours } from '../../contract/ops'
import { getContent, setContent } from './repo'

export const lookupDevRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  // The daily window in which slip upload is closed (operator content): tests that upload a slip
  // set one that is not now, so they pass at any hour. Answers the window it replaced.
  app.post('/dev/content/slipWindow', { schema: { body: SlipWindowHours, response: { 200: SlipWindowHours } } }, async (request) => {
    const before = await getContent(ctx.db, 'slipWindow')
    await setContent(ctx.db, 'slipWindow', request.body)
    return before ?? request.body
  })
}
