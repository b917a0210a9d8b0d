import type { Db } from '../db'
import { randomToken, sha256 as hashToken } from '../tokens'

/** Bearer tokens: 32 random bytes (base64url) given to the client, stored only as a sha256 hash. */

/** Live sessions a member may hold; a new sign-in beyond that ends the oldest. */
export const MAX_SESSIONS_PER_MEMBER = 10

/** A sign-in: sweeps expired sessions (everyone's), adds this one, and keeps the member's newest ten. */
export function createSession(db: Db, memberId: number, at: number, ttlMs: number): string {
  const token = randomToken(32)
  db.transaction(() => {
    // Expired sessions linger one grace day, so a retried call still hears EXPIRED_AUTH_TOKEN.
    db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(at - EXPIRED_GRACE_MS)
    db.prepare('DELETE FROM sessions WHERE member_id = ? AND expires_at <= ?').run(memberId, at)
    db.prepare(
      'INSERT INTO sessions (token_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
    ).run(hashToken(token), memberId, at, at + ttlMs)
    db.prepare(
      `DELETE FROM sessions WHERE member_id = ? AND token_hash NOT IN (
         SELECT token_hash FROM sessions WHERE member_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)`,
    ).run(memberId, memberId, MAX_SESSIONS_PER_MEMBER)
  })()
  return token
}

const EXPIRED_GRACE_MS = 24 * 60 * 60 * 1000

export interface Session {
  memberId: number
  expiresAt: number
}

export function findSession(db: Db, token: string): Session | undefined {
  return db
    .prepare('SELECT member_id AS memberId, expires_at AS expiresAt FROM sessions WHERE token_hash = ?')
    .get(hashToken(token)) as Session | undefined
}

/** Sign-out: this token is revoked. */
export function deleteSession(db: Db, token: string): void {
  db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token))
}

/** Ends every session of the member except the one holding `keepToken`. */
export function deleteOtherSessions(db: Db, memberId: number, keepToken: string): void {
  db.prepare('DELETE FROM sessions WHERE member_id = ? AND token_hash <> ?').run(
    memberId,
    hashToken(keepToken),
  )
}
