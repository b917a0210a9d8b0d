import type { Db } from './db'

/**
 * Rate-limit bookkeeping: timestamped events per kind and subject (a phone number). Kept in the
 * database so limits survive a restart; POST /dev/reset-limits clears them.
 */
export type RateEventKind = 'login_fail' | 'otp_send'

const KEEP_MS = 24 * 60 * 60 * 1000

export function recordRateEvent(db: Db, kind: RateEventKind, subject: string, at: number): void {
  db.prepare('DELETE FROM rate_events WHERE kind = ? AND subject = ? AND at < ?').run(
    kind,
    subject,
    at - KEEP_MS,
  )
  db.prepare('INSERT INTO rate_events (kind, subject, at) VALUES (?, ?, ?)').run(kind, subject, at)
}

export function countRateEvents(db: Db, kind: RateEventKind, subject: string, since: number): number {
  return db
    .prepare('SELECT COUNT(*) FROM rate_events WHERE kind = ? AND subject = ? AND at > ?')
    .pluck()
    .get(kind, subject, since) as number
}

export function lastRateEvent(db: Db, kind: RateEventKind, subject: string): number | undefined {
  const at = db
    .prepare('SELECT MAX(at) FROM rate_events WHERE kind = ? AND subject = ?')
    .pluck()
    .get(kind, subject) as number | null
  return at ?? undefined
}

export function clearRateEvents(db: Db, kind?: RateEventKind, subject?: string): void {
  if (kind && subject) {
    db.prepare('DELETE FROM rate_events WHERE kind = ? AND subject = ?').run(kind, subject)
  } else {
    db.prepare('DELETE FROM rate_events').run()
  }
}
