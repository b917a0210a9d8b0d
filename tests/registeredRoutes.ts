// The reference server's routes and their schemas, read from the server itself as it registers
// them: a server built and closed (about a second). The app's tests read them once per run
// (tests/contractRoutesSetup.ts), the browser tests once per worker (tests/contractRoutes.ts).
import type { RouteOptions } from 'fastify'
import { buildServer } from '../server/app'

/** A route as the server registered it: its method, full path (`:name` for a parameter), reply
 *  schemas by status and the body it takes, if it says. Schemas as JSON: what TypeBox checks. */
export interface RegisteredRoute {
  method: string
  path: string
  replies: Record<string, unknown>
  body?: unknown
}

export async function readRegisteredRoutes(): Promise<RegisteredRoute[]> {
  const found: RegisteredRoute[] = []
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) found.push({ method, path: route.url, replies: (route.schema?.response ?? {}) as Record<string, unknown>, body: route.schema?.body })
  }
  const app = await buildServer({ dataDir: ':memory:', mode: 'test', staticDir: '/nonexistent-static-dir', onRoute })
  await app.close()
  return JSON.parse(JSON.stringify(found)) as RegisteredRoute[]
}
