// Turning quick unlock off (issue 31), a passkey or a Telegram quick unlock alike: the rows go,
// and so do the sessions they opened on other devices. Both ways remove one (DELETE .../:id) or
// all (DELETE ...) through the same two routes.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { endSessions } from '../auth/sessions'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import { sha256 } from '../shared/tokens'

/** One way of quick unlock's two removal routes, each as `routeOf` gives it, and what they need. */
export interface Removal {
  what: 'passkey' | 'quick unlock'
  /** DELETE one by its `:id`. */
  one: Pick<RouteOptions, 'method' | 'url' | 'schema'>
  /** DELETE all of the member's. */
  all: Pick<RouteOptions, 'method' | 'url' | 'schema'>
  /** Refuses when this way is off for the operator (before anything is read). */
  refuseWhenOff: () => void
  /** Removes the member's rows (one by id, or all), keeping the asking session's record; see removeAndSignOut. */
  removeRows: (memberId: number, keepHash: string, id?: number) => Promise<string[] | undefined>
  /** What both answer: the member's list after it. */
  answer: (memberId: number) => Promise<unknown>
}

/** Registers a way's two removal routes, behind the member hook. */
export function removalRoutes(app: FastifyInstance, ctx: ServerContext, removal: Removal): void {
  const remove = async (request: FastifyRequest, id?: number) => {
    removal.refuseWhenOff()
    await removeAndSignOut(ctx, request, removal.what, id === undefined, (memberId, keepHash) => removal.removeRows(memberId, keepHash, id))
    return removal.answer(request.member.id)
  }
  app.route({ ...removal.one, handler: async (request) => remove(request, Number((request.params as { id: string }).id)) })
  app.route({ ...removal.all, handler: async (request) => remove(request) })
}

/**
 * Runs `remove` (the member's rows, one or all, keeping the asking session's record) and ends the
 * sessions it answers on every instance: a lost phone's removed signs that phone out, while the
 * session that asked stays, whatever opened it. 404 NO_DATA when nothing was removed.
 */
async function removeAndSignOut(
  ctx: ServerContext, request: FastifyRequest, what: 'passkey' | 'quick unlock', all: boolean,
  remove: (memberId: number, keepHash: string) => Promise<string[] | undefined>,
): Promise<void> {
  const ended = await remove(request.member.id, sha256(request.sessionToken))
  if (ended === undefined) throw fail(404, 'NO_DATA')
  await endSessions(ctx, ended)
  request.log.info({ memberId: request.member.id, all, sessionsEnded: ended.length }, `${what} removed`)
}
