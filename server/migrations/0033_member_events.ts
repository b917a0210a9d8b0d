/**
 * Issue 50: what the player is told of their money (a deposit credited or refused, a withdrawal
 * paid or failed), one row per event, written in the transaction that moved the money. The app's
 * bell lists the newest and counts those not yet read; the messenger deliveries read the same rows.
 */
import type { Migration } from 'kysely'
import { id, idType, type AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('member_events')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      // JSON text: the event's figures as they were when it happened (notify/events.ts).
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('read_at', 'bigint')
      .execute()
    // The bell: a member's newest first, and the unread among them.
    await db.schema.createIndex('member_events_member').on('member_events').columns(['member_id', 'id']).execute()
    // Retention by age (retention.ts).
    await db.schema.createIndex('member_events_created').on('member_events').column('created_at').execute()
  },
}
