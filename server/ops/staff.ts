// Staff accounts and their sessions (issue 33). Staff are made by an admin (or, the first admin, by
// the operator: firstAdmin.ts); their passwords are hashed as members' are, sign-ins are counted
// and slowed as members' are, and a session is a random token stored as its sha256, in a table of
// its own so a member's token never opens the operator API. Deactivating a staff member or changing
// their role ends their sessions at once, on every instance (each request reads its session), and
// cuts the live sockets opened with them (the chat hub's session rooms, as a member's are cut).
import { type NewStaff, OPS_PASSWORD_MIN_LENGTH, type Staff, STAFF_USERNAME_PATTERN, type StaffChange } from '../../src/api/contract/ops'
import type { ServerContext } from '../shared/context'
import { inTransaction, isUniqueViolation, LOCKS, lockedTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { clearRateEvents, releaseAttempt, staffLoginLimits, takeAttempt } from '../shared/limits'
import { randomToken, sha256 } from '../shared/tokens'
import { type Actor, audit } from './audit'
import * as repo from './repo'

/** A staff session lasts a working day at most. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000

export const toStaff = (row: repo.StaffRow): Staff => ({ id: String(row.id), username: row.username, name: row.name, role: row.role, active: row.active })

/** What the audit keeps of a staff member: never the hash. */
const described = (row: repo.StaffRow) => ({ username: row.username, name: row.name, role: row.role, active: row.active })

/** A new staff member; their username lower case. 409 STAFF_EXISTS when it is taken. */
/** What making a staff member needs of the server: also what `npm run staff` has without one. */
export type StaffStore = Pick<ServerContext, 'db' | 'passwords' | 'now'>

export async function addStaff(ctx: StaffStore, input: NewStaff, actor: Actor): Promise<repo.StaffRow> {
  // The API's schema checks the username too; the command line and the environment come here directly.
  if (!new RegExp(STAFF_USERNAME_PATTERN).test(input.username)) throw fail(400, 'KEY_INVALID')
  if (input.password.length < OPS_PASSWORD_MIN_LENGTH) throw fail(400, 'PASSWORD_TOO_SHORT', OPS_PASSWORD_MIN_LENGTH)
  const passwordHash = await ctx.passwords.hash(input.password)
  const at = ctx.now()
  try {
    return await inTransaction(ctx.db, async (trx) => {
      const row = await repo.insertStaff(trx, { username: input.username, name: input.name.trim(), role: input.role, passwordHash, at })
      await audit(trx, actor, at, { action: 'staff.add', item: `staff:${row.id}`, after: described(row) })
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error, repo.UNIQUE_USERNAME)) throw fail(409, 'STAFF_EXISTS')
    throw error
  }
}

/** A staff sign-in: a new session's token. One answer for an unknown username and a wrong password. */
export async function signIn(ctx: ServerContext, username: string, password: string, address: string): Promise<{ token: string; staff: repo.StaffRow }> {
  const name = username.trim().toLowerCase()
  const now = ctx.now()
  const attempt = await takeAttempt(ctx.db, staffLoginLimits(ctx.limits, name, address), now)
  const staff = await repo.findStaffByUsername(ctx.db, name)
  const ok = staff ? await ctx.passwords.verify(password, staff.passwordHash) : await ctx.passwords.verifyDummy(password)
  if (!staff || !ok) throw fail(401, 'WRONG_CREDENTIAL')
  if (!staff.active) throw fail(403, 'INACTIVE_USER')
  await releaseAttempt(ctx.db, attempt)
  await clearRateEvents(ctx.db, 'staff_login_name', name)
  if (ctx.passwords.needsRehash(staff.passwordHash)) await repo.updateStaffPassword(ctx.db, staff.id, await ctx.passwords.hash(password))
  const token = randomToken(32)
  await inTransaction(ctx.db, async (trx) => {
    await repo.insertStaffSession(trx, { tokenHash: sha256(token), staffId: staff.id, at: now, expiresAt: now + STAFF_SESSION_TTL_MS })
    await audit(trx, { staffId: staff.id, address }, now, { action: 'staff.signIn', item: `staff:${staff.id}` })
  })
  return { token, staff }
}

export interface StaffSession {
  staff: repo.StaffRow
  tokenHash: string
}

/** The staff member behind `Authorization: Bearer <token>`, refused as a member's token is. */
export async function authenticateStaff(ctx: ServerContext, header: string | undefined): Promise<StaffSession> {
  if (!header) throw fail(401, 'UNAUTHORIZED')
  const match = /^Bearer (.*)$/.exec(header.trim())
  if (!match) throw fail(401, 'invalid token')
  const { staff, tokenHash } = await staffTokenSession(ctx, match[1])
  return { staff, tokenHash }
}

/** The staff member a session token opens (a request's header, a socket's handshake), with when the session expires. */
export async function staffTokenSession(ctx: ServerContext, token: string): Promise<StaffSession & { expiresAt: number }> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw fail(401, 'invalid token')
  const tokenHash = sha256(token)
  const session = await repo.findSessionStaff(ctx.db, tokenHash)
  if (!session) throw fail(401, 'invalid token')
  if (session.expiresAt <= ctx.now()) throw fail(401, 'EXPIRED_AUTH_TOKEN')
  if (!session.staff.active) throw fail(403, 'INACTIVE_USER')
  return { staff: session.staff, tokenHash, expiresAt: session.expiresAt }
}

