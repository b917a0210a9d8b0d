// Turning quick unlock off (issue 31), a passkey or a Telegram quick unlock alike: the rows go,
// and so do the sessions they opened on other devices. Both ways remove one (DELETE .../:id) or
// all (DELETE ...) through the same function, removeWay, which routes.ts calls from each way's two
// DELETE routes.
import type { FastifyRequest } from 'fastify'
import { endSessions } from '../auth/sessions'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import { sha256 } from '../shared/tokens'

/** One way of quick unlock, as its two removal routes need it. */
export interface Removal<Answer> {
  what: 'passkey' | 'quick unlock'
  /** Refuses when this way is off for the operator (before anything is read). */
  refuseWhenOff: (ctx: ServerContext) => void
  /** Removes the member's rows (one by id, or all), keeping the asking session's record; see removeAndSignOut. */
  removeRows: (ctx: ServerContext, memberId: number, keepHash: string, id?: number) => Promise<string[] | undefined>
  /** What both answer: the member's list after it. */
  answer: (ctx: ServerContext, memberId: number) => Promise<Answer>
}

/** DELETE one of a way's (by its `:id`) or, without an id, all of the member's; behind the member hook. */
export async function removeWay<Answer>(ctx: ServerContext, request: FastifyRequest, removal: Removal<Answer>, id?: number): Promise<Answer> {
  removal.refuseWhenOff(ctx)
  await removeAndSignOut(ctx, request, removal.what, id === undefined, (memberId, keepHash) => removal.removeRows(ctx, memberId, keepHash, id))
  return removal.answer(ctx, request.member.id)
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
