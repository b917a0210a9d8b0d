// Chat routes and their schemas (spec 7 "Chat").
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { CHAT_HISTORY_MAX, CHAT_TEXT_MAX } from './chatLimits'
import { chatUnreadEndpoint } from './chatUnread'
import { MessageBody, filled, text } from './shared'

/** A guest id (kept in localStorage `guest-id`) and a client message id: random, URL-safe. */
const chatId = Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' })

/** Button (spec 3): `web` opens payload as a link, `call` dials it, `postback` sends it back;
 *  any other type sends the title as text. */
export const ChatButton = Type.Object({ title: text(200), type: text(32), payload: Type.Optional(text(2_000)) })
export type ChatButton = Static<typeof ChatButton>

/** Generic card (spec 3), one slide of a carousel. */
export const ChatGenericCard = Type.Object({
  image_url: Type.Optional(text(2_000)),
  title: text(200),
  subtitle: Type.Optional(text(1_000)),
  buttons: Type.Optional(Type.Array(ChatButton, { maxItems: 5 })),
})
export type ChatGenericCard = Static<typeof ChatGenericCard>

export const ChatFileType = Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('file')])
export type ChatFileType = Static<typeof ChatFileType>

/** Media payload (spec 3): `url` true when filePath is a full address, false for a path the
 *  upload answered (served by the chat server). */
export const ChatMediaPayload = Type.Object({
  message: Type.Optional(text(CHAT_TEXT_MAX)),
  url: Type.Boolean(),
  fileType: ChatFileType,
  filePath: text(2_000),
  name: text(255),
})
export type ChatMediaPayload = Static<typeof ChatMediaPayload>

/** Delivery state of a message (spec 3): its client id, and on the sender's device its status. */
export const ChatDeliverStatus = Type.Union([Type.Literal('uploading_file'), Type.Literal('sending'), Type.Literal('failed'), Type.Literal('succeed')])
export type ChatDeliverStatus = Static<typeof ChatDeliverStatus>
export const ChatDeliver = Type.Object({
  id: chatId,
  status: Type.Optional(ChatDeliverStatus),
  progress: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
})
export type ChatDeliver = Static<typeof ChatDeliver>

/**
 * A message as stored and sent out. Known types (spec 3): text (payload a string), buttons
 * ({ text, buttons }), media (ChatMediaPayload), quick_replies ({ text, quick_replies }), generic
 * ({ elements }), postback ({ title, payload }). The payload is not narrowed here: an agent's
 * console may send types or shapes the app does not know, which it shows as a placeholder.
 */
export const ChatMessage = Type.Object({
  message_type: text(32),
  payload: Type.Unknown(),
  deliver: Type.Optional(ChatDeliver),
})
export type ChatMessage = Static<typeof ChatMessage>

/** Conversation item (spec 3). `sender` is `customer` (the player) or anyone else (the agent). */
export const ChatItem = Type.Object({
  _id: text(32),
  sender: text(32),
  message: ChatMessage,
  createdAt: text(40),
  session_id: text(64),
  userId: Type.Union([text(64), Type.Null()]),
  guestId: Type.Union([text(64), Type.Null()]),
  username: Type.Optional(text(100)),
  name: Type.Optional(text(100)),
  deviceToken: Type.Optional(text(200)),
})
export type ChatItem = Static<typeof ChatItem>

/** Who a chat call is for: a guest by its id, or the signed-in member by profile id (the bearer
 *  token must be that member's). Exactly one of the two. */
const userId = Type.Optional(text(64))
const guestId = Type.Optional(chatId)
export const ChatWho = Type.Object({ userId, guestId }, { additionalProperties: false })
export type ChatWho = Static<typeof ChatWho>

const deliverId = Type.Object({ id: chatId }, { additionalProperties: false })
/** What the player can send: text (not blank, spec 5), an uploaded file, a postback button's payload. */
export const ChatOutgoing = Type.Union([
  Type.Object({ message_type: Type.Literal('text'), payload: filled(CHAT_TEXT_MAX), deliver: deliverId }, { additionalProperties: false }),
  Type.Object({ message_type: Type.Literal('media'), payload: ChatMediaPayload, deliver: deliverId }, { additionalProperties: false }),
  Type.Object({
    message_type: Type.Literal('postback'),
    payload: Type.Object({ title: filled(200), payload: text(2_000) }, { additionalProperties: false }),
    deliver: deliverId,
  }, { additionalProperties: false }),
])
export type ChatOutgoing = Static<typeof ChatOutgoing>

