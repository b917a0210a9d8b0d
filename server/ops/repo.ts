// The operator side's tables and their SQL: staff, their sessions, the audit trail.
import { type Generated, sql } from 'kysely'
import type { StaffRole } from '../../contract/ops'
import { type Db, deleteBefore, isPostgres, LOCKS } from '../shared/db'

declare module '../shared/db' {
  /** The operator side's tables (migration 0021). */
  interface Tables {
    staff: {
      id: Generated<number>
      username: string
      name: string
      password_hash: string
      role: StaffRole
      active: Generated<number>
      created_at: number
      /** Migration 0026: the confirmed TOTP secret, the one shown for setup, the last step taken. */
      totp_secret: string | null
      totp_pending: string | null
      totp_step: number | null
      must_change_password: Generated<number>
    }
    staff_sessions: { token_hash: string; staff_id: number; created_at: number; expires_at: number }
    /** Where each staff member signed in successfully (migration 0026). */
    staff_login_addresses: { staff_id: number; address: string; last_success_at: number }
    /** The first person of a decision that needs two (migration 0026, approvals.ts). */
    pending_approvals: { item: string; member_id: number; staff_id: number; decision: string; amount_minor: number; currency: string; at: number }
    ops_audit: {
      id: Generated<number>
      staff_id: number | null
      action: string
      item: string | null
      member_id: number | null
      before: string | null
      after: string | null
      address: string
      at: number
    }
  }
}

export interface StaffRow {
  id: number
  username: string
  name: string
  role: StaffRole
  active: boolean
  passwordHash: string
  /** The confirmed TOTP secret, if they have one. */
  totpSecret: string | null
  /** The secret shown for setup and not yet confirmed. */
  totpPending: string | null
  /** The time step of the last code taken (a code signs in once). */
  totpStep: number | null
  /** An admin reset their password: they choose their own before anything else. */
  mustChangePassword: boolean
}

const staffColumns = ['staff.id', 'staff.username', 'staff.name', 'staff.role', 'staff.active', 'staff.password_hash',
  'staff.totp_secret', 'staff.totp_pending', 'staff.totp_step', 'staff.must_change_password'] as const

interface StaffSelected {
  id: number
  username: string
  name: string
  role: StaffRole
  active: number
  password_hash: string
  totp_secret: string | null
  totp_pending: string | null
  totp_step: number | null
  must_change_password: number
}

const toStaffRow = (row: StaffSelected): StaffRow => ({
  id: Number(row.id),
  username: row.username,
  name: row.name,
  role: row.role,
  active: Number(row.active) === 1,
  passwordHash: row.password_hash,
  totpSecret: row.totp_secret,
  totpPending: row.totp_pending,
  totpStep: row.totp_step === null ? null : Number(row.totp_step),
  mustChangePassword: Number(row.must_change_password) === 1,
})

export const UNIQUE_USERNAME = { sqlite: 'staff.username', postgres: 'staff_username_key' } as const

export async function insertStaff(db: Db, staff: { username: string; name: string; role: StaffRole; passwordHash: string; mustChangePassword: boolean; at: number }): Promise<StaffRow> {
  const row = await db.insertInto('staff')
    .values({ username: staff.username, name: staff.name, role: staff.role, password_hash: staff.passwordHash, must_change_password: staff.mustChangePassword ? 1 : 0, created_at: staff.at })
    .returning(staffColumns)
    .executeTakeFirstOrThrow()
  return toStaffRow(row)
}

export async function findStaffByUsername(db: Db, username: string): Promise<StaffRow | undefined> {
  const row = await db.selectFrom('staff').select(staffColumns).where('username', '=', username).executeTakeFirst()
  return row && toStaffRow(row)
}

export async function findStaffById(db: Db, id: number): Promise<StaffRow | undefined> {
  const row = await db.selectFrom('staff').select(staffColumns).where('id', '=', id).executeTakeFirst()
  return row && toStaffRow(row)
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return (await db.selectFrom('staff').select(staffColumns).orderBy('id').execute()).map(toStaffRow)
}

