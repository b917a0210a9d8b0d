import type { ExpressionBuilder, Generated } from 'kysely'
import { type Db, deleteBefore, inTransaction, type Tables } from '../shared/db'
import { sha256 } from '../shared/tokens'

declare module '../shared/db' {
  /** The otp area's tables (the migrations make them). */
  interface Tables {
    otps: {
      id: Generated<number>
      phone: string
      token_hash: string
      code: string
      ref: string
      created_at: number
      expires_at: number
      failed_attempts: Generated<number>
      verified_at: number | null
      /** When a registration used this verification (each registers its phone once); NULL until then. */
      used_at: number | null
    }
    phone_verifications: { phone: string; verified_at: number }
  }
}

/**
 * Issued OTP codes, each verified and used by its own row (a registration presents the token);
 * `phone_verifications` keeps when each phone was last verified, for the record. Tokens are stored
 * only as their sha256 hash.
 */
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

/**
 * Takes one of the token's code checks before its code is compared: one statement that counts the
 * check only while fewer than `max` were counted, and answers the new count, or undefined when
 * every check is spent. Reading the count first and counting after the comparison would let
 * checks in parallel (on one instance or many) all read the same count and all be compared.
 */
export async function takeCodeCheck(db: Db, id: number, max: number): Promise<number | undefined> {
  const row = await db.updateTable('otps')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id).where('failed_attempts', '<', max)
    .returning('failed_attempts')
    .executeTakeFirst()
  return row?.failed_attempts
}

/** The right code: the check taken for it is given back (the count is of wrong codes), and the
 *  phone is verified from the first time only (a double tap does not extend the verification). */
export async function markOtpVerified(db: Db, otp: OtpRow, at: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('otps')
      .set((eb) => ({
        failed_attempts: eb('failed_attempts', '-', 1),
        verified_at: eb.fn.coalesce('verified_at', eb.val(at)),
      }))
      .where('id', '=', otp.id)
      .execute()
    if (otp.verifiedAt !== null) return
    await trx.insertInto('phone_verifications').values({ phone: otp.phone, verified_at: at })
      .onConflict((c) => c.column('phone').doUpdateSet({ verified_at: at }))
      .execute()
  })
}

/**
 * How long a verified OTP may register its phone (and make the send answer OTP_VERIFIED to the
 * player who holds it): long enough to fill in the profile and the bank account with a break in
 * between; the token is used up by the registration either way.
 */
export const VERIFIED_FOR_MS = 24 * 60 * 60 * 1000

const usable = (phone: string, now: number) =>
  (eb: ExpressionBuilder<Tables, 'otps'>) => eb.and([
    eb('phone', '=', phone),
    eb('verified_at', 'is not', null),
    eb('verified_at', '>', now - VERIFIED_FOR_MS),
    eb('used_at', 'is', null),
  ])

/** The verification an OTP token stands for, when it may still register `phone`: that phone's,
 *  verified within VERIFIED_FOR_MS, not used. Knowing the phone is not enough: the token is. */
export async function findUsableVerification(db: Db, otpToken: string, phone: string, now: number): Promise<{ id: number } | undefined> {
  if (!otpToken) return undefined
  return db.selectFrom('otps').select('id')
    .where('token_hash', '=', sha256(otpToken)).where(usable(phone, now))
    .executeTakeFirst()
}

/**
 * Uses a verification up, in the registration's own transaction: a conditional update, so of two
 * registrations with one token (on one instance or many) one sets it and the other finds it used
 * (PostgreSQL re-checks the condition once the first commits). False when it was not usable.
 */
export async function useVerification(db: Db, id: number, phone: string, now: number): Promise<boolean> {
  const result = await db.updateTable('otps').set({ used_at: now })
    .where('id', '=', id).where(usable(phone, now))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * A phone verified another way than by a code (issue 31: the phone Telegram signed, where the
 * operator lets it stand in for the OTP step): a row registration uses up exactly as a verified
 * code's, for that phone only. It holds no code and is born expired, so /api/otp/verify never
 * takes its token; /api/otp/send answers its holder OTP_VERIFIED as for any verified phone.
 */
export async function insertVerified(db: Db, phone: string, tokenHash: string, at: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.insertInto('otps').values({
      phone, token_hash: tokenHash, code: '', ref: '', created_at: at, expires_at: at, verified_at: at,
    }).execute()
    await trx.insertInto('phone_verifications').values({ phone, verified_at: at })
      .onConflict((c) => c.column('phone').doUpdateSet({ verified_at: at }))
      .execute()
  })
}

/** Retention: codes no one can use any more, their token's registration window past too. */
export const pruneOtps = (db: Db, now: number): Promise<number> => deleteBefore(db, 'otps', 'created_at', now - OTP_KEPT_MS)

/** Longer than any code lives (minutes) and than a verified one may register (VERIFIED_FOR_MS), with a day to spare. */
export const OTP_KEPT_MS = 2 * VERIFIED_FOR_MS
