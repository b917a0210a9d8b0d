import type { Db } from '../db'
import { randomToken, sha256 as hashToken } from '../tokens'

/** Bearer tokens: 32 random bytes (base64url) given to the client, stored only as a sha256 hash. */

export function createSession(db: Db, memberId: number, at: number, ttlMs: number): string {
  const token = randomToken(32)
  db.prepare('DELETE FROM sessions WHERE member_id = ? AND expires_at <= ?').run(memberId, at)
  db.prepare(
    'INSERT INTO sessions (token_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  ).run(hashToken(token), memberId, at, at + ttlMs)
  return token
}

export interface Session {
  memberId: number
  expiresAt: number
}

export function findSession(db: Db, token: string): Session | undefined {
  return db
    .prepare('SELECT member_id AS memberId, expires_at AS expiresAt FROM sessions WHERE token_hash = ?')
    .get(hashToken(token)) as Session | undefined
}

/** Ends every session of the member except the one holding `keepToken`. */
export function deleteOtherSessions(db: Db, memberId: number, keepToken: string): void {
  db.prepare('DELETE FROM sessions WHERE member_id = ? AND token_hash <> ?').run(
    memberId,
    hashToken(keepToken),
  )
}