export async function hasAdmin(db: Db): Promise<boolean> {
  return (await db.selectFrom('staff').select('id').where('role', '=', 'admin').where('active', '=', 1).limit(1).executeTakeFirst()) !== undefined
}

/** Whether an active admin other than `id` is left. */
export async function hasOtherAdmin(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('staff').select('id').where('role', '=', 'admin').where('active', '=', 1).where('id', '!=', id).limit(1).executeTakeFirst()) !== undefined
}

export async function updateStaffPassword(db: Db, id: number, passwordHash: string, mustChange?: boolean): Promise<void> {
  await db.updateTable('staff')
    .set({ password_hash: passwordHash, ...(mustChange === undefined ? {} : { must_change_password: mustChange ? 1 : 0 }) })
    .where('id', '=', id).execute()
}

/** A secret shown for setup (replacing any shown before); never the confirmed one. */
export async function setPendingTotp(db: Db, id: number, secret: string): Promise<void> {
  await db.updateTable('staff').set({ totp_pending: secret }).where('id', '=', id).where('totp_secret', 'is', null).execute()
}

/** The pending secret confirmed at `step`; false when it is not the one still pending. */
export async function confirmTotp(db: Db, id: number, secret: string, step: number): Promise<boolean> {
  const done = await db.updateTable('staff').set({ totp_secret: secret, totp_pending: null, totp_step: step })
    .where('id', '=', id).where('totp_pending', '=', secret).where('totp_secret', 'is', null)
    .executeTakeFirst()
  return Number(done.numUpdatedRows) === 1
}

/** A code taken at `step`: false when this step or a later one was taken already (a replay, or two sign-ins with one code). */
export async function takeTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const done = await db.updateTable('staff').set({ totp_step: step })
    .where('id', '=', id).where((eb) => eb.or([eb('totp_step', 'is', null), eb('totp_step', '<', step)]))
    .executeTakeFirst()
  return Number(done.numUpdatedRows) === 1
}

/** An admin's reset: the new password, to be changed at sign-in, and no second factor until they set one up again. */
export async function resetStaffCredentials(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('staff')
    .set({ password_hash: passwordHash, must_change_password: 1, totp_secret: null, totp_pending: null, totp_step: null })
    .where('id', '=', id).execute()
}

/** Whether the staff member signed in from this address group in the last `knownForMs`. */
export async function isKnownStaffAddress(db: Db, staffId: number, addressGroup: string, now: number, knownForMs: number): Promise<boolean> {
  const row = await db.selectFrom('staff_login_addresses').select('last_success_at')
    .where('staff_id', '=', staffId).where('address', '=', addressGroup).executeTakeFirst()
  return row !== undefined && now - Number(row.last_success_at) < knownForMs
}

/** A successful sign-in: its address group is known from now; the staff member's stale ones go. */
export async function rememberStaffAddress(db: Db, staffId: number, addressGroup: string, now: number, knownForMs: number): Promise<void> {
  await db.deleteFrom('staff_login_addresses').where('staff_id', '=', staffId).where('last_success_at', '<=', now - knownForMs).execute()
  await db.insertInto('staff_login_addresses').values({ staff_id: staffId, address: addressGroup, last_success_at: now })
    .onConflict((c) => c.columns(['staff_id', 'address']).doUpdateSet({ last_success_at: now }))
    .execute()
}

/** Ends the staff member's sessions but `keepHash` (the one asking); the hashes that ended. */
export async function deleteOtherStaffSessions(db: Db, staffId: number, keepHash: string): Promise<string[]> {
  const ended = await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).where('token_hash', '!=', keepHash).returning('token_hash').execute()
  return ended.map((row) => row.token_hash)
}

// ---- Decisions that need two people (approvals.ts) ----

