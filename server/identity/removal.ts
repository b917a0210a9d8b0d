// Turning quick unlock off (issue 31), a passkey or a Telegram quick unlock alike: the rows go,
// and so do the sessions they opened on other devices.
import type { FastifyRequest } from 'fastify'
import { endSessions } from '../auth/sessions'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import { sha256 } from '../shared/tokens'

/**
 * Runs `remove` (the member's rows, one or all, keeping the asking session's record) and ends the
 * sessions it answers on every instance: a lost phone's removed signs that phone out, while the
 * session that asked stays, whatever opened it. 404 NO_DATA when nothing was removed.
 */
export async function removeAndSignOut(
  ctx: ServerContext, request: FastifyRequest, what: 'passkey' | 'quick unlock', all: boolean,
  remove: (memberId: number, keepHash: string) => Promise<string[] | undefined>,
): Promise<void> {
  const ended = await remove(request.member.id, sha256(request.sessionToken))
  if (ended === undefined) throw fail(404, 'NO_DATA')
  await endSessions(ctx, ended)
  request.log.info({ memberId: request.member.id, all, sessionsEnded: ended.length }, `${what} removed`)
}
