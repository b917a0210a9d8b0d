// The app's side of the endpoint descriptors (api/contract/endpoint.ts): one call by descriptor,
// its path filled in, its body and reply typed by the descriptor.
import type { AxiosRequestConfig } from 'axios'
import { api } from './http'
import { type AnyEndpoint, type BodyOf, fillPath, type ParamsOf, type QueryOf, type ReplyOf } from './contract/endpoint'

type Part<Key extends string, T> = [T] extends [void] ? { [K in Key]?: never } : { [K in Key]: T }

export type CallArgs<E extends AnyEndpoint> = Part<'params', ParamsOf<E>> &
  Part<'body', BodyOf<E>> &
  Part<'query', QueryOf<E>> & {
    headers?: Record<string, string>
    timeout?: number
  }

/** Calls a route of the wallet API by its descriptor. */
export function call<E extends AnyEndpoint>(endpoint: E, ...[args]: Partial<CallArgs<E>> extends CallArgs<E> ? [CallArgs<E>?] : [CallArgs<E>]): Promise<ReplyOf<E>> {
  const { params, body, query, headers, timeout } = (args ?? {}) as { params?: Record<string, string>; body?: unknown; query?: Record<string, unknown>; headers?: Record<string, string>; timeout?: number }
  const url = fillPath(endpoint.path, params)
  const config: AxiosRequestConfig = { ...(headers && { headers }), ...(timeout && { timeout }), ...(query && { params: query }) }
  // The reply is the descriptor's type: the server's reply schema is checked against it (server/http/endpoint.ts).
  const sent: Promise<unknown> =
    endpoint.method === 'GET' ? api.get(url, config)
    : endpoint.method === 'DELETE' ? api.delete(url, config)
    : endpoint.method === 'POST' ? api.post(url, body, config)
    : api.put(url, body, config)
  return sent as Promise<ReplyOf<E>>
}