export interface PendingApprovalRow {
  item: string
  memberId: number
  staffId: number
  username: string
  decision: unknown
  amountMinor: number
  currency: string
  at: number
}

const toPending = (row: { item: string; member_id: number; staff_id: number; username: string; decision: string; amount_minor: number; currency: string; at: number }): PendingApprovalRow => ({
  item: row.item,
  memberId: Number(row.member_id),
  staffId: Number(row.staff_id),
  username: row.username,
  decision: JSON.parse(row.decision),
  amountMinor: Number(row.amount_minor),
  currency: row.currency,
  at: Number(row.at),
})

const pendingColumns = ['pending_approvals.item', 'pending_approvals.member_id', 'pending_approvals.staff_id', 'staff.username',
  'pending_approvals.decision', 'pending_approvals.amount_minor', 'pending_approvals.currency', 'pending_approvals.at'] as const

export async function pendingApprovals(db: Db, items: readonly string[]): Promise<PendingApprovalRow[]> {
  if (items.length === 0) return []
  const rows = await db.selectFrom('pending_approvals').innerJoin('staff', 'staff.id', 'pending_approvals.staff_id')
    .select(pendingColumns).where('pending_approvals.item', 'in', items).execute()
  return rows.map(toPending)
}

/** The first person's decision of `item`, replacing another's; answers what it replaced. */
export async function putPendingApproval(db: Db, row: Omit<PendingApprovalRow, 'username'>): Promise<void> {
  const values = { member_id: row.memberId, staff_id: row.staffId, decision: JSON.stringify(row.decision), amount_minor: row.amountMinor, currency: row.currency, at: row.at }
  await db.insertInto('pending_approvals').values({ item: row.item, ...values })
    .onConflict((c) => c.column('item').doUpdateSet(values))
    .execute()
}

/** Takes away `item`'s pending decision; with `expected`, only if it is still that person's and that decision. */
export async function takePendingApproval(db: Db, item: string, expected?: { staffId: number; decision: unknown }): Promise<boolean> {
  let query = db.deleteFrom('pending_approvals').where('item', '=', item)
  if (expected) query = query.where('staff_id', '=', expected.staffId).where('decision', '=', JSON.stringify(expected.decision))
  const done = await query.executeTakeFirst()
  return Number(done.numDeletedRows) > 0
}

/** The audit trail's rows of `staffId` taking one of `actions` for the member since `since`. */
const staffOnMember = (db: Db, staffId: number, memberId: number, actions: readonly string[], since: number) =>
  db.selectFrom('ops_audit').where('member_id', '=', memberId).where('staff_id', '=', staffId).where('action', 'in', actions).where('at', '>', since)

/** Whether `staffId` took one of `actions` for the member since `since` (the audit trail). */
export async function staffActedOnMember(db: Db, staffId: number, memberId: number, actions: readonly string[], since: number): Promise<boolean> {
  return (await staffOnMember(db, staffId, memberId, actions, since).select('id').limit(1).executeTakeFirst()) !== undefined
}

/** Whether a staff member took one of `actions` on an item (`slip:<reference>`), ever. */
export async function staffActedOnItem(db: Db, staffId: number, item: string, actions: readonly string[]): Promise<boolean> {
  const row = await db.selectFrom('ops_audit').select('id')
    .where('staff_id', '=', staffId).where('item', '=', item).where('action', 'in', [...actions])
    .limit(1).executeTakeFirst()
  return row !== undefined
}

/** The audit rows of one staff member's settled decisions of one kind on one member since a time
 *  (the four-eyes rule's day, approvals.ts): what each moved is in its before or after. */
export async function staffDecisionsOnMember(db: Db, staffId: number, memberId: number, action: string, since: number): Promise<{ before: unknown; after: unknown }[]> {
  const rows = await staffOnMember(db, staffId, memberId, [action], since).select(['before', 'after']).execute()
  return rows.map((row) => ({ before: row.before === null ? null : JSON.parse(row.before), after: row.after === null ? null : JSON.parse(row.after) }))
}

