// An area of the API is the routes it serves, in four parts; it registers them at the paths
// their descriptors give (routeOf; a dev stand-in at its whole /dev/ path), and server/areas.ts
// lists the areas. No prefix is set at registration.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/** A plugin of routes typed by their TypeBox schemas. */
export type RoutesPlugin = FastifyPluginAsyncTypebox

export interface AreaRoutes {
  /** Routes anyone may call. */
  open?: RoutesPlugin
  /** Routes behind the member hook: each handler has `request.member`. */
  member?: RoutesPlugin
  /** Routes of the operator API (issue 33), behind the staff hook (server/ops/scope.ts): each
   *  handler has `request.staff`, and each route names the duty its role must allow. */
  ops?: RoutesPlugin
  /** The area's dev stand-ins (a payout bank, a provider, an agent), each at its /dev/ path, in dev and test modes only. */
  dev?: RoutesPlugin
}

/**
 * Registers `routes` behind one sign-in hook (the member's, auth/memberScope.ts; the staff's,
 * ops/scope.ts): the request starts with `decorate`'s fields, which `signIn` fills or refuses, so
 * handlers never call an auth function themselves.
 */
export async function signedInScope(app: FastifyInstance, routes: RoutesPlugin, decorate: Record<string, unknown>, signIn: (request: FastifyRequest) => Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    for (const [field, empty] of Object.entries(decorate)) scope.decorateRequest(field, empty)
    scope.addHook('onRequest', signIn)
    await scope.register(routes)
  })
}
