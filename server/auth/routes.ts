import type { FastifyInstance } from 'fastify'
import type { LoginResponse } from '../../src/api/types'
import { findMemberByUsername } from '../account/members'
import type { ServerContext } from '../context'
import { bodyOf, requiredString } from '../http/body'
import { fail } from '../http/errors'
import { clearRateEvents, countRateEvents, recordRateEvent } from '../limits'
import { verifyAgainstDummy, verifyPassword } from './passwords'
import { createSession } from './sessions'

export const LOGIN_MAX_FAILURES = 5
export const LOGIN_WINDOW_MS = 15 * 60 * 1000

export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/api/login', async (request): Promise<LoginResponse> => {
    const body = bodyOf(request.body)
    const username = requiredString(body, 'username')
    const password = requiredString(body, 'password', true)
    const now = ctx.now()
    // Counted per phone and client address: a stranger elsewhere cannot lock a member out.
    const key = `${username}|${request.ip}`
    const failures = countRateEvents(ctx.db, 'login_fail', key, now - LOGIN_WINDOW_MS)
    if (failures >= LOGIN_MAX_FAILURES) throw fail(429, 'REQUEST_LIMIT')

    const member = findMemberByUsername(ctx.db, username)
    // One answer for an unknown phone and a wrong password, so registered numbers stay private.
    const ok = member
      ? await verifyPassword(password, member.passwordHash)
      : await verifyAgainstDummy(password)
    if (!member || !ok) {
      recordRateEvent(ctx.db, 'login_fail', key, now)
      throw fail(401, 'WRONG_CREDENTIAL')
    }
    if (!member.isActive) throw fail(403, 'INACTIVE_USER')
    clearRateEvents(ctx.db, 'login_fail', key)
    return { token: createSession(ctx.db, member.id, now, ctx.sessionTtlMs) }
  })
}