/**
 * Until the transaction ends, the one settling a decision on this member that one person makes
 * alone (approvals.ts): an advisory lock of its own, so it orders against nothing else the
 * settlement holds. PostgreSQL only; SQLite's transactions run one at a time.
 */
export async function holdMemberDecisions(trx: Db, memberId: number): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(${sql.lit(LOCKS.memberDecisions)}, ${memberId}::int)`.execute(trx)
}

/** Changes a staff member's role or whether they may sign in; answers the row as it was and as it is. */
export async function updateStaff(trx: Db, id: number, change: { role?: StaffRole; active?: boolean }): Promise<StaffRow | undefined> {
  const set = { ...(change.role ? { role: change.role } : {}), ...(change.active === undefined ? {} : { active: change.active ? 1 : 0 }) }
  const row = Object.keys(set).length > 0
    ? await trx.updateTable('staff').set(set).where('id', '=', id).returning(staffColumns).executeTakeFirst()
    : await trx.selectFrom('staff').select(staffColumns).where('id', '=', id).executeTakeFirst()
  return row && toStaffRow(row)
}

/** Retention: staff sessions a day past their end (a sign-out deletes its own at once). */
export const pruneStaffSessions = (db: Db, now: number): Promise<number> => deleteBefore(db, 'staff_sessions', 'expires_at', now - DAY_MS)

const DAY_MS = 24 * 60 * 60 * 1000

export async function insertStaffSession(db: Db, session: { tokenHash: string; staffId: number; at: number; expiresAt: number }): Promise<void> {
  await db.insertInto('staff_sessions')
    .values({ token_hash: session.tokenHash, staff_id: session.staffId, created_at: session.at, expires_at: session.expiresAt })
    .execute()
}

/** The staff member a session token's hash opens, with when it expires; one statement per call. */
export async function findSessionStaff(db: Db, tokenHash: string): Promise<{ staff: StaffRow; expiresAt: number } | undefined> {
  const row = await db.selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([...staffColumns, 'staff_sessions.expires_at'])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst()
  return row && { staff: toStaffRow(row), expiresAt: Number(row.expires_at) }
}

export async function deleteStaffSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute()
}

/** Ends every session of a staff member, and those past their expiry of anyone; answers the
 *  token hashes of theirs that ended (their sockets are cut by them). */
export async function deleteStaffSessions(db: Db, staffId: number, now: number): Promise<string[]> {
  await db.deleteFrom('staff_sessions').where('expires_at', '<=', now).execute()
  const ended = await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).returning('token_hash').execute()
  return ended.map((row) => row.token_hash)
}

export interface AuditInsert {
  staffId: number | null
  action: string
  item: string | null
  memberId: number | null
  before: unknown
  after: unknown
  address: string
  at: number
}

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value))

export async function insertAudit(db: Db, entry: AuditInsert): Promise<void> {
  await db.insertInto('ops_audit').values({
    staff_id: entry.staffId,
    action: entry.action,
    item: entry.item,
    member_id: entry.memberId,
    before: json(entry.before),
    after: json(entry.after),
    address: entry.address,
    at: entry.at,
  }).execute()
}

export async function listAudit(db: Db, query: { item?: string; beforeId?: number; limit: number }) {
  let select = db.selectFrom('ops_audit')
    .leftJoin('staff', 'staff.id', 'ops_audit.staff_id')
    .select(['ops_audit.id', 'ops_audit.staff_id', 'staff.username', 'ops_audit.action', 'ops_audit.item', 'ops_audit.member_id',
      'ops_audit.before', 'ops_audit.after', 'ops_audit.address', 'ops_audit.at'])
  if (query.item !== undefined) select = select.where('ops_audit.item', '=', query.item)
  if (query.beforeId !== undefined) select = select.where('ops_audit.id', '<', query.beforeId)
  return select.orderBy('ops_audit.id', 'desc').limit(query.limit).execute()
}
