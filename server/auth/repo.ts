// The auth area's data: sessions (bearer tokens, stored as hashes) and the addresses each phone
// signed in from.
import { addressGroup } from '../shared/address'
import { type Db, inTransaction } from '../shared/db'
import { KNOWN_ADDRESS_MS } from '../shared/limits'
import { randomToken, sha256 as hashToken } from '../shared/tokens'

declare module '../shared/db' {
  /** The auth area's tables (the migrations make them). */
  interface Tables {
    sessions: {
      token_hash: string
      member_id: number
      created_at: number
      expires_at: number
      /** The messenger identity that opened the session; NULL when the password did (issue 31). */
      identity_id: number | null
      /** When the password was last given in the session (sign-in, step-up); NULL after a messenger sign-in. */
      password_at: number | null
      /** The passkey that opened the session; NULL when it was not one (issue 31). */
      passkey_id: number | null
      /** The quick unlock (Telegram biometry) that opened the session; NULL when it was not one (issue 31). */
      quick_unlock_id: number | null
      /** When a quick unlock last proved the player in the session (issue 47): not the password. */
      unlocked_at: number | null
    }
    /** Where a phone signed in successfully (an IPv4 address or an IPv6 /64), and when last. */
    login_addresses: { phone: string; address: string; last_success_at: number }
  }
}

/** Bearer tokens: 32 random bytes (base64url) given to the client, stored only as a sha256 hash. */

/** Live sessions a member may hold; a new sign-in beyond that ends the oldest. */
export const MAX_SESSIONS_PER_MEMBER = 10

/** How a session was opened: by the password (`passwordAt` its time), or what counts as it (a
 *  passkey, remembered); by a quick unlock (`unlockedAt`, remembered: not the password, issue 47);
 *  or by a messenger identity. */
export type SessionOpening =
  | { identityId: null; passwordAt: number; passkeyId?: number }
  | { identityId: null; passwordAt: null; unlockedAt: number; quickUnlockId: number }
  | { identityId: number; passwordAt: null }

/**
 * A sign-in's row: sweeps expired sessions (everyone's), adds this one, and keeps the member's
 * newest ten. `dropped`: the sessions past the cap, deleted here; the caller ends their sockets
 * (sessions.ts, createSession). The expired ones swept need no such end: their sockets were cut
 * when they expired (chat/socket.ts).
 */
export async function insertSession(db: Db, memberId: number, at: number, ttlMs: number, opening: SessionOpening): Promise<{ token: string; dropped: string[] }> {
  const token = randomToken(32)
  const dropped = await inTransaction(db, async (trx) => {
    // Expired sessions linger one grace day, so a retried call still hears EXPIRED_AUTH_TOKEN.
    await trx.deleteFrom('sessions').where('expires_at', '<=', at - EXPIRED_GRACE_MS).execute()
    await trx.deleteFrom('sessions').where('member_id', '=', memberId).where('expires_at', '<=', at).execute()
    await trx.insertInto('sessions')
      .values({
        token_hash: hashToken(token), member_id: memberId, created_at: at, expires_at: at + ttlMs,
        identity_id: opening.identityId, password_at: opening.passwordAt,
        passkey_id: 'passkeyId' in opening ? (opening.passkeyId ?? null) : null,
        quick_unlock_id: 'quickUnlockId' in opening ? opening.quickUnlockId : null,
        unlocked_at: 'unlockedAt' in opening ? opening.unlockedAt : null,
      })
      .execute()
    // The newest ten by creation; equal times keep the one just made (the token breaks the tie).
    const keep = await trx.selectFrom('sessions').select('token_hash')
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .execute()
    const newest = [hashToken(token), ...keep.map((row) => row.token_hash).filter((hash) => hash !== hashToken(token))]
    const drop = newest.slice(MAX_SESSIONS_PER_MEMBER)
    if (drop.length > 0) await trx.deleteFrom('sessions').where('token_hash', 'in', drop).execute()
    return drop
  })
  return { token, dropped }
}

const EXPIRED_GRACE_MS = 24 * 60 * 60 * 1000

/** The sessions' rows go (sessions.ts, endSessions, also cuts their sockets). */
export async function deleteSessionRows(db: Db, tokenHashes: readonly string[]): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', 'in', tokenHashes).execute()
}

/** The member's sessions, by token hash. */
export async function memberSessionHashes(db: Db, memberId: number): Promise<string[]> {
  const rows = await db.selectFrom('sessions').select('token_hash').where('member_id', '=', memberId).execute()
  return rows.map((row) => row.token_hash)
}

/**
 * Where each phone signed in successfully, by address group (an IPv4 address or an IPv6 /64), for
 * KNOWN_ADDRESS_MS after the last time. A stranger's wrong passwords elsewhere slow down that
 * phone's sign-ins everywhere but there (limits.ts, loginLimits), so the owner at home is not
 * locked out by them. Only a right password adds a row, so a guesser cannot make its own address
 * known.
 */
export async function isKnownAddress(db: Db, phone: string, address: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('login_addresses').select('last_success_at')
    .where('phone', '=', phone).where('address', '=', addressGroup(address))
    .executeTakeFirst()
  return row !== undefined && now - Number(row.last_success_at) < KNOWN_ADDRESS_MS
}

/** Whether any member signed in successfully from this address group in the last KNOWN_ADDRESS_MS (issue 47: the OTP cap). */
export async function isMembersAddress(db: Db, address: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('login_addresses').select('phone')
    .where('address', '=', addressGroup(address)).where('last_success_at', '>', now - KNOWN_ADDRESS_MS)
    .limit(1).executeTakeFirst()
  return row !== undefined
}

/** A successful sign-in: its address is known (again) from now; the phone's stale ones go. */
export async function rememberAddress(db: Db, phone: string, address: string, now: number): Promise<void> {
  await db.deleteFrom('login_addresses')
    .where('phone', '=', phone).where('last_success_at', '<=', now - KNOWN_ADDRESS_MS)
    .execute()
  await db.insertInto('login_addresses')
    .values({ phone, address: addressGroup(address), last_success_at: now })
    .onConflict((c) => c.columns(['phone', 'address']).doUpdateSet({ last_success_at: now }))
    .execute()
}
