// What the request log says of a request (Fastify's `serializers.req`). Its URL is written for
// every request, and some URLs are the key to what they name: whoever reads the log must not be
// able to open a member's slip image, sign in to a member's game, or open an upload. Their secret
// path segments are written as `[redacted]`; the rest of the URL stays, so a log still tells which
// route was asked.
import type { FastifyRequest } from 'fastify'
import { gameEndpoints } from '../contract/games'
import { CHAT_FILES_PATH } from './chat/files'
import { SLIP_IMAGE_PATH } from './deposit/slips'
import { DEMO_GAME_PATH } from './games/providers'

export const REDACTED = '[redacted]'

/** Route patterns whose `:name` segments listed in `secrets` are never logged. */
const SECRET_SEGMENTS: readonly { path: string; secrets: readonly string[] }[] = [
  // Spec 7's auto-login by username and password: the game account's password is in the path.
  { path: gameEndpoints.autoLoginWithPassword.path, secrets: ['password'] },
  // The slip image (GET /api/statement/slip/reference/:reference answers this URL): its token
  // is the only key, since an <img> sends no bearer header.
  { path: `${SLIP_IMAGE_PATH}/:token`, secrets: ['token'] },
  // What an auto-login link opens: the launch token signs the member in to the game.
  { path: `${DEMO_GAME_PATH}/:token`, secrets: ['token'] },
  // Chat uploads are served to whoever has their unguessable name.
  { path: `${CHAT_FILES_PATH}/:name`, secrets: ['name'] },
]

const PATTERNS = SECRET_SEGMENTS.map(({ path, secrets }) =>
  path.split('/').filter(Boolean).map((segment) =>
    segment.startsWith(':') ? { parameter: true, secret: secrets.includes(segment.slice(1)) } : { literal: segment.toLowerCase() }),
)

/** Each pattern's literal segments: a URL holding none of the patterns' all is logged as it is,
 *  without being taken apart (every request is logged; few are one of these routes). */
const LITERALS = PATTERNS.map((pattern) => pattern.flatMap((want) => (want.literal === undefined ? [] : [want.literal])))

/**
 * The URL as the log may show it: the secret segments of the routes above replaced by
 * `[redacted]`. Literal segments match in any case and doubled slashes are skipped, so a URL no
 * route takes (404) is redacted as well; whatever follows the pattern is kept.
 */
export function redactUrl(url: string): string {
  const lower = url.toLowerCase()
  if (!LITERALS.some((literals) => literals.every((literal) => lower.includes(literal)))) return url
  // A request line may name the whole URL (`GET http://host/path`): its origin is kept as it is.
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? ''
  const end = url.slice(origin.length).search(/[?#]/)
  const path = end === -1 ? url.slice(origin.length) : url.slice(origin.length, origin.length + end)
  const rest = end === -1 ? '' : url.slice(origin.length + end)
  const parts = path.split('/')
  // Indexes of the non-empty parts: the segments a pattern is compared with.
  const filled = parts.flatMap((part, index) => (part === '' ? [] : [index]))
  for (const pattern of PATTERNS) {
    if (filled.length < pattern.length) continue
    const matches = pattern.every((want, i) => !('literal' in want) || parts[filled[i]].toLowerCase() === want.literal)
    if (!matches) continue
    pattern.forEach((want, i) => {
      if ('secret' in want && want.secret) parts[filled[i]] = REDACTED
    })
    return origin + parts.join('/') + rest
  }
  return url
}

/** Fastify's default request serializer, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
