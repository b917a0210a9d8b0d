import { type Db, inTransaction } from '../db'

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

export async function insertOtp(db: Db, otp: NewOtp): Promise<void> {
  await db.insertInto('otps').values({
    phone: otp.phone,
    token_hash: otp.tokenHash,
    code: otp.code,
    ref: otp.ref,
    created_at: otp.createdAt,
    expires_at: otp.expiresAt,
  }).execute()
}

const columns = [
  'id', 'phone', 'code', 'ref', 'expires_at as expiresAt', 'failed_attempts as failedAttempts',
  'verified_at as verifiedAt',
] as const

export async function findOtpByTokenHash(db: Db, tokenHash: string): Promise<OtpRow | undefined> {
  return db.selectFrom('otps').select(columns).where('token_hash', '=', tokenHash).executeTakeFirst()
}

/** The last code sent to a phone (for the dev endpoint). */
export async function lastOtpForPhone(db: Db, phone: string): Promise<OtpRow | undefined> {
  return db.selectFrom('otps').select(columns).where('phone', '=', phone).orderBy('id', 'desc').limit(1).executeTakeFirst()
}

/** Counts one wrong code; returns the new count. */
export async function addFailedAttempt(db: Db, id: number): Promise<number> {
  const row = await db.updateTable('otps')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('failed_attempts')
    .executeTakeFirstOrThrow()
  return row.failed_attempts
}

export async function markOtpVerified(db: Db, otp: OtpRow, at: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('otps').set({ verified_at: at }).where('id', '=', otp.id).execute()
    await trx.insertInto('phone_verifications').values({ phone: otp.phone, verified_at: at })
      .onConflict((c) => c.column('phone').doUpdateSet({ verified_at: at }))
      .execute()
  })
}

/** A phone verified this recently skips the OTP step (send answers OTP_VERIFIED). */
export const VERIFIED_FOR_MS = 24 * 60 * 60 * 1000

export async function isPhoneVerified(db: Db, phone: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('phone_verifications').select('verified_at').where('phone', '=', phone).executeTakeFirst()
  return row !== undefined && now - row.verified_at < VERIFIED_FOR_MS
}
