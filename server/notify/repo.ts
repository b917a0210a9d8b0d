// The notify area's data (issue 50): the events a member is told of, and their SQL.
import type { Generated } from 'kysely'
import { type Db, deleteBefore, inTransaction, isPostgres } from '../shared/db'
import { runSql } from '../shared/sql'

declare module '../shared/db' {
  /** The notify area's table (migration 0033). */
  interface Tables {
    member_events: {
      id: Generated<number>
      member_id: number
      kind: string
      /** JSON text of the event's figures (events.ts). */
      payload: string
      created_at: number
      read_at: number | null
      /** When the outbox worker made its deliveries (migration 0034); NULL: not yet. */
      outbox_at: Generated<number | null>
    }
    /** Per member and channel (migration 0034): what the messenger allows, what the player turned off. */
    member_channels: { member_id: number; channel: string; allowed: number | null; off_at: number | null; blocked_at: number | null }
    /** One message on one channel (migration 0034). */
    notify_deliveries: {
      id: Generated<number>; event_id: number; member_id: number; channel: string; address: string; status: string
      attempts: Generated<number>; next_at: number; created_at: number; done_at: number | null; error: string | null
    }
    /** A browser's Web Push subscription, one per session, gone with it (migration 0035). */
    push_subscriptions: { id: Generated<number>; member_id: number; session_hash: string; endpoint: string; p256dh: string; auth: string; created_at: number }
  }
}

export interface EventRow { id: number; kind: string; payload: string; created_at: number; read_at: number | null }

/** Adds an event, in the caller's transaction (the one that moved the money). */
export async function insertEvent(db: Db, memberId: number, kind: string, payload: string, at: number): Promise<void> {
  await db.insertInto('member_events').values({ member_id: memberId, kind, payload, created_at: at, read_at: null }).execute()
}

/**
 * The member's newest `limit` events, and how many of all theirs are unread, in one statement:
 * the count rides on each row (no row: no event, so none unread).
 */
export async function listEvents(db: Db, memberId: number, limit: number): Promise<{ rows: EventRow[]; unread: number }> {
  const rows = await runSql<EventRow & { unread: number | string }>(db,
    `SELECT id, kind, payload, created_at, read_at,
       (SELECT count(*) FROM member_events u WHERE u.member_id = ? AND u.read_at IS NULL) AS unread
     FROM member_events WHERE member_id = ? ORDER BY id DESC LIMIT ?`, [memberId, memberId, limit])
  return { rows, unread: Number(rows[0]?.unread ?? 0) }
}

/** Marks the member's events up to `upTo` read; how many of theirs stay unread. */
export async function markRead(db: Db, memberId: number, upTo: number, at: number): Promise<number> {
  await db.updateTable('member_events').set({ read_at: at })
    .where('member_id', '=', memberId).where('id', '<=', upTo).where('read_at', 'is', null).execute()
  const [row] = await runSql<{ unread: number | string }>(db,
    'SELECT count(*) AS unread FROM member_events WHERE member_id = ? AND read_at IS NULL', [memberId])
  return Number(row?.unread ?? 0)
}

/** Whether the member has an unread event of `kind` (support's answer is told once until read). */
export async function hasUnreadEvent(db: Db, memberId: number, kind: string): Promise<boolean> {
  const row = await db.selectFrom('member_events').select('id')
    .where('member_id', '=', memberId).where('read_at', 'is', null).where('kind', '=', kind)
    .limit(1).executeTakeFirst()
  return row !== undefined
}

/** The member's unread events of `kind` are read (the chat was read). */
export async function markKindRead(db: Db, memberId: number, kind: string, at: number): Promise<void> {
  await db.updateTable('member_events').set({ read_at: at })
    .where('member_id', '=', memberId).where('read_at', 'is', null).where('kind', '=', kind).execute()
}

/** How long an event is kept: the bell shows the newest 50, and a season of them is plenty. */
export const EVENT_KEEP_MS = 90 * 24 * 60 * 60 * 1000

/** Deletes the events older than the keep (retention.ts); how many went. */
export const pruneEvents = (db: Db, now: number): Promise<number> => deleteBefore(db, 'member_events', 'created_at', now - EVENT_KEEP_MS)

// The outbox (issue 50 §3): events become deliveries, one per channel the member has; each
// delivery is claimed by one instance, sent, and settled.

export type Channel = 'telegram' | 'line' | 'webpush'
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dropped' | 'unknown'

/** On PostgreSQL, rows another instance holds are passed over rather than waited for. */
const skipLocked = (db: Db): string => (isPostgres(db) ? ' FOR UPDATE SKIP LOCKED' : '')

export interface OutboxEvent { id: number; member_id: number; kind: string; created_at: number; read_at: number | null }

/** Up to `limit` events not yet made into deliveries, oldest first, held by this transaction. */
export const takeUnsentEvents = (trx: Db, limit: number): Promise<OutboxEvent[]> =>
  runSql<OutboxEvent>(trx, `SELECT id, member_id, kind, created_at, read_at FROM member_events WHERE outbox_at IS NULL ORDER BY id LIMIT ?${skipLocked(trx)}`, [limit])

