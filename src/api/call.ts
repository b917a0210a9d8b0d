// The app's side of the endpoint descriptors (api/contract/endpoint.ts): one call by descriptor,
// its path filled in, its body and reply typed by the descriptor.
import type { AxiosRequestConfig } from 'axios'
import { api } from './http'
import { type AnyEndpoint, type BodyOf, fillPath, type ParamsOf, type QueryOf, type ReplyOf } from '../../contract/endpoint'

/** A part the descriptor has is required, unless all its fields are optional (a query of options). */
type Part<Key extends string, T> = [T] extends [void] ? { [K in Key]?: never } : Partial<T> extends T ? { [K in Key]?: T } : { [K in Key]: T }

export type CallArgs<E extends AnyEndpoint> = Part<'params', ParamsOf<E>> &
  Part<'body', BodyOf<E>> &
  Part<'query', QueryOf<E>> & {
    headers?: Record<string, string>
    timeout?: number
    /** A read the player did not ask for (a poll): the loader bar does not wait on it. */
    background?: boolean
    /** An upload's progress (the slip). */
    onUploadProgress?: AxiosRequestConfig['onUploadProgress']
  }

/** Calls a route of the wallet API by its descriptor. */
export function call<E extends AnyEndpoint>(endpoint: E, ...[args]: Partial<CallArgs<E>> extends CallArgs<E> ? [CallArgs<E>?] : [CallArgs<E>]): Promise<ReplyOf<E>> {
  const { params, body, query, headers, timeout, background, onUploadProgress } = (args ?? {}) as {
    params?: Record<string, string>; body?: unknown; query?: Record<string, unknown>
  } & Pick<CallArgs<AnyEndpoint>, 'headers' | 'timeout' | 'background' | 'onUploadProgress'>
  const url = fillPath(endpoint.path, params)
  const config: AxiosRequestConfig = {
    ...(headers && { headers }),
    ...(timeout && { timeout }),
    ...(query && { params: query }),
    ...(background && { background }),
    ...(onUploadProgress && { onUploadProgress }),
  }
  // The reply is the descriptor's type: the server's reply schema is checked against it (server/shared/http/endpoint.ts).
  const sent: Promise<unknown> =
    endpoint.method === 'GET' ? api.get(url, config)
    : endpoint.method === 'DELETE' ? api.delete(url, config)
    : endpoint.method === 'POST' ? api.post(url, body, config)
    : api.put(url, body, config)
  return sent as Promise<ReplyOf<E>>
}
