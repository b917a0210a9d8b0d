/**
 * Issue 52 §3, one member, helped: `suspended_at` says since when staff suspended a member (NULL:
 * not suspended); a suspended member's calls answer as a terminated service does (410 gone), but
 * for the contact lookup and the chat, so they can still reach support. `member_notes` are staff's
 * notes on a member, kept as written.
 */
import type { Migration } from 'kysely'
import { appendOnly, id, idType, type AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('members').addColumn('suspended_at', 'bigint').execute()
    await db.schema.createTable('member_notes')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('staff_id', 'bigint')
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('member_notes_member').on('member_notes').columns(['member_id', 'id']).execute()
    await appendOnly(db, 'member_notes')
  },
}
