// The identity area's data: the messenger accounts linked to members, the record of every link and
// unlink, and the memory of used credentials. Sessions are the auth area's; this area reads and
// writes the two columns it added to them (which identity opened one, when the password was given).
import type { Generated } from 'kysely'
import type { LinkedIdentity, MessengerProvider } from '../../src/api/contract'
import { type Db, inTransaction, isUniqueViolation } from '../shared/db'

declare module '../shared/db' {
  /** The identity area's tables (migration 0018 makes them). */
  interface Tables {
    member_identities: { id: Generated<number>; member_id: number; provider: string; subject: string; name: string; linked_at: number }
    /** Append-only (the migration's triggers refuse an update or a delete). */
    identity_events: { id: Generated<number>; member_id: number; provider: string; subject: string; action: string; address: string; at: number }
    used_credentials: { key_hash: string; expires_at: number }
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

/** The session's proof: which identity opened it (null: the password) and when the password was last given in it. */
export async function sessionProof(db: Db, tokenHash: string): Promise<{ identityId: number | null; passwordAt: number | null } | undefined> {
  const row = await db.selectFrom('sessions').select(['identity_id', 'password_at']).where('token_hash', '=', tokenHash).executeTakeFirst()
  return row && {
    identityId: row.identity_id === null ? null : Number(row.identity_id),
    passwordAt: row.password_at === null ? null : Number(row.password_at),
  }
}

/** The password was given again in this session (step-up). */
export async function markPasswordGiven(db: Db, tokenHash: string, at: number): Promise<void> {
  await db.updateTable('sessions').set({ password_at: at }).where('token_hash', '=', tokenHash).execute()
}