export const markEventsOut = async (trx: Db, ids: readonly number[], at: number): Promise<void> => {
  if (ids.length > 0) await trx.updateTable('member_events').set({ outbox_at: at }).where('id', 'in', ids).execute()
}

/**
 * Where each member can be written to on `channel`: a messenger's (Telegram, LINE) when linked, the
 * messenger lets us (Telegram's write access, LINE's friendship), not turned off, not blocked; Web
 * Push's, each subscription of a session still live (a phone and a laptop: two addresses).
 */
export async function channelAddresses(db: Db, channel: Channel, memberIds: readonly number[], now: number): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>()
  if (memberIds.length === 0) return found
  const rows = channel === 'webpush'
    ? (await db.selectFrom('push_subscriptions as p')
      .innerJoin('sessions as s', 's.token_hash', 'p.session_hash')
      .select(['p.member_id', 'p.id'])
      .where('p.member_id', 'in', memberIds).where('s.expires_at', '>', now)
      .orderBy('p.id')
      .execute()).map((row) => ({ member_id: row.member_id, address: String(row.id) }))
    : (await db.selectFrom('member_identities as i')
      .innerJoin('member_channels as c', (join) => join.onRef('c.member_id', '=', 'i.member_id').on('c.channel', '=', channel))
      .select(['i.member_id', 'i.subject as address'])
      .where('i.provider', '=', channel).where('i.member_id', 'in', memberIds)
      .where('c.allowed', '=', 1).where('c.off_at', 'is', null).where('c.blocked_at', 'is', null)
      .execute())
  for (const row of rows) {
    const member = Number(row.member_id)
    found.set(member, [...(found.get(member) ?? []), row.address])
  }
  return found
}

export interface NewDelivery { eventId: number; memberId: number; channel: Channel; address: string; status: 'pending' | 'dropped'; at: number }

export async function insertDeliveries(trx: Db, deliveries: readonly NewDelivery[]): Promise<void> {
  if (deliveries.length === 0) return
  await trx.insertInto('notify_deliveries').values(deliveries.map((delivery) => ({
    event_id: delivery.eventId, member_id: delivery.memberId, channel: delivery.channel, address: delivery.address, status: delivery.status,
    next_at: delivery.at, created_at: delivery.at, done_at: delivery.status === 'dropped' ? delivery.at : null, error: delivery.status === 'dropped' ? 'too old' : null,
  }))).execute()
}

/**
 * Deliveries whose sender stopped with the message on its way (its claim ran out): it may have gone,
 * so it is not sent again (at most once); their channels, each counted as unknown.
 */
export const settleAbandoned = async (db: Db, now: number): Promise<Channel[]> => {
  // LINE's pushes carry a retry key: one sent again is the same message, which LINE keeps once.
  await db.updateTable('notify_deliveries').set({ status: 'pending', next_at: now, error: 'sender stopped while sending: sent again under its retry key' })
    .where('status', '=', 'sending').where('channel', '=', 'line').where('next_at', '<=', now).execute()
  const settled = await db.updateTable('notify_deliveries').set({ status: 'unknown', done_at: now, error: 'sender stopped while sending' })
    .where('status', '=', 'sending').where('next_at', '<=', now).returning('channel').execute()
  return settled.map((row) => row.channel as Channel)
}

export interface ClaimedDelivery {
  id: number; event_id: number; member_id: number; channel: Channel; address: string; attempts: number
  kind: string; payload: string; event_at: number; language: string | null
}

/**
 * Claims up to `limit` due deliveries for this instance until `until`: one statement, so two
 * instances never claim one delivery (on PostgreSQL each passes over the rows the other holds).
 */
export async function claimDue(db: Db, now: number, until: number, limit: number): Promise<ClaimedDelivery[]> {
  const claimed = await runSql<{ id: number }>(db,
    `UPDATE notify_deliveries SET status = 'sending', attempts = attempts + 1, next_at = ?
     WHERE id IN (SELECT id FROM notify_deliveries WHERE status = 'pending' AND next_at <= ? ORDER BY next_at, id LIMIT ?${skipLocked(db)})
     RETURNING id`, [until, now, limit])
  if (claimed.length === 0) return []
  const rows = await db.selectFrom('notify_deliveries as d')
    .innerJoin('member_events as e', 'e.id', 'd.event_id')
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .select(['d.id', 'd.event_id', 'd.member_id', 'd.channel', 'd.address', 'd.attempts', 'e.kind', 'e.payload', 'e.created_at as event_at', 'm.language'])
    .where('d.id', 'in', claimed.map((row) => row.id)).orderBy('d.id')
    .execute()
  return rows.map((row) => ({ ...row, id: Number(row.id), event_id: Number(row.event_id), member_id: Number(row.member_id), event_at: Number(row.event_at), channel: row.channel as Channel }))
}

