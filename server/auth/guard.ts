import type { FastifyRequest } from 'fastify'
import { findSessionMember, type Member } from '../shared/members'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import { sha256 } from '../shared/tokens'

export interface Authenticated {
  member: Member
  token: string
}

/**
 * The member behind `Authorization: Bearer <token>`. No header: 401 UNAUTHORIZED; unknown or
 * garbled: 401 'invalid token'; expired: 401 EXPIRED_AUTH_TOKEN; deactivated: 403 INACTIVE_USER.
 */
export async function authenticate(ctx: ServerContext, request: FastifyRequest): Promise<Authenticated> {
  const header = request.headers.authorization
  if (!header) throw fail(401, 'UNAUTHORIZED')
  const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(header.trim())
  if (!match) throw fail(401, 'invalid token')
  const token = match[1]
  return { member: await tokenMember(ctx, token), token }
}

/** The member holding a session token, refused as `authenticate` refuses. */
export async function tokenMember(ctx: ServerContext, token: string): Promise<Member> {
  return (await tokenSession(ctx, token)).member
}

/** A live session: its member, the token's hash (sessions.ts names its sockets' room by it) and
 *  when it expires. */
export interface LiveSession {
  member: Member
  tokenHash: string
  expiresAt: number
}

/**
 * The session a token opens, refused as `authenticate` refuses (the chat socket's handshake has no
 * header). `fresh` reads it from the database, never from this instance's kept sessions: a socket's
 * handshake does, since a socket let in on a session ended a moment ago on another instance, before
 * this one heard of it, would stay in that session's room, which no later cut reaches.
 */
export async function tokenSession(ctx: ServerContext, token: string, { fresh = false } = {}): Promise<LiveSession> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw fail(401, 'invalid token')
  const tokenHash = sha256(token)
  const read = () => findSessionMember(ctx.db, tokenHash)
  const session = await (ctx.sessionCache && !fresh ? ctx.sessionCache.session(tokenHash, read) : read())
  if (!session) throw fail(401, 'invalid token')
  // Kept until the member's next login prunes it, so a retry still says EXPIRED_AUTH_TOKEN.
  if (session.expiresAt <= ctx.now()) throw fail(401, 'EXPIRED_AUTH_TOKEN')
  const { member, expiresAt } = session
  if (!member.isActive) throw fail(403, 'INACTIVE_USER')
  return { member, tokenHash, expiresAt }
}
