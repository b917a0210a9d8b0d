// The identity area's data: the messenger accounts linked to members, the record of every link and
// unlink, the memory of used credentials, passkeys and quick unlocks. Sessions are the auth area's;
// this area reads and writes the columns it added to them (which identity, passkey or quick unlock
// opened one, when the password was given).
import type { Generated } from 'kysely'
import type { LinkedIdentity, MessengerProvider, Passkey, QuickUnlock } from '../../contract'
import { type Db, inTransaction, isPostgres, isUniqueViolation } from '../shared/db'

declare module '../shared/db' {
  /** The identity area's tables (migration 0018 makes them). */
  interface Tables {
    member_identities: { id: Generated<number>; member_id: number; provider: string; subject: string; name: string; linked_at: number }
    /** Append-only (the migration's triggers refuse an update or a delete). */
    identity_events: { id: Generated<number>; member_id: number; provider: string; subject: string; action: string; address: string; at: number }
    used_credentials: { key_hash: string; expires_at: number }
    /** Passkeys (migration 0019). */
    passkey_users: { member_id: number; handle: string }
    passkeys: {
      id: Generated<number>; member_id: number; credential_id: string; public_key: string; counter: number
      transports: string; created_at: number; last_used_at: number | null
    }
    passkey_challenges: { challenge: string; purpose: string; member_id: number | null; session_hash: string | null; expires_at: number }
    /** Quick unlocks in Telegram (migration 0020): the secret's sha256 only. */
    /** `password_at`: when the password was last given on the device (migration 0027); NULL: at `created_at`. */
    quick_unlocks: { id: Generated<number>; member_id: number; secret_hash: string; created_at: number; last_used_at: number | null; password_at: number | null }
  }
}

export interface IdentityRow {
  id: number
  memberId: number
  provider: MessengerProvider
  subject: string
  name: string
  linkedAt: number
}

const columns = ['id', 'member_id as memberId', 'provider', 'subject', 'name', 'linked_at as linkedAt'] as const

export const UNIQUE = {
  subject: { sqlite: 'member_identities.provider, member_identities.subject', postgres: 'member_identities_subject' },
  member: { sqlite: 'member_identities.member_id, member_identities.provider', postgres: 'member_identities_member' },
} as const

export async function findIdentity(db: Db, provider: MessengerProvider, subject: string): Promise<IdentityRow | undefined> {
  const row = await db.selectFrom('member_identities').select(columns)
    .where('provider', '=', provider).where('subject', '=', subject)
    .executeTakeFirst()
  return row && { ...row, provider: row.provider as MessengerProvider }
}

/** The member's linked messengers, oldest first. */
export async function listIdentities(db: Db, memberId: number): Promise<LinkedIdentity[]> {
  const rows = await db.selectFrom('member_identities').select(['provider', 'name', 'linked_at'])
    .where('member_id', '=', memberId).orderBy('linked_at').orderBy('id')
    .execute()
  return rows.map((row) => ({ provider: row.provider as MessengerProvider, name: row.name, linkedAt: Number(row.linked_at) }))
}

export interface IdentityEvent {
  memberId: number
  provider: MessengerProvider
  subject: string
  address: string
  at: number
}

const record = (db: Db, event: IdentityEvent, action: 'link' | 'unlink') =>
  db.insertInto('identity_events').values({
    member_id: event.memberId, provider: event.provider, subject: event.subject, action, address: event.address, at: event.at,
  }).execute()

/**
 * Links the account to the member, with its record, in one transaction. 'elsewhere': the account is
 * another member's; 'taken': the member has another account of that messenger. The unique keys
 * decide, so two links at once (on any instances) cannot both win.
 */
export async function linkIdentity(db: Db, event: IdentityEvent, name: string): Promise<'linked' | 'elsewhere' | 'taken'> {
  try {
    await inTransaction(db, async (trx) => {
      await trx.insertInto('member_identities').values({
        member_id: event.memberId, provider: event.provider, subject: event.subject, name, linked_at: event.at,
      }).execute()
      await record(trx, event, 'link')
    })
    return 'linked'
  } catch (error) {
    if (isUniqueViolation(error, UNIQUE.subject)) return 'elsewhere'
    if (isUniqueViolation(error, UNIQUE.member)) return 'taken'
    throw error
  }
}

