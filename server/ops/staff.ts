// Staff accounts and their sessions (issues 33 and 47). Staff are made by an admin (or, the first
// admin, by the operator: firstAdmin.ts); their passwords are hashed as members' are, sign-ins are
// counted and slowed as members' are (a stranger's guesses elsewhere do not keep them out where
// they signed in before), and a session is a random token stored as its sha256, in a table of its
// own so a member's token never opens the operator API. Admins (everyone, by the `staffTotp`
// switch) sign in with a code from an authenticator app too (totp.ts); until they have set one up,
// or chosen their own password after an admin's reset, their session opens nothing else
// (pendingSetup, scope.ts). Deactivating a staff member, changing their role, resetting their
// sign-in or their own password change ends their (other) sessions at once, on every instance
// (each request reads its session), and cuts the live sockets opened with them.
import { type NewStaff, OPS_PASSWORD_MIN_LENGTH, type Staff, type StaffSetup, STAFF_USERNAME_PATTERN, type StaffChange, type TotpSetup } from '../../contract/ops'
import type { StaffTotpRule } from '../../contract/opsSettings'
import { addressGroup } from '../shared/address'
import type { ServerContext } from '../shared/context'
import { inTransaction, isUniqueViolation, LOCKS, lockedTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { clearRateEvents, KNOWN_ADDRESS_MS, releaseAttempt, staffLoginLimits, staffPasswordLimit, takeAttempt } from '../shared/limits'
import { getRecentSetting } from '../shared/settings'
import { randomToken, sha256 } from '../shared/tokens'
import { type Actor, audit } from './audit'
import * as repo from './repo'
import { newTotpSecret, totpStepOf, totpUri } from './totp'

/** A staff session lasts a working day at most. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000

/** What the staff member must do before anything else: choose their own password, then set up their code. */
export function pendingSetup(row: repo.StaffRow, rule: StaffTotpRule): StaffSetup {
  if (row.mustChangePassword) return 'password'
  if (row.totpSecret === null && (rule === 'everyone' || row.role === 'admin')) return 'totp'
  return null
}

/** The `staffTotp` switch as this instance read it at most a second ago. */
export const staffTotpRule = (ctx: Pick<ServerContext, 'db'>): Promise<StaffTotpRule> => getRecentSetting(ctx.db, 'staffTotp')

export const toStaff = (row: repo.StaffRow, rule: StaffTotpRule): Staff => ({
  id: String(row.id), username: row.username, name: row.name, role: row.role, active: row.active,
  totp: row.totpSecret !== null, setup: pendingSetup(row, rule),
})

/** What the audit keeps of a staff member: never the hash. */
const described = (row: repo.StaffRow) => ({ username: row.username, name: row.name, role: row.role, active: row.active })

/** What making a staff member needs of the server: also what `npm run staff` has without one. */
export type StaffStore = Pick<ServerContext, 'db' | 'passwords' | 'now'>

/**
 * A new staff member; their username lower case. 409 STAFF_EXISTS when it is taken. Made by
 * another staff member (an admin, through the API), the password is one that person knows: the new
 * member chooses their own before anything else, as after a reset, so nobody else can sign in as
 * them and be counted as them (the four-eyes rule's second person). The operator's own setup (`npm
 * run staff`, the environment's first admin) sets the password its person chose.
 */
export async function addStaff(ctx: StaffStore, input: NewStaff, actor: Actor): Promise<repo.StaffRow> {
  // The API's schema checks the username too; the command line and the environment come here directly.
  if (!new RegExp(STAFF_USERNAME_PATTERN).test(input.username)) throw fail(400, 'KEY_INVALID')
  checkNewPassword(input.password)
  const passwordHash = await ctx.passwords.hash(input.password)
  const at = ctx.now()
  try {
    return await inTransaction(ctx.db, async (trx) => {
      const row = await repo.insertStaff(trx, { username: input.username, name: input.name.trim(), role: input.role, passwordHash, mustChangePassword: actor.staffId !== null, at })
      await audit(trx, actor, at, { action: 'staff.add', item: `staff:${row.id}`, after: described(row) })
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error, repo.UNIQUE_USERNAME)) throw fail(409, 'STAFF_EXISTS')
    throw error
  }
}

/** Checks a new staff password: long enough (400 PASSWORD_TOO_SHORT). */
function checkNewPassword(password: string): void {
  if (password.length < OPS_PASSWORD_MIN_LENGTH) throw fail(400, 'PASSWORD_TOO_SHORT', OPS_PASSWORD_MIN_LENGTH)
}

/**
 * A staff sign-in: a new session's token. One answer (401 WRONG_CREDENTIAL) for an unknown
 * username, a wrong password, a deactivated staff member and a wrong code, so none tells which;
 * each is counted before the check (staffLoginLimits) and audited (`staff.signIn.failed`). A staff
 * member with a second factor gets 401 TOTP_REQUIRED for a right password without a code, which
 * does not count as a failure.
 */
export async function signIn(ctx: ServerContext, credentials: { username: string; password: string; code?: string }, address: string): Promise<{ token: string; staff: repo.StaffRow }> {
  const name = credentials.username.trim().toLowerCase()
  const now = ctx.now()
  const found = await repo.findStaffByUsername(ctx.db, name)
  const known = found !== undefined && (await repo.isKnownStaffAddress(ctx.db, found.id, addressGroup(address), now, KNOWN_ADDRESS_MS))
  const attempt = await takeAttempt(ctx.db, staffLoginLimits(ctx.limits, name, address, known), now)
  const ok = found ? await ctx.passwords.verify(credentials.password, found.passwordHash) : await ctx.passwords.verifyDummy(credentials.password)
  const refuse = async (reason: 'unknown' | 'password' | 'inactive' | 'code') => {
    await audit(ctx.db, { staffId: found?.id ?? null, address }, now, { action: 'staff.signIn.failed', item: found ? `staff:${found.id}` : undefined, after: { reason } })
    return fail(401, 'WRONG_CREDENTIAL')
  }
  if (!found) throw await refuse('unknown')
  if (!ok) throw await refuse('password')
  if (!found.active) throw await refuse('inactive')
  const staff = found
  if (staff.totpSecret !== null) {
    if (credentials.code === undefined) {
      await releaseAttempt(ctx.db, attempt)
      throw fail(401, 'TOTP_REQUIRED')
    }
    const step = await totpStepOf(staff.totpSecret, credentials.code, now, staff.totpStep)
    if (step === undefined || !(await repo.takeTotpStep(ctx.db, staff.id, step))) throw await refuse('code')
  }
  await releaseAttempt(ctx.db, attempt)
  await clearRateEvents(ctx.db, 'staff_login_fail', `${name}|${addressGroup(address)}`)
  await repo.rememberStaffAddress(ctx.db, staff.id, addressGroup(address), now, KNOWN_ADDRESS_MS)
  if (ctx.passwords.needsRehash(staff.passwordHash)) await repo.updateStaffPassword(ctx.db, staff.id, await ctx.passwords.hash(credentials.password))
  const token = randomToken(32)
  await inTransaction(ctx.db, async (trx) => {
    await repo.insertStaffSession(trx, { tokenHash: sha256(token), staffId: staff.id, at: now, expiresAt: now + STAFF_SESSION_TTL_MS })
    await audit(trx, { staffId: staff.id, address }, now, { action: 'staff.signIn', item: `staff:${staff.id}`, after: { secondFactor: staff.totpSecret !== null } })
  })
  return { token, staff }
}

/**
 * The staff member's own new password, given with the current one (counted per staff member before
 * the check): their other sessions end; an admin's reset is over.
 */
export async function changeOwnPassword(ctx: ServerContext, session: StaffSession, change: { oldPassword: string; newPassword: string }, address: string): Promise<void> {
  const { staff } = session
  checkNewPassword(change.newPassword)
  if (change.newPassword === change.oldPassword) throw fail(400, 'PASSWORD_UNCHANGED')
  const attempt = await takeAttempt(ctx.db, [staffPasswordLimit(ctx.limits, staff.id)], ctx.now())
  if (!(await ctx.passwords.verify(change.oldPassword, staff.passwordHash))) throw fail(400, 'WRONG_PASSWORD')
  await releaseAttempt(ctx.db, attempt)
  const hash = await ctx.passwords.hash(change.newPassword)
  const at = ctx.now()
  const ended = await inTransaction(ctx.db, async (trx) => {
    await repo.updateStaffPassword(trx, staff.id, hash, false)
    const hashes = await repo.deleteOtherStaffSessions(trx, staff.id, session.tokenHash)
    await audit(trx, { staffId: staff.id, address }, at, { action: 'staff.password', item: `staff:${staff.id}`, after: { sessionsEnded: hashes.length } })
    return hashes
  })
  await ctx.sessionSockets.cut(ended)
}

/** A secret for the staff member's authenticator app, shown until confirmed (409 TOTP_ENABLED once they have one). */
export async function startTotpSetup(ctx: ServerContext, staff: repo.StaffRow): Promise<TotpSetup> {
  if (staff.totpSecret !== null) throw fail(409, 'TOTP_ENABLED')
  const secret = newTotpSecret()
  await repo.setPendingTotp(ctx.db, staff.id, secret)
  return { secret, uri: totpUri(ctx.config.current.appName, staff.username, secret) }
}

/**
 * The setup confirmed by a code from the app (400 WRONG_CODE otherwise): from now on every sign-in
 * needs a code, and the staff member's sessions opened without one, but this, end.
 */
export async function confirmTotpSetup(ctx: ServerContext, session: StaffSession, code: string, address: string): Promise<repo.StaffRow> {
  const { staff } = session
  if (staff.totpSecret !== null) throw fail(409, 'TOTP_ENABLED')
  const pending = staff.totpPending
  const at = ctx.now()
  // Counted as a password change is: a stolen session cannot try codes freely.
  const attempt = await takeAttempt(ctx.db, [staffPasswordLimit(ctx.limits, staff.id)], at)
  const step = pending === null ? undefined : await totpStepOf(pending, code, at)
  if (pending === null || step === undefined) throw fail(400, 'WRONG_CODE')
  await releaseAttempt(ctx.db, attempt)
  const ended = await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.confirmTotp(trx, staff.id, pending, step))) throw fail(400, 'WRONG_CODE')
    const hashes = await repo.deleteOtherStaffSessions(trx, staff.id, session.tokenHash)
    await audit(trx, { staffId: staff.id, address }, at, { action: 'staff.totp.enable', item: `staff:${staff.id}`, after: { sessionsEnded: hashes.length } })
    return hashes
  })
  await ctx.sessionSockets.cut(ended)
  return (await repo.findStaffById(ctx.db, staff.id))!
}

