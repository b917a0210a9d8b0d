// One descriptor per route of the wallet API (spec 7): its method and path, and as types only what
// it takes and answers. The reference server registers each route from its descriptor
// (server/shared/http/endpoint.ts) and the app calls it through the same one (api/call.ts), so a path, a
// method or a reply type cannot drift between the two. A descriptor holds no schema: the app's
// bundle gets two strings per route, never TypeBox.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Path parameters are `:name` parts of the path. */
export type PathParams = Record<string, string>

export interface Endpoint<Params extends PathParams | void = void, Body = void, Reply = unknown, Query = void> {
  readonly method: Method
  /** The full path from the API's base, `:name` for each parameter. */
  readonly path: string
  /** Types only, never set at run time. */
  readonly types?: { params: Params; body: Body; reply: Reply; query: Query }
}

/** Any descriptor, whatever it takes and answers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<any, any, any, any>

export type ParamsOf<E> = E extends Endpoint<infer Params, infer _B, infer _R, infer _Q> ? Params : never
export type BodyOf<E> = E extends Endpoint<infer _P, infer Body, infer _R, infer _Q> ? Body : never
export type ReplyOf<E> = E extends Endpoint<infer _P, infer _B, infer Reply, infer _Q> ? Reply : never
export type QueryOf<E> = E extends Endpoint<infer _P, infer _B, infer _R, infer Query> ? Query : never

export const endpoint = <Params extends PathParams | void = void, Body = void, Reply = unknown, Query = void>(
  method: Method,
  path: string,
): Endpoint<Params, Body, Reply, Query> => ({ method, path })

/** The path with each `:name` replaced by its parameter, encoded; a missing one throws. */
export function fillPath(path: string, params?: PathParams | void): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`${path}: no value for :${name}`)
    return encodeURIComponent(value)
  })
}