/**
 * Unlinks the member's account of `provider`, with its record: the sessions it opened go with it
 * (the foreign key cascades). Answers their token hashes (read before, in the same transaction),
 * for the caller to end them everywhere, or undefined when nothing was linked.
 */
export async function unlinkIdentity(db: Db, memberId: number, provider: MessengerProvider, address: string, at: number): Promise<string[] | undefined> {
  return inTransaction(db, async (trx) => {
    const identity = await trx.selectFrom('member_identities').select(['id', 'subject'])
      .where('member_id', '=', memberId).where('provider', '=', provider)
      .executeTakeFirst()
    if (!identity) return undefined
    const sessions = await trx.selectFrom('sessions').select('token_hash').where('identity_id', '=', identity.id).execute()
    const removed = await trx.deleteFrom('member_identities').where('id', '=', identity.id).executeTakeFirst()
    // Unlinked in parallel: one of the two records it.
    if (Number(removed.numDeletedRows) === 0) return undefined
    await record(trx, { memberId, provider, subject: identity.subject, address, at }, 'unlink')
    return sessions.map((session) => session.token_hash)
  })
}

/** How often expired credential hashes are swept (at most; on a use). */
const SWEEP_EVERY_MS = 10 * 60 * 1000
const lastSweep = new WeakMap<object, number>()

/**
 * Uses a credential up: true the first time, false for every later use of it, on any instance
 * (its hash is the primary key, so of two parallel uses one inserts and the other finds it).
 */
export async function useCredential(db: Db, keyHash: string, validUntil: number, now: number): Promise<boolean> {
  if (now - (lastSweep.get(db) ?? 0) >= SWEEP_EVERY_MS) {
    lastSweep.set(db, now)
    await db.deleteFrom('used_credentials').where('expires_at', '<', now).execute()
  }
  const inserted = await db.insertInto('used_credentials')
    .values({ key_hash: keyHash, expires_at: validUntil })
    .onConflict((c) => c.column('key_hash').doNothing())
    .returning('key_hash')
    .executeTakeFirst()
  return inserted !== undefined
}

const orNull = (value: number | string | null): number | null => (value === null ? null : Number(value))

/** The session's proof: which identity opened it (null: the password), when the password was last
 *  given in it, and when a quick unlock last proved the player in it (issue 47). */
export async function sessionProof(db: Db, tokenHash: string): Promise<{ identityId: number | null; passwordAt: number | null; unlockedAt: number | null } | undefined> {
  const row = await db.selectFrom('sessions').select(['identity_id', 'password_at', 'unlocked_at']).where('token_hash', '=', tokenHash).executeTakeFirst()
  return row && { identityId: orNull(row.identity_id), passwordAt: orNull(row.password_at), unlockedAt: orNull(row.unlocked_at) }
}

/** The password was given again in this session (step-up, a password change); the quick unlock
 *  that opened it, if one did, has had the password on its device now (its age starts again). */
export async function markPasswordGiven(db: Db, tokenHash: string, at: number): Promise<void> {
  const session = await db.updateTable('sessions').set({ password_at: at }).where('token_hash', '=', tokenHash).returning('quick_unlock_id').executeTakeFirst()
  if (session?.quick_unlock_id != null) await db.updateTable('quick_unlocks').set({ password_at: at }).where('id', '=', session.quick_unlock_id).execute()
}

/** A quick unlock proved the player again in this session (a step-up by it): not the password. */
export async function markUnlocked(db: Db, tokenHash: string, at: number): Promise<void> {
  await db.updateTable('sessions').set({ unlocked_at: at }).where('token_hash', '=', tokenHash).execute()
}

/**
 * A password change (issue 47): every messenger of the member is unlinked (recorded as an unlink)
 * and the sessions they opened end, but `keepHash`'s, which the password just proved and which
 * stops naming its messenger. Answers the token hashes to end everywhere.
 */
