// The chat's limits and socket words (spec 7, 9): values the app and the server both read, in a
// module without TypeBox so the app's bundle takes them alone. contract/chat.ts re-exports them.
/** Spec 9: chat text maximum. */
export const CHAT_TEXT_MAX = 2000
/** The largest history page the server gives (the app asks for 10, spec 9). */
export const CHAT_HISTORY_MAX = 50

/** Socket.io (spec 7): the handshake's `auth` is the API token (a member) or a guest id; the server
 *  puts the socket in its own room and emits CHAT_MESSAGING_EVENT with new ChatItem[] to it. */
export interface ChatSocketAuth {
  token?: string
  guestId?: string
}
export const CHAT_MESSAGING_EVENT = 'messaging'
/** A client may ask to join a room by name; only its own is granted (ack `{ joined }`). */
export const CHAT_JOIN_EVENT = 'join'
