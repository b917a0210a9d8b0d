/**
 * Issue 33 §4: chat files uploaded but never sent in a message are swept after a day
 * (chat/service.ts, sweepUnsentFiles). `chat_files.sent_at`: when a message first named the file;
 * NULL while none has. Files already named by a message are marked sent here.
 */
import { type Migration, sql } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('chat_files').addColumn('sent_at', 'bigint').execute()
    await sql`UPDATE chat_files SET sent_at = created_at WHERE EXISTS (
      SELECT 1 FROM chat_messages m WHERE m.room_id = chat_files.room_id AND m.message_type = 'media' AND m.payload LIKE '%' || chat_files.name || '%')`.execute(db)
    await db.schema.createIndex('chat_files_unsent').on('chat_files').columns(['sent_at', 'created_at']).execute()
  },
}