export async function unlinkAllIdentities(db: Db, memberId: number, keepHash: string, address: string, at: number): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    await trx.updateTable('sessions').set({ identity_id: null }).where('token_hash', '=', keepHash).execute()
    const identities = await trx.selectFrom('member_identities').select(['id', 'provider', 'subject']).where('member_id', '=', memberId).execute()
    if (identities.length === 0) return []
    const ids = identities.map((identity) => identity.id)
    const sessions = await trx.selectFrom('sessions').select('token_hash').where('identity_id', 'in', ids).execute()
    await trx.deleteFrom('member_identities').where('id', 'in', ids).execute()
    for (const identity of identities) await record(trx, { memberId, provider: identity.provider as MessengerProvider, subject: identity.subject, address, at }, 'unlink')
    return sessions.map((session) => session.token_hash)
  })
}

// Passkeys (issue 31): quick unlock in a plain browser.

/** The member's WebAuthn user handle, made on the first passkey (one handle for all of them, so an
 *  authenticator keeps one passkey per member). Two first registrations at once agree on one. */
export async function passkeyHandle(db: Db, memberId: number, fresh: string): Promise<string> {
  await db.insertInto('passkey_users').values({ member_id: memberId, handle: fresh })
    .onConflict((c) => c.column('member_id').doNothing()).execute()
  const row = await db.selectFrom('passkey_users').select('handle').where('member_id', '=', memberId).executeTakeFirstOrThrow()
  return row.handle
}

export async function memberOfHandle(db: Db, handle: string): Promise<number | undefined> {
  const row = await db.selectFrom('passkey_users').select('member_id').where('handle', '=', handle).executeTakeFirst()
  return row && Number(row.member_id)
}

export interface PasskeyRow {
  id: number
  memberId: number
  credentialId: string
  publicKey: string
  counter: number
  transports: string[]
}

const passkeyColumns = ['id', 'member_id', 'credential_id', 'public_key', 'counter', 'transports'] as const
type PasskeyColumns = { id: number; member_id: number; credential_id: string; public_key: string; counter: number; transports: string }
const toPasskey = (row: PasskeyColumns): PasskeyRow => ({
  id: Number(row.id), memberId: Number(row.member_id), credentialId: row.credential_id, publicKey: row.public_key,
  counter: Number(row.counter), transports: JSON.parse(row.transports) as string[],
})

export async function findPasskey(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const row = await db.selectFrom('passkeys').select(passkeyColumns).where('credential_id', '=', credentialId).executeTakeFirst()
  return row && toPasskey(row)
}

export async function memberPasskeyRows(db: Db, memberId: number): Promise<PasskeyRow[]> {
  const rows = await db.selectFrom('passkeys').select(passkeyColumns).where('member_id', '=', memberId).orderBy('id').execute()
  return rows.map(toPasskey)
}

/** The member's passkeys as the profile lists them, oldest first. */
export async function listPasskeys(db: Db, memberId: number): Promise<Passkey[]> {
  const rows = await db.selectFrom('passkeys').select(['id', 'created_at', 'last_used_at'])
    .where('member_id', '=', memberId).orderBy('id').execute()
  return rows.map((row) => ({
    id: Number(row.id), createdAt: Number(row.created_at), lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  }))
}

/** A new passkey; false when its credential id is already stored (registered before, by anyone). */
export async function addPasskey(db: Db, passkey: Omit<PasskeyRow, 'id'>, at: number): Promise<boolean> {
  const inserted = await db.insertInto('passkeys').values({
    member_id: passkey.memberId, credential_id: passkey.credentialId, public_key: passkey.publicKey,
    counter: passkey.counter, transports: JSON.stringify(passkey.transports), created_at: at,
  }).onConflict((c) => c.column('credential_id').doNothing()).returning('id').executeTakeFirst()
  return inserted !== undefined
}

/**
 * A verified use: the new counter and the time. False when another use moved the counter on
 * meanwhile (two answers of one authenticator raced): the later one is refused, as a clone's would be.
 */
