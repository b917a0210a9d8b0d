import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import { authEndpoints as A } from '../../contract/auth'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { findMemberByUsername, updatePasswordHash } from '../shared/members'
import { fail } from '../shared/http/errors'
import { clearRateEvents, loginLimits, phoneAtAddress, releaseAttempt, takeAttempt } from '../shared/limits'
import { isPasswordLongEnough } from '../../contract/lib/validation'
import { isKnownAddress, rememberAddress } from './repo'
import { createSession, endSession } from './sessions'

/** Any phone the service can hold (10 digits in Thailand, 8 to 15 in Laos). */
const PHONE = /^\d{8,15}$/

/** POST /api/login. */
const loginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(A.login, { body: C.LoginRequest, response: { 200: C.LoginResponse } }),
    handler: async (request) => {
      const username = request.body.username.trim()
      const { password } = request.body
      // Not a phone number: no member can have it, and no rate-limit row is keyed by raw input.
      if (!PHONE.test(username)) throw fail(401, 'WRONG_CREDENTIAL')
      const now = ctx.now()
      // Counted before the password check: forty guesses in parallel get no more than the free
      // failures checked, and past them each try waits longer (limits.ts, loginLimits). Where the
      // phone signed in before, only its failures from there slow it down.
      const known = await isKnownAddress(ctx.db, username, request.ip, now)
      const attempt = await takeAttempt(ctx.db, loginLimits(ctx.limits, username, request.ip, known), now, request.log)

      const member = await findMemberByUsername(ctx.db, username)
      // One answer for an unknown phone and a wrong password, so registered numbers stay private.
      const ok = member
        ? await ctx.passwords.verify(password, member.passwordHash)
        : await ctx.passwords.verifyDummy(password)
      if (!member || !ok) throw fail(401, 'WRONG_CREDENTIAL')
      if (!member.isActive) throw fail(403, 'INACTIVE_USER')
      await releaseAttempt(ctx.db, attempt)
      await clearRateEvents(ctx.db, 'login_fail', phoneAtAddress(username, request.ip))
      await rememberAddress(ctx.db, username, request.ip, now)
      // A hash made at an older cost is replaced now that the password is known.
      if (ctx.passwords.needsRehash(member.passwordHash)) {
        await updatePasswordHash(ctx.db, member.id, await ctx.passwords.hash(password))
      }
      const token = await createSession(ctx, member.id, now, { identityId: null, passwordAt: now })
      // A password set before the length rule still signs in; the app then asks for a new one.
      return isPasswordLongEnough(password) ? { token } : { token, passwordChangeRequired: true }
    },
  })
}

/** POST /api/logout: this device's token is revoked, and the sockets opened with it are cut. */
const logoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(A.logout, { response: { 200: C.MessageBody } }),
    handler: async (request) => {
      await endSession(app.serverContext, request.sessionToken)
      return { message: 'OK' }
    },
  })
}

export const authArea: AreaRoutes = { open: loginRoutes, member: logoutRoutes }
