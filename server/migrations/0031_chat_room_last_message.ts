/**
 * Issue 49 §2: the chat inbox lists rooms by their current session's last message. It found that
 * message for every room ever opened, each time it was read (a room per player who ever wrote);
 * now each room keeps it, written with the message, and the inbox walks an index.
 */
import { type Migration, sql } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('chat_rooms').addColumn('last_message_id', 'bigint').execute()
    await db.schema.alterTable('chat_rooms').addColumn('last_sender', 'text').execute()
    await sql`UPDATE chat_rooms SET last_message_id = (
      SELECT max(x.id) FROM chat_messages x WHERE x.room_id = chat_rooms.id AND x.session_id = chat_rooms.session_id)`.execute(db)
    await sql`UPDATE chat_rooms SET last_sender = (SELECT m.sender FROM chat_messages m WHERE m.id = chat_rooms.last_message_id)
      WHERE last_message_id IS NOT NULL`.execute(db)
    await db.schema.createIndex('chat_rooms_last_message').on('chat_rooms').column('last_message_id').execute()
    await db.schema.createIndex('chat_rooms_waiting').on('chat_rooms').columns(['last_sender', 'last_message_id']).execute()
  },
}
