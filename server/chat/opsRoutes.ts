// The support inbox in the operator API (issue 33, duty chat): the conversations waiting for staff
// (the player spoke last in the current session: someone must answer; `?state=open` lists every
// conversation with a message in its current session), a conversation's messages, a reply of any
// message type the chat shows, and the end of a session. Replies and ends go through the same
// functions as the dev stand-in (service.ts), their audit rows in their transactions.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import * as O from '../../contract/ops'
import { audit } from '../ops/audit'
import { actorOf, needs } from '../ops/scope'
import type { ServerContext } from '../shared/context'
import type { Db } from '../shared/db'
import { routeOf } from '../shared/http/endpoint'
import { fail } from '../shared/http/errors'
import { maskPhone } from '../shared/mask'
import { findMembersByIds, type Member } from '../shared/members'
import type { ChatOwner } from './identity'
import * as repo from './repo'
import { endChatSession, memberIdOf, ownerOf, sendAgentMessage } from './service'
import type { ChatHub } from './socket'

const E = O.opsEndpoints
const INBOX_LIMIT = 50

/** A conversation item as staff see it: never the guest's id, which opens the guest's chat to whoever holds it. */
const staffView = (item: C.ChatItem): C.ChatItem => ({ ...item, guestId: null })

const memberRef = (member: Member): O.MemberRef => ({ id: String(member.id), phone: maskPhone(member.username), name: member.name, currency: member.currency })

function conversationOf(room: repo.Room, last: C.ChatItem | undefined, member: Member | undefined): O.Conversation {
  return {
    id: String(room.id),
    kind: room.kind,
    member: member ? memberRef(member) : null,
    sessionId: room.session_id,
    waiting: last?.sender === 'customer',
    lastMessage: last ? staffView(last) : null,
    customerReadAt: room.customer_read_at === null ? null : new Date(Number(room.customer_read_at)).toISOString(),
  }
}

/**
 * The name a player sees on a staff member's reply (issue 51 §5): the first word of the staff
 * member's name, so a player greets "Nok" and never learns a surname; never the username, which is
 * half of a staff login. A name that is all space leaves the reply unnamed (the app says "Support").
 */
export function agentName(staffName: string): string | undefined {
  const first = staffName.trim().split(/\s+/)[0]
  return first ? [...first].slice(0, 40).join('') : undefined
}

/** The room `id` names and its owner as the chat's functions take it; 404 NO_DATA when there is none. */
async function roomWithOwner(ctx: ServerContext, id: string): Promise<{ room: repo.Room; owner: ChatOwner; member?: Member }> {
  const room = await repo.findRoomById(ctx.db, Number(id))
  const owned = room && (await ownerOf(ctx, room))
  if (!room || !owned) throw fail(404, 'NO_DATA')
  return { room, ...owned }
}

/** A member's chat as their page in the console shows it (issue 52 §3): the conversation (to open
 *  in the inbox) and its last `limit` messages, newest first; null before the member's first message. */
export async function memberChat(db: Db, memberId: number, limit: number): Promise<O.MemberDetail['chat']> {
  const room = await repo.findRoom(db, { kind: 'member', id: String(memberId) })
  if (!room) return null
  return { conversation: String(room.id), messages: (await repo.historyBefore(db, room, undefined, limit)).map(staffView) }
}

export const chatOpsRoutes = (hub: ChatHub): FastifyPluginAsyncTypebox => async (app) => {
  const ctx = app.serverContext

  app.route({
    ...routeOf(E.inbox, { querystring: O.InboxQuery, response: { 200: O.Inbox } }),
    ...needs('chat'),
    handler: async (request) => {
      const { state = 'waiting', before } = request.query
      const rows = await repo.roomsByLastMessage(ctx.db, { waiting: state === 'waiting', beforeId: before === undefined ? undefined : Number(before), limit: INBOX_LIMIT })
      const members = new Map((await findMembersByIds(ctx.db, rows.flatMap(({ room }) => memberIdOf(room) ?? []))).map((member) => [member.id, member]))
      return { conversations: rows.map(({ room, last }) => conversationOf(room, last, members.get(memberIdOf(room) ?? -1))) }
    },
  })

  app.route({
    ...routeOf(E.conversation, { params: O.IdParams, querystring: O.ConversationQuery, response: { 200: O.ConversationPage } }),
    ...needs('chat'),
    handler: async (request) => {
      const { room, member } = await roomWithOwner(ctx, request.params.id)
      const { before, limit = '20' } = request.query
      const [last, messages] = await Promise.all([
        repo.lastOfSession(ctx.db, room),
        repo.historyBefore(ctx.db, room, before === undefined ? undefined : Number(before), Number(limit)),
      ])
      return { conversation: conversationOf(room, last, member), messages: messages.map(staffView) }
    },
  })

  app.route({
    ...routeOf(E.reply, { params: O.IdParams, body: O.OpsChatReply, response: { 200: C.ChatItem } }),
    ...needs('chat'),
    handler: async (request) => {
      const { owner, member } = await roomWithOwner(ctx, request.params.id)
      const actor = actorOf(request)
      const { message } = request.body
      // Two staff answering at once both answer: each reply is a message of its own.
      const item = await sendAgentMessage(ctx, hub, owner, message, {
        name: agentName(request.staff.name),
        onSent: (trx, { room, item: sent }) => audit(trx, actor, ctx.now(), {
          action: 'chat.reply',
          item: `chat:${room.id}`,
          memberId: member?.id,
          after: { messageId: sent._id, messageType: message.message_type, sessionId: room.session_id },
        }),
      })
      return staffView(item)
    },
  })

  app.route({
    ...routeOf(E.endSession, { params: O.IdParams, body: O.EndSession, response: { 200: O.Conversation } }),
    ...needs('chat'),
    handler: async (request) => {
      const { room, member } = await roomWithOwner(ctx, request.params.id)
      const { sessionId } = request.body
      // A session with nothing in it was ended already (or never begun): nothing to end.
      if (room.session_id === sessionId && !(await repo.lastOfSession(ctx.db, room))) throw fail(409, 'ALREADY_DECIDED')
      const actor = actorOf(request)
      const next = await endChatSession(ctx, room, sessionId, (trx, { room: started, ended }) => audit(trx, actor, ctx.now(), {
        action: 'chat.endSession',
        item: `chat:${room.id}`,
        memberId: member?.id,
        before: { sessionId: ended },
        after: { sessionId: started.session_id },
      }))
      return conversationOf(next, undefined, member)
    },
  })
}
