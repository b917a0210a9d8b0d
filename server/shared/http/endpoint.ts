// The server's side of the endpoint descriptors (contract/endpoint.ts): a route's method and
// URL come from its descriptor, and its schemas must agree with the descriptor's types, so what
// the server validates and answers is what the app's calls are typed with.
import type { Static, TSchema } from 'typebox'
import type { AnyEndpoint, BodyOf, Method, ParamsOf, QueryOf, ReplyOf } from '../../../contract/endpoint'

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

export interface EndpointSchema {
  params?: TSchema
  body?: TSchema
  querystring?: TSchema
  /** The success answer: 200, or 201 for what a call creates. */
  response: { 200: TSchema } | { 201: TSchema }
}

/** The schema of the success answer. */
type SuccessSchema<S extends EndpointSchema> = S['response'] extends { 200: infer R extends TSchema } ? R
  : S['response'] extends { 201: infer R extends TSchema } ? R : never

/** A part of the schema agrees with the descriptor: the same type, or absent where the descriptor
 *  has none (or sends form data, which the route reads as bytes itself: the slip upload). */
type Part<S, Key extends string, T> = S extends { [K in Key]: infer Schema extends TSchema }
  ? Same<Static<Schema>, T> extends true ? unknown : { [K in Key]: `the ${Key} schema is not the descriptor's ${Key}` }
  : [T] extends [void] ? unknown : [T] extends [FormData] ? unknown : { [K in Key]: `the descriptor has a ${Key}: give its schema` }

type Agrees<E extends AnyEndpoint, S extends EndpointSchema> = Part<S, 'params', ParamsOf<E>> &
  Part<S, 'body', BodyOf<E>> &
  Part<S, 'querystring', QueryOf<E>> &
  (Same<Static<SuccessSchema<S>>, ReplyOf<E>> extends true ? unknown : { response: "the success schema is not the descriptor's reply" })

/** Schemas that agree with the descriptor `E` (a compile-time check). */
export type Agreeing<E extends AnyEndpoint, S extends EndpointSchema> = S & Agrees<E, S>

/**
 * A route from its descriptor, named once: its method and full path, and its schemas checked
 * against the descriptor's types at compile time. An area registers its routes at the root, so
 * the path is the descriptor's: `app.route({ ...routeOf(W.transfer, { body, response }), handler })`.
 */
export const routeOf = <E extends AnyEndpoint, S extends EndpointSchema>(endpoint: E, schema: Agreeing<E, S>): { method: Method; url: string; schema: S } =>
  ({ method: endpoint.method, url: endpoint.path, schema })
