// The notify area's data (issue 50): the events a member is told of, and their SQL.
import type { Generated } from 'kysely'
import { type Db, deleteBefore } from '../shared/db'
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
    }
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

/** How long an event is kept: the bell shows the newest 50, and a season of them is plenty. */
export const EVENT_KEEP_MS = 90 * 24 * 60 * 60 * 1000

/** Deletes the events older than the keep (retention.ts); how many went. */
export const pruneEvents = (db: Db, now: number): Promise<number> => deleteBefore(db, 'member_events', 'created_at', now - EVENT_KEEP_MS)
