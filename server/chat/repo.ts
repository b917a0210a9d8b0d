// The chat tables (migration 0014) and their repository: rooms, conversation items, uploads.
import { randomBytes } from 'node:crypto'
import { type Generated, type Selectable, sql } from 'kysely'
import type { ChatItem, ChatMessage } from '../../contract'
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
      /** The current session's last message and who sent it, null while it has none (migration 0031). */
      last_message_id: number | null
      last_sender: 'customer' | 'agent' | null
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
    chat_files: { name: string; room_id: number; mime: string; size: number; created_at: number; /** When a message first named it (migration 0023). */ sent_at: number | null }
  }
}


export type Room = Selectable<Tables['chat_rooms']>
type MessageRow = Selectable<Tables['chat_messages']>
export type ChatFile = Selectable<Tables['chat_files']>

const newSessionId = () => randomBytes(12).toString('base64url')

/** The owner's room, if made: by the kind of owner and its id alone. */
export async function findRoom(db: Db, owner: Pick<ChatOwner, 'kind' | 'id'>): Promise<Room | undefined> {
  return db.selectFrom('chat_rooms').selectAll()
    .where('kind', '=', owner.kind).where('owner', '=', owner.id)
    .executeTakeFirst()
}

/** The owner's room, made on first use; two instances making it at once make one. */
export async function ensureRoom(db: Db, owner: ChatOwner, at: number): Promise<Room> {
  const found = await findRoom(db, owner)
  if (found) return found
  await db.insertInto('chat_rooms')
    .values({ kind: owner.kind, owner: owner.id, session_id: newSessionId(), customer_read_at: null, created_at: at, last_message_id: null, last_sender: null })
    .onConflict((conflict) => conflict.columns(['kind', 'owner']).doNothing())
    .execute()
  const made = await findRoom(db, owner)
  if (!made) throw new Error(`chat room ${owner.kind}:${owner.id} was not made`)
  return made
}

export async function findRoomById(db: Db, id: number): Promise<Room | undefined> {
  return db.selectFrom('chat_rooms').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Ends the room's session `sessionId` by starting a new one; undefined when it is no longer the
 *  room's session (ended a moment before, on any instance): it ends once. */
export async function startSession(db: Db, room: Room, sessionId: string): Promise<Room | undefined> {
  const next = newSessionId()
  const changed = await db.updateTable('chat_rooms').set({ session_id: next, last_message_id: null, last_sender: null })
    .where('id', '=', room.id).where('session_id', '=', sessionId)
    .executeTakeFirst()
  return Number(changed.numUpdatedRows) === 1 ? { ...room, session_id: next } : undefined
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
  if (row) {
    // The room's last message, while this is still its session and nothing later came first (two
    // messages at once, on any instance, leave the later one).
    await db.updateTable('chat_rooms').set({ last_message_id: row.id, last_sender: row.sender })
      .where('id', '=', room.id).where('session_id', '=', room.session_id)
      .where((eb) => eb.or([eb('last_message_id', 'is', null), eb('last_message_id', '<', row.id)]))
      .execute()
    return { item: toItem(room, row), created: true }
  }
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

/** A page of the room's items older than the message `beforeId` (or the newest), newest first. */
export async function historyBefore(db: Db, room: Room, beforeId: number | undefined, limit: number): Promise<ChatItem[]> {
  let select = db.selectFrom('chat_messages').selectAll().where('room_id', '=', room.id)
  if (beforeId !== undefined) select = select.where('id', '<', beforeId)
  const rows = await select.orderBy('id', 'desc').limit(limit).execute()
  return rows.map((row) => toItem(room, row))
}

/** The last item of the room's current session, if it has any. */
export async function lastOfSession(db: Db, room: Room): Promise<ChatItem | undefined> {
  const row = await db.selectFrom('chat_messages').selectAll()
    .where('room_id', '=', room.id).where('session_id', '=', room.session_id)
    .orderBy('id', 'desc').limit(1).executeTakeFirst()
  return row && toItem(room, row)
}

/**
 * Rooms whose current session has a message, with that session's last one, newest first: all of
 * them (`open`), or those where the player spoke last (`waiting`). `beforeId` pages back by the
 * last message's id.
 */
export async function roomsByLastMessage(db: Db, query: { waiting: boolean; beforeId?: number; limit: number }): Promise<{ room: Room; last: ChatItem }[]> {
  // Walks an index of the rooms by their last message (all, or those where the player spoke last),
  // newest first, never the rooms whose session has none.
  const { rows } = await sql<Room>`
    SELECT id, kind, owner, session_id, customer_read_at, created_at, last_message_id, last_sender
    FROM chat_rooms
    WHERE ${query.waiting ? sql`last_sender = 'customer'` : sql`last_message_id IS NOT NULL`}
      AND ${query.beforeId === undefined ? sql`1 = 1` : sql`last_message_id < ${query.beforeId}`}
    ORDER BY last_message_id DESC
    LIMIT ${query.limit}`.execute(db)
  if (rows.length === 0) return []
  const messages = await db.selectFrom('chat_messages').selectAll().where('id', 'in', rows.map((row) => Number(row.last_message_id))).execute()
  const byId = new Map(messages.map((message) => [Number(message.id), message]))
  return rows.map((room) => {
    const stored = { ...room, id: Number(room.id), last_message_id: Number(room.last_message_id) }
    return { room: stored, last: toItem(stored, byId.get(stored.last_message_id)!) }
  })
}

/** Whether the room's current session has a message from the agent (a staff member, or demo mode's agent). */
export async function sessionAnswered(db: Db, room: Room): Promise<boolean> {
  const row = await db.selectFrom('chat_messages').select('id')
    .where('room_id', '=', room.id).where('session_id', '=', room.session_id).where('sender', '=', 'agent')
    .limit(1).executeTakeFirst()
  return row !== undefined
}

/** How many agent messages the room has since the player last read it (or ever, when never). */
export async function countUnread(db: Db, room: Room): Promise<number> {
  let select = db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('room_id', '=', room.id).where('sender', '=', 'agent')
  if (room.customer_read_at !== null) select = select.where('created_at', '>', room.customer_read_at)
  return Number((await select.executeTakeFirstOrThrow()).n)
}

export async function recordFile(db: Db, file: ChatFile): Promise<void> {
  await db.insertInto('chat_files').values(file).execute()
}

/** The file is named by a sent message: it is kept. */
export async function markFileSent(db: Db, name: string, at: number): Promise<void> {
  await db.updateTable('chat_files').set({ sent_at: at }).where('name', '=', name).where('sent_at', 'is', null).execute()
}

/** Files uploaded before `before` that no message has named, at most `limit`. */
export async function unsentFiles(db: Db, before: number, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('chat_files').select('name')
    .where('sent_at', 'is', null).where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('chat_messages as m').select('m.id')
      .whereRef('m.room_id', '=', 'chat_files.room_id').where('m.message_type', '=', 'media')
      .where((eb) => eb('m.payload', 'like', sql<string>`'%' || chat_files.name || '%'`)))))
    .orderBy('created_at').limit(limit)
    .execute()
  return rows.map((row) => row.name)
}

/** Forgets a file still unsent (false: a message named it meanwhile, and it stays). */
export async function deleteUnsentFile(db: Db, name: string): Promise<boolean> {
  const deleted = await db.deleteFrom('chat_files').where('name', '=', name).where('sent_at', 'is', null).executeTakeFirst()
  return Number(deleted.numDeletedRows) > 0
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
