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

export { CHAT_HISTORY_MAX, CHAT_JOIN_EVENT, CHAT_MESSAGING_EVENT, CHAT_TEXT_MAX, type ChatSocketAuth } from './chatLimits'