export async function passkeyUsed(db: Db, id: number, previous: number, counter: number, at: number): Promise<boolean> {
  const updated = await db.updateTable('passkeys').set({ counter, last_used_at: at })
    .where('id', '=', id).where('counter', '=', previous)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

/**
 * Removes the member's passkeys (one by id, or all), answering the token hashes of the sessions
 * they opened other than `keepHash`'s, for the caller to end everywhere; undefined when none was
 * removed. The kept session stays, its record of the passkey let go (the foreign key sets NULL).
 */
export async function removePasskeys(db: Db, memberId: number, keepHash: string | null, id?: number): Promise<string[] | undefined> {
  return inTransaction(db, async (trx) => {
    let chosen = trx.selectFrom('passkeys').select('id').where('member_id', '=', memberId)
    if (id !== undefined) chosen = chosen.where('id', '=', id)
    // Held first (PostgreSQL), as quick unlocks are: a sign-in by one of them on another instance
    // either came before and its session is seen and ended here, or waits and fails its foreign key.
    const ids = (await (isPostgres(trx) ? chosen.forUpdate() : chosen).execute()).map((row) => Number(row.id))
    if (ids.length === 0) return undefined
    let opened = trx.selectFrom('sessions').select('token_hash').where('passkey_id', 'in', ids)
    if (keepHash !== null) opened = opened.where('token_hash', '!=', keepHash)
    const sessions = await opened.execute()
    const removed = await trx.deleteFrom('passkeys').where('id', 'in', ids).executeTakeFirst()
    if (Number(removed.numDeletedRows) === 0) return undefined
    return sessions.map((session) => session.token_hash)
  })
}

export type ChallengePurpose = 'register' | 'login' | 'step-up'

export interface ChallengeOwner {
  purpose: ChallengePurpose
  /** The member and session that asked (null for a sign-in). */
  memberId: number | null
  sessionHash: string | null
}

export async function storeChallenge(db: Db, challenge: string, owner: ChallengeOwner, expiresAt: number, now: number): Promise<void> {
  // Expired ones are swept as new ones are made: the table holds only the last few minutes'.
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute()
  await db.insertInto('passkey_challenges').values({
    challenge, purpose: owner.purpose, member_id: owner.memberId, session_hash: owner.sessionHash, expires_at: expiresAt,
  }).execute()
}

/**
 * Uses the challenge up: true when it was given for this purpose, member and session and has not
 * expired. Deleted by the first use whatever its outcome, so an answer is tried once; of two
 * parallel uses (on any instances) one deletes it and the other finds nothing.
 */
export async function takeChallenge(db: Db, challenge: string, owner: ChallengeOwner, now: number): Promise<boolean> {
  const taken = await db.deleteFrom('passkey_challenges').where('challenge', '=', challenge)
    .returning(['purpose', 'member_id', 'session_hash', 'expires_at'])
    .executeTakeFirst()
  if (!taken) return false
  const memberId = taken.member_id === null ? null : Number(taken.member_id)
  return taken.purpose === owner.purpose && memberId === owner.memberId && taken.session_hash === owner.sessionHash && Number(taken.expires_at) > now
}

/** A password change: every passkey of the member goes (the other sessions end with the change). */
export async function deleteMemberPasskeys(db: Db, memberId: number): Promise<void> {
  await db.deleteFrom('passkeys').where('member_id', '=', memberId).execute()
}

// Quick unlock in Telegram (issue 31): a server-made secret the device keeps in Telegram's
// biometric storage, stored here as its sha256 only.

/** Quick unlocks a member may hold (one per device): a new one beyond them removes the oldest. */
export const MAX_QUICK_UNLOCKS_PER_MEMBER = 10

/** The quick unlock holding this secret (by its sha256), its member, and when the password was last given on its device. */
export async function findQuickUnlock(db: Db, secretHash: string): Promise<{ id: number; memberId: number; passwordAt: number } | undefined> {
  const row = await db.selectFrom('quick_unlocks').select(['id', 'member_id', 'created_at', 'password_at']).where('secret_hash', '=', secretHash).executeTakeFirst()
  return row && { id: Number(row.id), memberId: Number(row.member_id), passwordAt: Number(row.password_at ?? row.created_at) }
}

/** The member's quick unlocks as the profile lists them, oldest first. */
export async function listQuickUnlocks(db: Db, memberId: number): Promise<QuickUnlock[]> {
  const rows = await db.selectFrom('quick_unlocks').select(['id', 'created_at', 'last_used_at'])
    .where('member_id', '=', memberId).orderBy('id').execute()
  return rows.map((row) => ({
    id: Number(row.id), createdAt: Number(row.created_at), lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  }))
}

/**
 * Removes these quick unlocks (ids already read within `trx`), answering the token hashes of the
 * sessions they opened other than `keepHash`'s, and how many rows went. On PostgreSQL the rows are
 * locked before the sessions are read: a sign-in that found one and is opening its session either
 * commits first (its session is then read here) or waits and fails its foreign key, so no session
 * opened by a removed quick unlock outlives the removal. The kept session's record is let go (SET NULL).
 */
async function dropQuickUnlocks(trx: Db, ids: number[], keepHash: string): Promise<{ removed: number; sessions: string[] }> {
  if (ids.length === 0) return { removed: 0, sessions: [] }
  const locking = trx.selectFrom('quick_unlocks').select('id').where('id', 'in', ids)
  const locked = (await (isPostgres(trx) ? locking.forUpdate() : locking).execute()).map((row) => Number(row.id))
  if (locked.length === 0) return { removed: 0, sessions: [] }
  const opened = await trx.selectFrom('sessions').select('token_hash')
    .where('quick_unlock_id', 'in', locked).where('token_hash', '!=', keepHash)
    .execute()
  const sessions = opened.map((session) => session.token_hash)
  const removed = await trx.deleteFrom('quick_unlocks').where('id', 'in', locked).executeTakeFirst()
  return { removed: Number(removed.numDeletedRows), sessions }
}

/**
 * A new quick unlock for the member; past MAX_QUICK_UNLOCKS_PER_MEMBER the oldest go, and the
 * token hashes of the sessions they opened (but `keepHash`'s) are answered for the caller to end.
 * On PostgreSQL the member's row is held (FOR NO KEY UPDATE, which sign-ins' foreign keys do not
 * wait for) so two adds at once count one after the other.
 */
export async function addQuickUnlock(db: Db, memberId: number, secretHash: string, keepHash: string, at: number): Promise<{ id: number; ended: string[] }> {
  return inTransaction(db, async (trx) => {
    if (isPostgres(trx)) await trx.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate().execute()
    const { id } = await trx.insertInto('quick_unlocks')
      .values({ member_id: memberId, secret_hash: secretHash, created_at: at })
      .returning('id').executeTakeFirstOrThrow()
    const newestFirst = await trx.selectFrom('quick_unlocks').select('id').where('member_id', '=', memberId).orderBy('id', 'desc').execute()
    const beyond = newestFirst.slice(MAX_QUICK_UNLOCKS_PER_MEMBER).map((row) => Number(row.id))
    const { sessions } = await dropQuickUnlocks(trx, beyond, keepHash)
    return { id: Number(id), ended: sessions }
  })
}

/** A sign-in or step-up by the quick unlock: when it was last used. */
export async function quickUnlockUsed(db: Db, id: number, at: number): Promise<void> {
  await db.updateTable('quick_unlocks').set({ last_used_at: at }).where('id', '=', id).execute()
}

/**
 * Removes the member's quick unlocks (one by id, or all), answering the token hashes of the
 * sessions they opened other than `keepHash`'s, for the caller to end everywhere; undefined when
 * none was removed (none held, or removed in parallel).
 */
export async function removeQuickUnlocks(db: Db, memberId: number, keepHash: string, id?: number): Promise<string[] | undefined> {
  return inTransaction(db, async (trx) => {
    let chosen = trx.selectFrom('quick_unlocks').select('id').where('member_id', '=', memberId)
    if (id !== undefined) chosen = chosen.where('id', '=', id)
    const { removed, sessions } = await dropQuickUnlocks(trx, (await chosen.execute()).map((row) => Number(row.id)), keepHash)
    return removed === 0 ? undefined : sessions
  })
}

/** A password change: every quick unlock of the member goes (the other sessions end with the change). */
export async function deleteMemberQuickUnlocks(db: Db, memberId: number): Promise<void> {
  await db.deleteFrom('quick_unlocks').where('member_id', '=', memberId).execute()
}
