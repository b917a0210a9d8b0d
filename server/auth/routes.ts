import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../src/api/contract'
import { findMemberByUsername } from '../account/members'
import { fail } from '../http/errors'
import { clearRateEvents, countRateEvents, recordRateEvent } from '../limits'
import { verifyAgainstDummy, verifyPassword } from './passwords'
import { createSession } from './sessions'

export const LOGIN_MAX_FAILURES = 5
export const LOGIN_WINDOW_MS = 15 * 60 * 1000

/** Any phone the service can hold (10 digits in Thailand, 8 to 15 in Laos). */
const PHONE = /^\d{8,15}$/

/** POST /api/login (prefix /api). */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.wallet
  app.post('/login', { schema: { body: C.LoginRequest, response: { 200: C.LoginResponse } } }, async (request) => {
    const username = request.body.username.trim()
    const { password } = request.body
    // Not a phone number: no member can have it, and no rate-limit row is keyed by raw input.
    if (!PHONE.test(username)) throw fail(401, 'WRONG_CREDENTIAL')
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
