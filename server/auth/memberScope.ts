// The member-scoped part of the API: one hook authenticates every route registered inside and
// decorates the request with its member, so handlers never call an auth function themselves.
import type { FastifyInstance } from 'fastify'
import { type RoutesPlugin, signedInScope } from '../shared/http/area'
import { fail } from '../shared/http/errors'
import { OPEN_WHEN_GONE, pathOf } from '../shared/http/gone'
import type { Member } from '../shared/members'
import { authenticate } from './guard'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member; set on member-scoped routes only. */
    member: Member
    /** The bearer token of this request (for sign-out and "other devices"). */
    sessionToken: string
  }
}

/** Registers `routes` behind the member hook. A member staff suspended (issue 52 §3) is answered
 *  as a terminated service answers everyone (410 gone), but for the contact and the chat. */
export const memberScope = (app: FastifyInstance, routes: RoutesPlugin): Promise<void> =>
  signedInScope(app, routes, { member: null, sessionToken: '' }, async (request) => {
    const { member, token } = await authenticate(request.server.serverContext, request)
    if (member.suspendedAt !== null && !OPEN_WHEN_GONE.test(pathOf(request.url))) throw fail(410, 'gone')
    request.member = member
    request.sessionToken = token
  })