/** Settles a claimed delivery: sent, failed, dropped or unknown for good, or pending again at `nextAt`. */
export async function settleDelivery(db: Db, id: number, outcome: { status: Exclude<DeliveryStatus, 'sending'>; at: number; nextAt?: number; error?: string }): Promise<void> {
  await db.updateTable('notify_deliveries')
    .set(outcome.status === 'pending'
      ? { status: 'pending', next_at: outcome.nextAt ?? outcome.at, error: outcome.error ?? null }
      : { status: outcome.status, done_at: outcome.at, error: outcome.error ?? null })
    .where('id', '=', id).where('status', '=', 'sending')
    .execute()
}

/** The messenger refused us for this member (blocked the bot): the channel stays off until they allow it again. */
export async function blockChannel(db: Db, memberId: number, channel: Channel, at: number): Promise<void> {
  await db.insertInto('member_channels').values({ member_id: memberId, channel, allowed: null, off_at: null, blocked_at: at })
    .onConflict((conflict) => conflict.columns(['member_id', 'channel']).doUpdateSet({ blocked_at: at }))
    .execute()
}

/**
 * What the messenger says the member allows (Telegram's allows_write_to_pm, the write-access
 * answer): a yes clears a block (the player allowed the bot again), a no is kept.
 */
export async function setChannelAllowed(db: Db, memberId: number, channel: Channel, allowed: boolean): Promise<void> {
  const value = allowed ? 1 : 0
  await db.insertInto('member_channels').values({ member_id: memberId, channel, allowed: value, off_at: null, blocked_at: null })
    .onConflict((conflict) => conflict.columns(['member_id', 'channel']).doUpdateSet(allowed ? { allowed: value, blocked_at: null } : { allowed: value }))
    .execute()
}

/** The backlog (GET /metrics): deliveries still to send and on their way, by channel, and the events not yet made into deliveries. */
export const outboxBacklog = (db: Db): Promise<{ channel: string; count: number | string }[]> =>
  runSql(db, `SELECT channel, count(*) AS count FROM notify_deliveries WHERE status IN ('pending', 'sending') GROUP BY channel
    UNION ALL SELECT 'events', count(*) FROM member_events WHERE outbox_at IS NULL`, [])

export interface ChannelRow { provider: string | null; allowed: number | null; off_at: number | null; blocked_at: number | null }

/** The member's language and, for `channel`, whether their account is linked and what they allowed. */
export async function readChannel(db: Db, memberId: number, channel: Channel): Promise<{ language: string | null; row: ChannelRow }> {
  const [found] = await runSql<ChannelRow & { language: string | null }>(db,
    `SELECT m.language, i.provider, c.allowed, c.off_at, c.blocked_at FROM members m
     LEFT JOIN member_identities i ON i.member_id = m.id AND i.provider = ?
     LEFT JOIN member_channels c ON c.member_id = m.id AND c.channel = ?
     WHERE m.id = ?`, [channel, channel, memberId])
  return { language: found?.language ?? null, row: { provider: found?.provider ?? null, allowed: found?.allowed ?? null, off_at: found?.off_at ?? null, blocked_at: found?.blocked_at ?? null } }
}

export async function setLanguage(db: Db, memberId: number, language: string): Promise<void> {
  await db.updateTable('members').set({ language }).where('id', '=', memberId).where((eb) => eb.or([eb('language', 'is', null), eb('language', '!=', language)])).execute()
}

/** The player turned the channel on (or off, at `at`) in the profile. */
export async function setChannelOn(db: Db, memberId: number, channel: Channel, on: boolean, at: number): Promise<void> {
  await db.insertInto('member_channels').values({ member_id: memberId, channel, allowed: null, off_at: on ? null : at, blocked_at: null })
    .onConflict((conflict) => conflict.columns(['member_id', 'channel']).doUpdateSet({ off_at: on ? null : at }))
    .execute()
}

// Web Push's subscriptions (migration 0035): one per session, gone with it.

export interface SubscriptionKeys { endpoint: string; p256dh: string; auth: string }

/**
 * This session's subscription is `subscription` from now (a browser subscribes again with new
 * keys). Whoever else held the same endpoint (another member signed in on this browser before,
 * whose session lives on) loses it: a browser hears only its present member.
 */
export async function saveSubscription(db: Db, memberId: number, sessionHash: string, subscription: SubscriptionKeys, at: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('push_subscriptions').where('endpoint', '=', subscription.endpoint).where('session_hash', '!=', sessionHash).execute()
    await trx.insertInto('push_subscriptions')
      .values({ member_id: memberId, session_hash: sessionHash, ...subscription, created_at: at })
      .onConflict((conflict) => conflict.column('session_hash').doUpdateSet({ ...subscription, created_at: at }))
      .execute()
  })
}

export async function deleteSubscription(db: Db, sessionHash: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_hash', '=', sessionHash).execute()
}

/** The push service says the subscription is gone (404, 410): so is ours. */
export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute()
}

export const subscriptionById = (db: Db, id: number): Promise<SubscriptionKeys | undefined> =>
  db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('id', '=', id).executeTakeFirst()

export async function hasSubscription(db: Db, sessionHash: string): Promise<boolean> {
  return (await db.selectFrom('push_subscriptions').select('id').where('session_hash', '=', sessionHash).executeTakeFirst()) !== undefined
}
