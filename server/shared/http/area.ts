// An area of the API is the routes it serves, in three parts; it registers them at the paths
// their descriptors give (routeOf), and server/areas.ts lists the areas. No prefix is set anywhere
// but in a descriptor.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

/** A plugin of routes typed by their TypeBox schemas. */
export type RoutesPlugin = FastifyPluginAsyncTypebox

export interface AreaRoutes {
  /** Routes anyone may call. */
  open?: RoutesPlugin
  /** Routes behind the member hook: each handler has `request.member`. */
  member?: RoutesPlugin
  /** The area's dev stand-ins (a payout bank, a provider, an agent), under /dev in dev and test modes only. */
  dev?: RoutesPlugin
}
