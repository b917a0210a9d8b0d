/**
 * Issue 50 §2, the browser and the home-screen app: Web Push. A subscription is the browser's
 * address at its push service, with the keys its messages are encrypted to; it belongs to the
 * session that made it and goes with it (sign-out, a session ended or pushed out: the foreign key
 * deletes it). A member may have several (a phone and a laptop), so a delivery is now one message
 * on one channel to one address: the unique key takes the address in (rebuilt on SQLite, which
 * cannot drop a table's constraint). The worker's queue is indexed by status and time: SQLite used
 * 0034's partial index for none of the worker's statements (`status = 'sending'` does not imply
 * its `status IN (...)` to SQLite's planner), so each read the table whole.
 */
import { type Migration, sql } from 'kysely'
import { id, idType, isPg, type AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('push_subscriptions')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('session_hash', 'text', (c) => c.notNull().unique().references('sessions.token_hash').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull())
      // The browser's P-256 key and auth secret, base64url (RFC 8291).
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('push_subscriptions_member').on('push_subscriptions').column('member_id').execute()
    // A browser's endpoint is held by one session at a time: another member's sign-in there takes it.
    await db.schema.createIndex('push_subscriptions_endpoint').on('push_subscriptions').column('endpoint').execute()

    if (isPg(db)) {
      await sql`ALTER TABLE notify_deliveries DROP CONSTRAINT notify_deliveries_event_channel`.execute(db)
      await sql`ALTER TABLE notify_deliveries ADD CONSTRAINT notify_deliveries_event_address UNIQUE (event_id, channel, address)`.execute(db)
      await db.schema.dropIndex('notify_deliveries_due').execute()
      await db.schema.createIndex('notify_deliveries_due').on('notify_deliveries').columns(['status', 'next_at']).execute()
      return
    }
    await db.schema.createTable('notify_deliveries_new')
      .addColumn('id', 'integer', id)
      .addColumn('event_id', 'bigint', (c) => c.notNull().references('member_events.id').onDelete('cascade'))
      .addColumn('member_id', 'bigint', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      // Telegram's chat id, LINE's user id, or the push subscription's id.
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('done_at', 'bigint')
      .addColumn('error', 'text')
      .addUniqueConstraint('notify_deliveries_event_address', ['event_id', 'channel', 'address'])
      .execute()
    await sql`INSERT INTO notify_deliveries_new SELECT id, event_id, member_id, channel, address, status, attempts, next_at, created_at, done_at, error FROM notify_deliveries`.execute(db)
    await db.schema.dropTable('notify_deliveries').execute()
    await db.schema.alterTable('notify_deliveries_new').renameTo('notify_deliveries').execute()
    await db.schema.createIndex('notify_deliveries_due').on('notify_deliveries').columns(['status', 'next_at']).execute()
  },
}
