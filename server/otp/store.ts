import type { Db } from '../db'

/** Issued OTP codes and verified phone numbers. Tokens are stored only as their sha256 hash. */
export interface OtpRow {
  id: number
  phone: string
  code: string
  ref: string
  expiresAt: number
  failedAttempts: number
  verifiedAt: number | null
}

export interface NewOtp {
  phone: string
  tokenHash: string
  code: string
  ref: string
  createdAt: number
  expiresAt: number
}

export function insertOtp(db: Db, otp: NewOtp): void {
  db.prepare(
    `INSERT INTO otps (phone, token_hash, code, ref, created_at, expires_at)
     VALUES (@phone, @tokenHash, @code, @ref, @createdAt, @expiresAt)`,
  ).run(otp)
}

const columns = `id, phone, code, ref, expires_at AS expiresAt, failed_attempts AS failedAttempts,
  verified_at AS verifiedAt`

export function findOtpByTokenHash(db: Db, tokenHash: string): OtpRow | undefined {
  return db.prepare(`SELECT ${columns} FROM otps WHERE token_hash = ?`).get(tokenHash) as
    | OtpRow
    | undefined
}

/** The last code sent to a phone (for the dev endpoint). */
export function lastOtpForPhone(db: Db, phone: string): OtpRow | undefined {
  return db
    .prepare(`SELECT ${columns} FROM otps WHERE phone = ? ORDER BY id DESC LIMIT 1`)
    .get(phone) as OtpRow | undefined
}

/** Counts one wrong code; returns the new count. */
export function addFailedAttempt(db: Db, id: number): number {
  return db
    .prepare('UPDATE otps SET failed_attempts = failed_attempts + 1 WHERE id = ? RETURNING failed_attempts')
    .pluck()
    .get(id) as number
}

export function markOtpVerified(db: Db, otp: OtpRow, at: number): void {
  db.transaction(() => {
    db.prepare('UPDATE otps SET verified_at = ? WHERE id = ?').run(at, otp.id)
    db.prepare(
      `INSERT INTO phone_verifications (phone, verified_at) VALUES (?, ?)
       ON CONFLICT (phone) DO UPDATE SET verified_at = excluded.verified_at`,
    ).run(otp.phone, at)
  })()
}

/** A phone verified this recently skips the OTP step (send answers OTP_VERIFIED). */
export const VERIFIED_FOR_MS = 24 * 60 * 60 * 1000

export function isPhoneVerified(db: Db, phone: string, now: number): boolean {
  const at = db
    .prepare('SELECT verified_at FROM phone_verifications WHERE phone = ?')
    .pluck()
    .get(phone) as number | undefined
  return at !== undefined && now - at < VERIFIED_FOR_MS
}