export async function signOut(ctx: ServerContext, session: StaffSession, address: string): Promise<void> {
  const at = ctx.now()
  await inTransaction(ctx.db, async (trx) => {
    await repo.deleteStaffSession(trx, session.tokenHash)
    await audit(trx, { staffId: session.staff.id, address }, at, { action: 'staff.signOut', item: `staff:${session.staff.id}` })
  })
  await ctx.sessionSockets.cut([session.tokenHash])
}

/**
 * A change of role or of whether they may sign in; either ends their sessions, so what they may
 * do changes at their next request. 409 LAST_ADMIN when no active admin would be left.
 */
export async function changeStaff(ctx: ServerContext, id: number, change: StaffChange, actor: Actor): Promise<repo.StaffRow> {
  const at = ctx.now()
  // Under one lock on every instance: two admins demoting each other at once would each see the
  // other still an admin, and leave none.
  let ended: string[] = []
  const changed = await lockedTransaction(ctx.db, LOCKS.staffRoles, async (trx) => {
    const before = await repo.findStaffById(trx, id)
    if (!before) throw fail(404, 'NO_DATA')
    const after = await repo.updateStaff(trx, id, change)
    if (!after) throw fail(404, 'NO_DATA')
    if (before.role === 'admin' && before.active && !(after.role === 'admin' && after.active) && !(await repo.hasOtherAdmin(trx, id))) {
      throw fail(409, 'LAST_ADMIN')
    }
    if (before.role !== after.role || before.active !== after.active) ended = await repo.deleteStaffSessions(trx, id, at)
    await audit(trx, actor, at, { action: 'staff.change', item: `staff:${id}`, before: described(before), after: described(after) })
    return after
  })
  // Once committed: a socket opened in between is refused at its handshake, or cut here.
  await ctx.sessionSockets.cut(ended)
  return changed
}

/** Ends every session of a staff member (a lost phone, a shared password). */
export async function endStaffSessions(ctx: ServerContext, id: number, actor: Actor): Promise<void> {
  const at = ctx.now()
  const ended = await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.findStaffById(trx, id))) throw fail(404, 'NO_DATA')
    const hashes = await repo.deleteStaffSessions(trx, id, at)
    await audit(trx, actor, at, { action: 'staff.endSessions', item: `staff:${id}`, after: { ended: hashes.length } })
    return hashes
  })
  await ctx.sessionSockets.cut(ended)
}
