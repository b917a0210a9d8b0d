// Chat routes (spec 7 "Chat"). Types only from the schemas.
import type * as C from '../contract'
import type { Static } from 'typebox'
import { endpoint } from './endpoint'

export const chatEndpoints = {
  config: endpoint<void, void, C.ChatConfig>('GET', '/api/chat/config'),
  send: endpoint<void, C.ChatSendRequest, C.ChatItem>('POST', '/api/chat/send-message'),
  history: endpoint<void, C.ChatHistoryRequest, C.ChatHistoryResponse>('POST', '/api/chat/history'),
  /** Multipart, field `file` (spec 7): png, jpeg or gif up to 10 MB. */
  uploadImage: endpoint<void, FormData, C.ChatUploadResponse>('POST', '/api/chat/upload-image'),
  /** Multipart, field `file`: mp4 or quicktime up to 20 MB. */
  uploadVideo: endpoint<void, FormData, C.ChatUploadResponse>('POST', '/api/chat/upload-video'),
  readCustomer: endpoint<void, C.ChatWho, Static<typeof C.MessageBody>>('PUT', '/api/chat/read-customer/'),
}

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
