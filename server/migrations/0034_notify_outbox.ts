/**
 * Issue 50 §2 and §3: the messages a member is sent of their money, through the messengers they
 * have. The events (0033) are the outbox: each is written in the transaction that moved the money,
 * and `outbox_at` says when a worker turned it into deliveries (NULL: not yet). Each delivery is one
 * message on one channel, claimed by one instance at a time, and ends sent, failed, dropped (too old
 * to send) or unknown (its sender stopped while the message was on its way). `member_channels` says
 * per member and channel what the messenger allows (Telegram's write access), what the player turned
 * off, and when the messenger refused us (blocked). `members.language` is the app's language the
 * member last used, for the messages' text.
 */
import { type Migration, sql } from 'kysely'
import { id, idType, type AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('member_events').addColumn('outbox_at', 'bigint').execute()
    // The events written before the outbox are not sent now, long after.
    await db.updateTable('member_events').set({ outbox_at: sql.ref('created_at') }).execute()
    await db.schema.createIndex('member_events_outbox').on('member_events').column('id').where(sql.ref('outbox_at'), 'is', null).execute()

    await db.schema.alterTable('members').addColumn('language', 'text').execute()

    await db.schema.createTable('member_channels')
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('channel', 'text', (c) => c.notNull())
      // 1: the messenger lets us write (Telegram's allows_write_to_pm or write access); 0: the player refused; NULL: not known.
      .addColumn('allowed', 'integer')
      .addColumn('off_at', 'bigint')
      .addColumn('blocked_at', 'bigint')
      .addPrimaryKeyConstraint('member_channels_pk', ['member_id', 'channel'])
      .execute()

    await db.schema.createTable('notify_deliveries')
      .addColumn('id', idType(db), id)
      .addColumn('event_id', 'bigint', (c) => c.notNull().references('member_events.id').onDelete('cascade'))
      .addColumn('member_id', 'bigint', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      // Where it goes: Telegram's chat id (the user's id).
      .addColumn('address', 'text', (c) => c.notNull())
      // pending, sending, sent, failed, dropped, unknown.
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      // Pending: not before; sending: the claim's end, after which its sender is taken as stopped.
      .addColumn('next_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('done_at', 'bigint')
      .addColumn('error', 'text')
      .addUniqueConstraint('notify_deliveries_event_channel', ['event_id', 'channel'])
      .execute()
    // The worker's queue: only what is still to do.
    await db.schema.createIndex('notify_deliveries_due').on('notify_deliveries').column('next_at')
      .where(sql.ref('status'), 'in', sql`('pending', 'sending')`).execute()
  },
}
