// The operator API's scope (issue 33): one hook signs every route inside in as a staff member and
// decorates the request with them; each route names the duty it needs (roles.ts), checked before
// its handler, and a refusal is audited (issue 47). A staff member with a setup to do (their own
// password after a reset, their authenticator code) reaches only what does it (SETUP_ROUTES).
// Areas register their operator routes here (AreaRoutes.ops), as they register their member
// routes behind the member hook.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type RoutesPlugin, signedInScope } from '../shared/http/area'
import { fail } from '../shared/http/errors'
import { opsEndpoints as E } from '../../contract/ops'
import { type Actor, audit } from './audit'
import type { StaffRow } from './repo'
import { type Duty, mayDo } from './roles'
import { authenticateStaff, pendingSetup, staffTotpRule } from './staff'

/** What a session with a setup to do may still call. */
const SETUP_ROUTES = new Set([E.me, E.logout, E.changePassword, E.totpSetup, E.totpConfirm].map((endpoint) => `${endpoint.method} ${endpoint.path}`))

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; set on operator routes only. */
    staff: StaffRow
    /** The sha256 of this request's staff token (sign-out). */
    staffTokenHash: string
  }
}

/** Registers `routes` behind the staff hook. */
export const opsScope = (app: FastifyInstance, routes: RoutesPlugin): Promise<void> =>
  signedInScope(app, routes, { staff: null, staffTokenHash: '' }, async (request) => {
    const ctx = request.server.serverContext
    const { staff, tokenHash } = await authenticateStaff(ctx, request.headers.authorization)
    request.staff = staff
    request.staffTokenHash = tokenHash
    if (pendingSetup(staff, await staffTotpRule(ctx)) !== null && !SETUP_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) {
      throw fail(403, 'SETUP_REQUIRED')
    }
  })

/** Route options that refuse a staff member whose role may not do `duty` (403 FORBIDDEN_ROLE). */
export const needs = (duty: Duty) => ({
  preHandler: async (request: FastifyRequest) => {
    if (mayDo(request.staff.role, duty)) return
    // Who tried what outside their role is for the admin to see (issue 47).
    await audit(request.server.serverContext.db, actorOf(request), request.server.serverContext.now(), {
      action: 'staff.forbidden', item: `staff:${request.staff.id}`, after: { route: `${request.method} ${request.routeOptions.url}`, duty },
    })
    throw fail(403, 'FORBIDDEN_ROLE')
  },
})

/** Who acts in this request, for the audit trail. */
export const actorOf = (request: FastifyRequest): Actor => ({ staffId: request.staff.id, address: request.ip })
