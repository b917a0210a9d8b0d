// What the chat routes do, apart from HTTP: store a customer's message once (a resend of its
// deliver.id answers the first), an agent's reply, the end of a session, an upload, and tell the
// room's sockets (and the staff consoles, ops/feed.ts). The dev stand-in and the operator API's
// inbox (chat/opsRoutes.ts) send and end through the same functions.
import type { ChatItem, ChatMediaPayload, ChatOutgoing, ChatUploadResponse } from '../../contract'
import { announce } from '../ops/feed'
import type { ServerContext } from '../shared/context'
import { type Db, inTransaction, whenDurable } from '../shared/db'
import { fail } from '../shared/http/errors'
import { chatMessageLimits, chatUploadRoomLimit, takeAttempt } from '../shared/limits'
import { findMembersByIds, type Member } from '../shared/members'
import {
  CHAT_FILE_NAME, CHAT_FILES_PATH, CHAT_IMAGE_MAX_BYTES, CHAT_VIDEO_MAX_BYTES, type ChatMime, fileTypeOf, imageType, saveChatFile, videoType,
} from './files'
import { type ChatOwner, rateSubject, roomName } from './identity'
import type { ChatHub } from './socket'
import * as repo from './repo'
import { markSupportRead, tellSupportAnswered } from '../notify/events'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'

/** The member a member's room belongs to (none for a guest's). */
export const memberIdOf = (room: repo.Room): number | undefined => (room.kind === 'member' ? Number(room.owner) : undefined)

/** A room's owner as the chat's functions take it; undefined when its member is gone. */
export async function ownerOf(ctx: ServerContext, room: repo.Room): Promise<{ owner: ChatOwner; member?: Member } | undefined> {
  const memberId = memberIdOf(room)
  if (memberId === undefined) return { owner: { kind: 'guest', id: room.owner } }
  const [member] = await findMembersByIds(ctx.db, [memberId])
  return member ? { owner: { kind: 'member', id: room.owner, member }, member } : undefined
}

/** An agent's payload, as JSON, at most this long (the body limit's size). */
export const AGENT_PAYLOAD_MAX = 64 * 1024

/** Tells the room's sockets, on every instance, once the item is on disk. */
async function publish(ctx: ServerContext, hub: ChatHub, owner: ChatOwner, item: ChatItem): Promise<void> {
  await whenDurable(ctx.db)
  hub.emit(roomName(hub.prefix, owner), [item])
}

/**
 * A customer's message. A deliver.id the room already has answers the message stored then, and
 * nothing is sent to the sockets again (a resend after a lost answer, from any instance).
 */
export async function sendCustomerMessage(ctx: ServerContext, hub: ChatHub, owner: ChatOwner, message: ChatOutgoing, address: string): Promise<ChatItem> {
  const room = await repo.ensureRoom(ctx.db, owner, ctx.now())
  const clientId = message.deliver.id
  const sent = await repo.findByClientId(ctx.db, room, clientId)
  if (sent) return sent
  if (message.message_type === 'media') await checkMedia(ctx, room, message.payload)
  await takeAttempt(ctx.db, chatMessageLimits(ctx.limits, rateSubject(owner), address), ctx.now())
  const { item, created } = await repo.storeMessage(ctx.db, room, {
    sender: 'customer',
    message_type: message.message_type,
    payload: message.payload,
    clientId,
    ...(owner.kind === 'member' ? { username: owner.member.username, name: owner.member.name } : {}),
  }, ctx.now())
  if (created && message.message_type === 'media') await repo.markFileSent(ctx.db, fileNameOf(message.payload.filePath), ctx.now())
  if (created) {
    await publish(ctx, hub, owner, item)
    await announce(ctx, 'chat', { id: String(room.id), state: 'waiting' })
  }
  return item
}

const fileNameOf = (filePath: string): string => (filePath.startsWith(`${CHAT_FILES_PATH}/`) ? filePath.slice(CHAT_FILES_PATH.length + 1) : '')

/** A media message names a file its own room uploaded, as the upload answered it. */
async function checkMedia(ctx: ServerContext, room: repo.Room, payload: ChatMediaPayload): Promise<void> {
  const name = fileNameOf(payload.filePath)
  if (payload.url || !CHAT_FILE_NAME.test(name)) throw fail(400, 'KEY_INVALID')
  const file = await repo.findFile(ctx.db, name)
  if (!file || file.room_id !== room.id || fileTypeOf(file.mime) !== payload.fileType) throw fail(400, 'KEY_INVALID')
}

/** What is told of an agent's message or a session's end inside its transaction (the operator's
 *  audit row), so the two commit together. */
export type ChatDone<T> = (trx: Db, done: { room: repo.Room } & T) => Promise<void>

/**
 * An agent's message of any type (the dev stand-in, or a staff member's reply, whose shape the
 * operator API checks); `newSession` first ends the room's current session.
 */
