// Who a chat call or socket is for: a guest by its id, or a signed-in member (spec 7 "Chat").
// A guest needs nothing but its id; a member's calls carry the member's own bearer token.
import type { FastifyRequest } from 'fastify'
import type { ChatSocketAuth, ChatWho } from '../../contract'
import type { Member } from '../shared/members'
import { authenticate, tokenSession } from '../auth/guard'
import { sessionRoom } from '../auth/sessions'
import type { OpsSocketAuth } from '../../contract/ops'
import { liveRooms } from '../ops/feed'
import { pendingSetup, staffTokenSession, staffTotpRule } from '../ops/staff'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'

/** A room's owner. The socket.io room name is `${PREFIX}-${id}`; member ids are digits and a guest
 *  id never is, so a guest's room name is never a member's. */
export type ChatOwner = { kind: 'guest'; id: string } | { kind: 'member'; id: string; member: Member }

/** A staff console's socket (issue 33): no chat room of its own, but the rooms of its role's live
 *  duties (ops/feed.ts). */
export interface StaffOwner { kind: 'staff'; id: string; rooms: string[] }

/** A socket's owner; a member's or staff member's socket also has its session: the room that cuts
 *  it when the session ends (auth/sessions.ts, ops/staff.ts) and when that session expires. */
export type SocketOwner = (ChatOwner | StaffOwner) & { session?: { room: string; expiresAt: number } }

const GUEST_ID = /^[A-Za-z0-9_-]{16,64}$/

export const roomName = (prefix: string, owner: ChatOwner): string => `${prefix}-${owner.id}`

/** The rate-limit subject of a room. */
export const rateSubject = (owner: ChatOwner): string => `${owner.kind}:${owner.id}`

function guest(guestId: string): ChatOwner {
  if (!GUEST_ID.test(guestId) || /^\d+$/.test(guestId)) throw fail(400, 'KEY_INVALID')
  return { kind: 'guest', id: guestId }
}

/** Exactly one of userId and guestId: neither is KEY_MISSING, both KEY_INVALID. */
function oneOf(who: ChatWho): { userId: string } | { guestId: string } {
  const { userId, guestId } = who
  if (userId !== undefined && guestId !== undefined) throw fail(400, 'KEY_INVALID')
  if (guestId !== undefined) return { guestId }
  if (userId === undefined || userId.trim() === '') throw fail(400, 'KEY_MISSING')
  return { userId }
}

/**
 * The owner a call names. A member (userId, the profile's `_id`) needs that member's bearer token:
 * none is 401 UNAUTHORIZED (and a bad one refused as every member call refuses it), another
 * member's is 403 UNAUTHORIZED.
 */
export async function requestOwner(ctx: ServerContext, request: FastifyRequest, who: ChatWho): Promise<ChatOwner> {
  const named = oneOf(who)
  if ('guestId' in named) return guest(named.guestId)
  const { member } = await authenticate(ctx, request)
  if (String(member.id) !== named.userId) throw fail(403, 'UNAUTHORIZED')
  return { kind: 'member', id: named.userId, member }
}

/** The owner a dev endpoint names, without a token: the member must exist. */
export async function namedOwner(findMember: (id: number) => Promise<Member | undefined>, who: ChatWho): Promise<ChatOwner> {
  const named = oneOf(who)
  if ('guestId' in named) return guest(named.guestId)
  const member = /^\d{1,15}$/.test(named.userId) ? await findMember(Number(named.userId)) : undefined
  if (!member) throw fail(404, 'NO_DATA')
  return { kind: 'member', id: named.userId, member }
}

/**
 * The owner of a socket, from its handshake's `auth` (ChatSocketAuth): a token is the member's
 * session, checked as a bearer token is and read from the database (a session ended a moment before
 * on any instance is refused); or a guest
 * id. Exactly one of the two; or, alone, a staff console's token (OpsSocketAuth), checked as the
 * operator API checks it.
 */
export async function socketOwner(ctx: ServerContext, auth: unknown): Promise<SocketOwner> {
  const { token, guestId, staffToken } = (auth ?? {}) as ChatSocketAuth & Partial<OpsSocketAuth>
  if (staffToken !== undefined) {
    if (token !== undefined || guestId !== undefined) throw fail(400, 'KEY_INVALID')
    if (typeof staffToken !== 'string') throw fail(401, 'invalid token')
    const { staff, tokenHash, expiresAt } = await staffTokenSession(ctx, staffToken)
    // A session with a setup to do (issue 47) hears no queue, as it reads none.
    if (pendingSetup(staff, await staffTotpRule(ctx)) !== null) throw fail(403, 'SETUP_REQUIRED')
    return { kind: 'staff', id: String(staff.id), rooms: liveRooms(staff.role), session: { room: sessionRoom(tokenHash), expiresAt } }
  }
  if (token !== undefined && guestId !== undefined) throw fail(400, 'KEY_INVALID')
  if (guestId !== undefined) {
    if (typeof guestId !== 'string') throw fail(400, 'KEY_INVALID')
    return guest(guestId)
  }
  if (token === undefined || token === '') throw fail(401, 'UNAUTHORIZED')
  if (typeof token !== 'string') throw fail(401, 'invalid token')
  const { member, tokenHash, expiresAt } = await tokenSession(ctx, token, { fresh: true })
  return { kind: 'member', id: String(member.id), member, session: { room: sessionRoom(tokenHash), expiresAt } }
}
