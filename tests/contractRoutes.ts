// The reference server's routes and their reply schemas, read from the server itself as it
// registers them (tests/registeredRoutes.ts): the screen tests' fake answers are
// checked against these, so a fake cannot say what the server never would.
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { ErrorBody } from '../contract/shared'
import type { RegisteredRoute } from './registeredRoutes'

interface ContractRoute {
  method: string
  pattern: RegExp
  path: string
  replies: Record<string, TSchema>
  /** What the route takes as its body, if it says. */
  body?: TSchema
}

let routes: Promise<ContractRoute[]> | undefined

/** Checks against these routes (the app's tests: those their run's global setup read). */
export function checkAgainstRoutes(registered: readonly RegisteredRoute[]): void {
  routes = Promise.resolve(registered.map(contractRoute))
}

/** The routes given, or else read from a server built here (the browser tests: once per worker). */
function readRoutes(): Promise<ContractRoute[]> {
  return (routes ??= import('./registeredRoutes').then(async ({ readRegisteredRoutes }) => (await readRegisteredRoutes()).map(contractRoute)))
}

const contractRoute = ({ method, path, replies, body }: RegisteredRoute): ContractRoute => ({
  method,
  path,
  pattern: new RegExp(`^${path.replace(/\/$/, '').replace(/:[^/]+/g, '[^/]+')}/?$`),
  replies: replies as Record<string, TSchema>,
  body: body as TSchema | undefined,
})

/** Every route the server registers: its method and full path (`:name` for a parameter). */
export async function registeredRoutes(): Promise<{ method: string; path: string }[]> {
  return (await readRoutes()).map(({ method, path }) => ({ method, path }))
}

/** The route the server would answer `path` with: as its router does, a static part before a
 *  parameter (`/members/:id/corrections` before `/members/:id/:action`). */
async function routeFor(method: string, path: string): Promise<ContractRoute | undefined> {
  const params = (route: ContractRoute) => route.path.split('/').map((part) => (part.startsWith(':') ? '1' : '0')).join('')
  return (await readRoutes()).filter((candidate) => candidate.method === method && candidate.pattern.test(path))
    .sort((a, b) => params(a).localeCompare(params(b)))[0]
}

/**
 * What is wrong with a fake answer, or undefined when the server could have sent it: its route
 * exists and the body matches the reply schema for its status (2xx through the 200 schema).
 */
export async function contractProblem(method: string, path: string, status: number, body: unknown): Promise<string | undefined> {
  const route = await routeFor(method, path)
  if (!route) return `${method} ${path}: the server has no such route`
  // An error the route does not describe has the shape of every error the server sends (spec 8).
  const schema = route.replies[String(status)] ?? (status >= 200 && status < 300 ? route.replies['200'] : status >= 400 ? ErrorBody : undefined)
  if (!schema || Value.Check(schema, body)) return undefined
  return `${method} ${path} ${status}: the answer does not match ${route.path}'s reply schema (${schemaErrors(schema, body)})`
}

const schemaErrors = (schema: TSchema, value: unknown): string =>
  [...Value.Errors(schema, value)].slice(0, 3).map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ')

/** What is wrong with a request the app sent, or undefined when the server's route takes its body. */
export async function requestProblem(method: string, path: string, body: unknown): Promise<string | undefined> {
  const route = await routeFor(method, path)
  if (!route) return `${method} ${path}: the server has no such route`
  if (!route.body || Value.Check(route.body, body)) return undefined
  return `${method} ${path}: the app's body does not match ${route.path}'s body schema (${schemaErrors(route.body, body)})`
}