/** POST /api/chat/send-message: the conversation object; a `deliver.id` sent before answers the
 *  message stored then (a resend after a lost answer is not a second message). */
export const ChatSendRequest = Type.Object({
  userId,
  guestId,
  message: ChatOutgoing,
}, { additionalProperties: false })
export type ChatSendRequest = Static<typeof ChatSendRequest>

/** POST /api/chat/history: newest first, `limit` at most CHAT_HISTORY_MAX. */
export const ChatHistoryRequest = Type.Object({
  userId,
  guestId,
  limit: Type.Integer({ minimum: 1, maximum: CHAT_HISTORY_MAX }),
  skip: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
}, { additionalProperties: false })
export type ChatHistoryRequest = Static<typeof ChatHistoryRequest>
export const ChatHistoryResponse = Type.Array(ChatItem)
export type ChatHistoryResponse = Static<typeof ChatHistoryResponse>

/** GET /api/chat/config: the room prefix; a room is `${PREFIX}-${guestId or profile id}`. */
export const ChatConfig = Type.Object({ PREFIX: text(64) })
export type ChatConfig = Static<typeof ChatConfig>

/** The upload's answer: the stored file's path, for a media payload with `url: false`. */
export const ChatUploadResponse = Type.Object({ path: text(2_000) })
export type ChatUploadResponse = Static<typeof ChatUploadResponse>

/** POST /dev/chat/reply: an agent's message of any type to a guest or a member; `newSession`
 *  starts a new session id first (the app then shows 'End Conversation' between the two). */
export const ChatDevReply = Type.Object({
  userId,
  guestId,
  message: Type.Object({ message_type: filled(32), payload: Type.Unknown() }, { additionalProperties: false }),
  newSession: Type.Optional(Type.Boolean()),
  /** The agent's name the player sees beside the reply (a staff reply carries its author's first name). */
  name: Type.Optional(filled(40)),
}, { additionalProperties: false })
export type ChatDevReply = Static<typeof ChatDevReply>

// GET /api/chat/unread (the member's own; not in spec 7, which has no such call) lives in a module
// of its own (chatUnread.ts), so the bubble's bundle carries no more of the chat's contract.
export { ChatUnread } from './chatUnread'

/** Where the uploads are served; a media payload with `url: false` names `${CHAT_FILES_PATH}/<name>`. */
export const CHAT_FILES_PATH = '/chat-files'

export const chatEndpoints = {
  /** An uploaded file, by the name its upload answered (not spec 7's API: the media payload's path). */
  file: endpoint<{ '*': string }, void, Blob>('GET', `${CHAT_FILES_PATH}/*`),
  config: endpoint<void, void, ChatConfig>('GET', '/api/chat/config'),
  send: endpoint<void, ChatSendRequest, ChatItem>('POST', '/api/chat/send-message'),
  history: endpoint<void, ChatHistoryRequest, ChatHistoryResponse>('POST', '/api/chat/history'),
  /** Multipart, field `file` (spec 7): png, jpeg or gif up to 10 MB. */
  uploadImage: endpoint<void, FormData, ChatUploadResponse>('POST', '/api/chat/upload-image'),
  /** Multipart, field `file`: mp4 or quicktime up to 20 MB. */
  uploadVideo: endpoint<void, FormData, ChatUploadResponse>('POST', '/api/chat/upload-video'),
  readCustomer: endpoint<void, ChatWho, Static<typeof MessageBody>>('PUT', '/api/chat/read-customer/'),
  unread: chatUnreadEndpoint,
}

export { CHAT_HISTORY_MAX, CHAT_JOIN_EVENT, CHAT_MESSAGING_EVENT, CHAT_TEXT_MAX, type ChatSocketAuth } from './chatLimits'
