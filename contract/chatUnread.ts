// GET /api/chat/unread (issue 33), in a module of its own: the chat bubble every page carries asks
// only this, and a page's bundle then holds no other part of the chat's contract (chat.ts, which
// the lazy chat imports, stays in the chat's own chunk).
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'

/** The member's agent messages sent since they last read the chat, counted even if they never
 *  opened it. The home counts them without loading the chat. */
export const ChatUnread = Type.Object({ count: Type.Integer({ minimum: 0 }) })
export type ChatUnread = Static<typeof ChatUnread>

export const chatUnreadEndpoint = endpoint<void, void, ChatUnread>('GET', '/api/chat/unread')