export async function sendAgentMessage(
  ctx: ServerContext,
  hub: ChatHub,
  owner: ChatOwner,
  message: { message_type: string; payload: unknown },
  options: { newSession?: boolean; onSent?: ChatDone<{ item: ChatItem }>; name?: string } = {},
): Promise<ChatItem> {
  if (JSON.stringify(message.payload ?? null).length > AGENT_PAYLOAD_MAX) throw fail(400, 'KEY_INVALID')
  let room = await repo.ensureRoom(ctx.db, owner, ctx.now())
  if (options.newSession) room = await endChatSession(ctx, room, room.session_id)
  const item = await inTransaction(ctx.db, async (trx) => {
    const { item: stored } = await repo.storeMessage(trx, room, { sender: 'agent', message_type: message.message_type, payload: message.payload, name: options.name }, ctx.now())
    // The member is told (the bell, and a messenger if the chat stays unread, issue 50).
    if (owner.kind === 'member') await tellSupportAnswered(trx, owner.member, Number(room.id), message.payload, ctx.now())
    await options.onSent?.(trx, { room, item: stored })
    return stored
  })
  await publish(ctx, hub, owner, item)
  await announce(ctx, 'chat', { id: String(room.id), state: 'answered' })
  return item
}

/**
 * Ends the room's session `sessionId`: the room gets a new one, which the next message starts (the
 * app shows 'End Conversation' between the two). Once, however many end it at once on any
 * instance: the later are 409 ALREADY_DECIDED.
 */
export async function endChatSession(ctx: ServerContext, room: repo.Room, sessionId: string, onEnded?: ChatDone<{ ended: string }>): Promise<repo.Room> {
  const next = await inTransaction(ctx.db, async (trx) => {
    const started = await repo.startSession(trx, room, sessionId)
    if (!started) throw fail(409, 'ALREADY_DECIDED')
    await onEnded?.(trx, { room: started, ended: sessionId })
    return started
  })
  await announce(ctx, 'chat', { id: String(room.id), state: 'ended' })
  return next
}

/** How many agent messages the member has not read (none when they never had a room). */
export async function unreadCount(ctx: ServerContext, owner: ChatOwner): Promise<number> {
  const room = await repo.findRoom(ctx.db, owner)
  return room ? repo.countUnread(ctx.db, room) : 0
}

export async function chatHistory(ctx: ServerContext, owner: ChatOwner, limit: number, skip: number): Promise<ChatItem[]> {
  const room = await repo.findRoom(ctx.db, owner)
  return room ? repo.history(ctx.db, room, limit, skip) : []
}

export async function markCustomerRead(ctx: ServerContext, owner: ChatOwner): Promise<void> {
  // A room nobody wrote in has nothing to mark: no row is made for it.
  const room = await repo.findRoom(ctx.db, owner)
  if (room) await repo.markRead(ctx.db, room, ctx.now())
  if (owner.kind === 'member') await markSupportRead(ctx.db, owner.member.id, ctx.now())
}

export type UploadKind = 'image' | 'video'

export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = { image: CHAT_IMAGE_MAX_BYTES, video: CHAT_VIDEO_MAX_BYTES }

/**
 * Keeps an uploaded file of its room (its address's limits were taken before the body was read,
 * see chat/routes.ts): counted against the room's upload limit, then refused when
 * too large (413 CHAT_FILE_TOO_LARGE) or not what its kind allows, by its bytes (400
 * CHAT_FILE_NOT_SUPPORTED).
 */
export async function receiveUpload(ctx: ServerContext, dir: string, owner: ChatOwner, kind: UploadKind, bytes: Buffer): Promise<ChatUploadResponse> {
  await takeAttempt(ctx.db, [chatUploadRoomLimit(ctx.limits, rateSubject(owner))], ctx.now())
  if (bytes.length > UPLOAD_MAX_BYTES[kind]) throw fail(413, 'CHAT_FILE_TOO_LARGE')
  const mime: ChatMime | undefined = kind === 'image' ? imageType(bytes) : videoType(bytes)
  if (!mime) throw fail(400, 'CHAT_FILE_NOT_SUPPORTED')
  const room = await repo.ensureRoom(ctx.db, owner, ctx.now())
  const name = await saveChatFile(dir, mime, bytes)
  await repo.recordFile(ctx.db, { name, room_id: room.id, mime, size: bytes.length, created_at: ctx.now(), sent_at: null })
  return { path: `${CHAT_FILES_PATH}/${name}` }
}

/** How long an uploaded file may wait for the message that sends it. */
export const UNSENT_FILE_TTL_MS = 24 * 60 * 60 * 1000

/**
 * Chat files uploaded but never sent in a message, older than a day, are forgotten and their bytes
 * removed (issue 33 §4): an upload the player abandoned is not kept forever. The row goes first,
 * so a message that names the file afterwards is refused rather than left pointing at nothing.
 * Answers how many went. Several instances may sweep at once: each file goes once.
 */
export async function sweepUnsentFiles(ctx: ServerContext, dir: string): Promise<number> {
  let swept = 0
  for (const name of await repo.unsentFiles(ctx.db, ctx.now() - UNSENT_FILE_TTL_MS, 200)) {
    if (!CHAT_FILE_NAME.test(name) || !(await repo.deleteUnsentFile(ctx.db, name))) continue
    await rm(join(dir, name), { force: true })
    swept += 1
  }
  return swept
}