/**
 * An admin's reset of another's sign-in (a forgotten password, a lost phone): a new password they
 * must change at their next sign-in, no second factor until they set one up again, and every
 * session of theirs ended at once. Never one's own (403 SELF_RESET): it would let whoever holds an
 * admin's session, without their password or code, set a password they know and a code of their
 * own; one's own password is changed with the old one (changeOwnPassword).
 */
export async function resetStaff(ctx: ServerContext, id: number, password: string, actor: Actor): Promise<repo.StaffRow> {
  if (actor.staffId === id) throw fail(403, 'SELF_RESET')
  checkNewPassword(password)
  const hash = await ctx.passwords.hash(password)
  const at = ctx.now()
  const { row, ended } = await inTransaction(ctx.db, async (trx) => {
    const before = await repo.findStaffById(trx, id)
    if (!before) throw fail(404, 'NO_DATA')
    await repo.resetStaffCredentials(trx, id, hash)
    const hashes = await repo.deleteStaffSessions(trx, id, at)
    await audit(trx, actor, at, { action: 'staff.reset', item: `staff:${id}`, before: { totp: before.totpSecret !== null }, after: { totp: false, mustChangePassword: true, sessionsEnded: hashes.length } })
    return { row: (await repo.findStaffById(trx, id))!, ended: hashes }
  })
  await ctx.sessionSockets.cut(ended)
  return row
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
