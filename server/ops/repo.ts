// The operator side's tables and their SQL: staff, their sessions, the audit trail.
import type { Generated } from 'kysely'
import type { StaffRole } from '../../src/api/contract/ops'
import type { Db } from '../shared/db'

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
    }
    staff_sessions: { token_hash: string; staff_id: number; created_at: number; expires_at: number }
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
}

const staffColumns = ['staff.id', 'staff.username', 'staff.name', 'staff.role', 'staff.active', 'staff.password_hash'] as const

const toStaffRow = (row: { id: number; username: string; name: string; role: StaffRole; active: number; password_hash: string }): StaffRow => ({
  id: Number(row.id),
  username: row.username,
  name: row.name,
  role: row.role,
  active: Number(row.active) === 1,
  passwordHash: row.password_hash,
})

export const UNIQUE_USERNAME = { sqlite: 'staff.username', postgres: 'staff_username_key' } as const

export async function insertStaff(db: Db, staff: { username: string; name: string; role: StaffRole; passwordHash: string; at: number }): Promise<StaffRow> {
  const row = await db.insertInto('staff')
    .values({ username: staff.username, name: staff.name, role: staff.role, password_hash: staff.passwordHash, created_at: staff.at })
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

export async function updateStaffPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', id).execute()
}

/** Changes a staff member's role or whether they may sign in; answers the row as it was and as it is. */
export async function updateStaff(trx: Db, id: number, change: { role?: StaffRole; active?: boolean }): Promise<StaffRow | undefined> {
  const set = { ...(change.role ? { role: change.role } : {}), ...(change.active === undefined ? {} : { active: change.active ? 1 : 0 }) }
  const row = Object.keys(set).length > 0
    ? await trx.updateTable('staff').set(set).where('id', '=', id).returning(staffColumns).executeTakeFirst()
    : await trx.selectFrom('staff').select(staffColumns).where('id', '=', id).executeTakeFirst()
  return row && toStaffRow(row)
}

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
