// The chat tables (migration 0014) and their repository: rooms, conversation items, uploads.
import { randomBytes } from 'node:crypto'
import type { Generated, Selectable } from 'kysely'
import type { ChatItem, ChatMessage } from '../../src/api/contract'
import type { Db, Tables } from '../shared/db'
import type { ChatOwner } from './identity'

declare module '../shared/db' {
  /** The chat area's tables (the migrations make them). */
  interface Tables {
    chat_rooms: {
      id: Generated<number>
      kind: ChatOwner['kind']
      owner: string
      session_id: string
      customer_read_at: number | null
      created_at: number
    }
    chat_messages: {
      id: Generated<number>
      room_id: number
      sender: 'customer' | 'agent'
      message_type: string
      /** JSON text. */
      payload: string
      client_id: string | null
      session_id: string
      created_at: number
      username: string | null
      name: string | null
    }
    chat_files: { name: string; room_id: number; mime: string; size: number; created_at: number }
  }
}


export type Room = Selectable<Tables['chat_rooms']>
type MessageRow = Selectable<Tables['chat_messages']>
export type ChatFile = Selectable<Tables['chat_files']>

const newSessionId = () => randomBytes(12).toString('base64url')

export async function findRoom(db: Db, owner: ChatOwner): Promise<Room | undefined> {
  return db.selectFrom('chat_rooms').selectAll()
    .where('kind', '=', owner.kind).where('owner', '=', owner.id)
    .executeTakeFirst()
}

/** The owner's room, made on first use; two instances making it at once make one. */
export async function ensureRoom(db: Db, owner: ChatOwner, at: number): Promise<Room> {
  const found = await findRoom(db, owner)
  if (found) return found
  await db.insertInto('chat_rooms')
    .values({ kind: owner.kind, owner: owner.id, session_id: newSessionId(), customer_read_at: null, created_at: at })
    .onConflict((conflict) => conflict.columns(['kind', 'owner']).doNothing())
    .execute()
  const made = await findRoom(db, owner)
  if (!made) throw new Error(`chat room ${owner.kind}:${owner.id} was not made`)
  return made
}

/** Starts a new conversation session in the room (the agent ended the last one). */
export async function startSession(db: Db, room: Room): Promise<Room> {
  const sessionId = newSessionId()
  await db.updateTable('chat_rooms').set({ session_id: sessionId }).where('id', '=', room.id).execute()
  return { ...room, session_id: sessionId }
}

export async function markRead(db: Db, room: Room, at: number): Promise<void> {
  await db.updateTable('chat_rooms').set({ customer_read_at: at }).where('id', '=', room.id).execute()
}

export interface NewMessage {
  sender: 'customer' | 'agent'
  message_type: string
  payload: unknown
  clientId?: string
  username?: string
  name?: string
}

/**
 * Stores a message in the room's current session. A customer message whose client id the room
 * already has is not stored again: `created` is false and the item is the one stored first.
 */
export async function storeMessage(db: Db, room: Room, message: NewMessage, at: number): Promise<{ item: ChatItem; created: boolean }> {
  const row = await db.insertInto('chat_messages')
    .values({
      room_id: room.id,
      sender: message.sender,
      message_type: message.message_type,
      payload: JSON.stringify(message.payload ?? null),
      client_id: message.clientId ?? null,
      session_id: room.session_id,
      created_at: at,
      username: message.username ?? null,
      name: message.name ?? null,
    })
    .onConflict((conflict) => conflict.columns(['room_id', 'client_id']).doNothing())
    .returningAll()
    .executeTakeFirst()
  if (row) return { item: toItem(room, row), created: true }
  const stored = message.clientId === undefined ? undefined : await findByClientId(db, room, message.clientId)
  if (!stored) throw new Error(`chat message of room ${room.id} was neither stored nor found`)
  return { item: stored, created: false }
}

export async function findByClientId(db: Db, room: Room, clientId: string): Promise<ChatItem | undefined> {
  const row = await db.selectFrom('chat_messages').selectAll()
    .where('room_id', '=', room.id).where('client_id', '=', clientId)
    .executeTakeFirst()
  return row && toItem(room, row)
}

/** A page of the room's items, newest first. */
export async function history(db: Db, room: Room, limit: number, skip: number): Promise<ChatItem[]> {
  const rows = await db.selectFrom('chat_messages').selectAll()
    .where('room_id', '=', room.id)
    .orderBy('id', 'desc').limit(limit).offset(skip)
    .execute()
  return rows.map((row) => toItem(room, row))
}

export async function recordFile(db: Db, file: ChatFile): Promise<void> {
  await db.insertInto('chat_files').values(file).execute()
}

export async function findFile(db: Db, name: string): Promise<ChatFile | undefined> {
  return db.selectFrom('chat_files').selectAll().where('name', '=', name).executeTakeFirst()
}

function toItem(room: Room, row: MessageRow): ChatItem {
  const message: ChatMessage = { message_type: row.message_type, payload: JSON.parse(row.payload) }
  if (row.client_id !== null) message.deliver = { id: row.client_id, status: 'succeed' }
  return {
    _id: String(row.id),
    sender: row.sender,
    message,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    session_id: row.session_id,
    userId: room.kind === 'member' ? room.owner : null,
    guestId: room.kind === 'guest' ? room.owner : null,
    ...(row.username === null ? {} : { username: row.username }),
    ...(row.name === null ? {} : { name: row.name }),
  }
}
