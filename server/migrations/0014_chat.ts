/**
 * The live support chat (spec 7 "Chat"; server/chat/). `chat_rooms`: one per guest id or member,
 * by kind and owner so a guest and a member never share one, with the current session id and when
 * the customer last read. `chat_messages`: the conversation items, the payload as JSON text; a
 * customer message's client id (`deliver.id`) is unique in its room, so a resend, on any instance,
 * is stored once. `chat_files`: the uploads, by our random file name, with the room that owns them
 * (a media message may name only its own room's files).
 *
 * On PostgreSQL also the table the socket.io adapter keeps its large payloads in (its schema is the
 * adapter's, @socket.io/postgres-adapter): instances pass chat events through PostgreSQL.
 */
import { type Migration, sql } from 'kysely'
import { type AnyDb, id, idType, isPg } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('chat_rooms')
      .addColumn('id', idType(db), id)
      /** guest or member */
      .addColumn('kind', 'text', (c) => c.notNull())
      /** The guest id, or the member id as text. */
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('customer_read_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('chat_rooms_owner', ['kind', 'owner'])
      .execute()

    await db.schema.createTable('chat_messages')
      .addColumn('id', idType(db), id)
      .addColumn('room_id', 'bigint', (c) => c.notNull().references('chat_rooms.id'))
      /** customer or agent */
      .addColumn('sender', 'text', (c) => c.notNull())
      .addColumn('message_type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      /** The customer's deliver.id; NULL for an agent's message. */
      .addColumn('client_id', 'text')
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      /** A member's username and name when the member sent it. */
      .addColumn('username', 'text')
      .addColumn('name', 'text')
      .addUniqueConstraint('chat_messages_client_id', ['room_id', 'client_id'])
      .execute()
    // History, newest first, by room.
    await db.schema.createIndex('chat_messages_room').on('chat_messages').columns(['room_id', 'id']).execute()

    await db.schema.createTable('chat_files')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('room_id', 'bigint', (c) => c.notNull().references('chat_rooms.id'))
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()

    if (isPg(db)) {
      await sql`CREATE TABLE IF NOT EXISTS socket_io_attachments (
        id bigserial UNIQUE,
        created_at timestamptz DEFAULT NOW(),
        payload bytea
      )`.execute(db)
    }
  },
}
