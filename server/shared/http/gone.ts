// What a terminated service still answers (issue 29), and a suspended member too (issue 52 §3):
// the check that says so, how to reach the operator, and the chat. A player who still has money
// needs those most. Every other call of theirs answers 410 gone, and the app shows /terminated.

import type { FastifyInstance } from 'fastify'
import type { Db } from '../db'
import { getRecentSetting } from '../settings'
import { errorBody } from './errors'

/** The paths (no query, no trailing slash) that answer whatever. */
export const OPEN_WHEN_GONE = /^\/api\/(lookup\/(active|contact|enableChatWidget)|chat\/.+)$/

/** A request URL's path, as OPEN_WHEN_GONE reads it. */
export const pathOf = (url: string): string => url.split('?')[0].replace(/\/+$/, '')

/** A terminated service answers every API call with 410 gone, but those of OPEN_WHEN_GONE. */
export function refuseWhenTerminated(app: FastifyInstance, db: Db): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url)
    if (!path.startsWith('/api/') || OPEN_WHEN_GONE.test(path)) return
    if (await getRecentSetting(db, 'terminated')) return reply.code(410).send(errorBody('gone'))
  })
}
