// Quick unlock in Telegram (issue 31 section 2): the server makes a random secret for one device,
// keeps only its sha256, and the app stores the secret in Telegram's biometric token storage
// (BiometricManager), which hands it back only after the player's face or fingerprint. Giving it
// back signs in, or proves the player at a step-up for a withdrawal: Telegram verified the user.
// It is not the password (issue 47): it never alone changes the bank account, and a device that
// has not had the password for QUICK_UNLOCK_MAX_DAYS is asked for it again.
//
// Offered where the Telegram identity is on; otherwise every route answers 404 IDENTITY_OFF. A
// wrong secret, a removed one and another member's all get the same 401 QUICK_UNLOCK_INVALID. The
// secret travels in request and reply bodies only, which the request log never writes.
import type { FastifyRequest } from 'fastify'
import * as C from '../../contract'
import { createSession, endSessions } from '../auth/sessions'
import type { ServerContext } from '../shared/context'
import { isForeignKeyViolation } from '../shared/db'
import { fail } from '../shared/http/errors'
import { type AlertLog, quickUnlockLoginLimits, releaseAttempt, takeAttempt } from '../shared/limits'
import { findMemberById } from '../shared/members'
import { randomToken, sha256 } from '../shared/tokens'
import type { Removal } from './removal'
import * as repo from './repo'
import { telegramOn } from './settings'
import { requireRecentPassword } from './stepUp'

const requireTelegram = (ctx: ServerContext) => {
  if (!telegramOn(ctx.identity)) throw fail(404, 'IDENTITY_OFF')
}

/**
 * A quick unlock whose device has not had the password for QUICK_UNLOCK_MAX_DAYS (issue 47) is
 * removed, and answers as one that was (401 QUICK_UNLOCK_INVALID): the app asks for the password.
 */
async function refuseAged(ctx: ServerContext, quickUnlock: { id: number; memberId: number; passwordAt: number }): Promise<void> {
  if (ctx.now() - quickUnlock.passwordAt <= ctx.identity.quickUnlockMaxDays * 24 * 60 * 60 * 1000) return
  const ended = await repo.removeQuickUnlocks(ctx.db, quickUnlock.memberId, '', quickUnlock.id)
  if (ended) await endSessions(ctx, ended)
  throw fail(401, 'QUICK_UNLOCK_INVALID')
}

/** The quick unlock holding the secret, counted per address before it is looked up: a machine
 *  trying secrets slows down at a sign-in and a step-up alike. */
async function presented(ctx: ServerContext, request: { ip: string; log: AlertLog }, body: C.QuickUnlockSecret) {
  const attempt = await takeAttempt(ctx.db, quickUnlockLoginLimits(ctx.limits, request.ip), ctx.now(), request.log)
  const quickUnlock = await repo.findQuickUnlock(ctx.db, sha256(body.secret))
  return { quickUnlock, release: () => releaseAttempt(ctx.db, attempt) }
}

/** POST /api/login/quick-unlock: the session of the secret's member. */
export async function quickUnlockLogin(ctx: ServerContext, request: FastifyRequest, body: C.QuickUnlockSecret): Promise<C.LoginResponse> {
  requireTelegram(ctx)
  const now = ctx.now()
  const { quickUnlock, release } = await presented(ctx, request, body)
  if (!quickUnlock) throw fail(401, 'QUICK_UNLOCK_INVALID')
  await refuseAged(ctx, quickUnlock)
  const member = await findMemberById(ctx.db, quickUnlock.memberId)
  if (!member?.isActive) throw fail(403, 'INACTIVE_USER')
  await release()
  let token: string
  try {
    // Biometry verified the player: the session may withdraw (a bank change still needs the
    // password, issue 47), and remembers its quick unlock so turning it off ends the session.
    token = await createSession(ctx, member.id, now, { identityId: null, passwordAt: null, unlockedAt: now, quickUnlockId: quickUnlock.id })
  } catch (error) {
    // Removed meanwhile (on any instance): its session row may not name it.
    if (isForeignKeyViolation(error)) throw fail(401, 'QUICK_UNLOCK_INVALID')
    throw error
  }
  await repo.quickUnlockUsed(ctx.db, quickUnlock.id, now)
  request.log.info({ memberId: member.id }, 'quick unlock sign-in')
  return { token }
}

const answer = async (ctx: ServerContext, memberId: number): Promise<C.QuickUnlocksResponse> =>
  ({ quickUnlocks: await repo.listQuickUnlocks(ctx.db, memberId) })

/** GET /api/account/quick-unlock: the member's quick unlocks. */
export async function memberQuickUnlocks(ctx: ServerContext, memberId: number): Promise<C.QuickUnlocksResponse> {
  requireTelegram(ctx)
  return answer(ctx, memberId)
}

/** POST /api/account/quick-unlock: quick unlock on for one device, its secret answered once. */
export async function quickUnlockAdd(ctx: ServerContext, request: FastifyRequest): Promise<C.QuickUnlockCreated> {
  requireTelegram(ctx)
  const { member } = request
  // Only with the password given recently in this session: a stolen session must not make
  // itself a way back in.
  await requireRecentPassword(ctx, request)
  const secret = randomToken(32)
  const { id, ended } = await repo.addQuickUnlock(ctx.db, member.id, sha256(secret), sha256(request.sessionToken), ctx.now())
  // The oldest beyond the cap went: the devices it signed in are signed out.
  await endSessions(ctx, ended)
  request.log.info({ memberId: member.id, sessionsEnded: ended.length }, 'quick unlock added')
  return { id, secret }
}

/** DELETE /api/account/quick-unlock/:id and DELETE /api/account/quick-unlock, through removeWay (removal.ts). */
export const quickUnlockRemoval: Removal<C.QuickUnlocksResponse> = {
  what: 'quick unlock',
  refuseWhenOff: (ctx) => requireTelegram(ctx),
  removeRows: (ctx, memberId, keepHash, id) => repo.removeQuickUnlocks(ctx.db, memberId, keepHash, id),
  answer,
}

/** POST /api/account/step-up/quick-unlock: step-up by quick unlock. */
export async function quickUnlockStepUp(ctx: ServerContext, request: FastifyRequest, body: C.QuickUnlockSecret): Promise<C.MessageBody> {
  requireTelegram(ctx)
  const { quickUnlock, release } = await presented(ctx, request, body)
  // Another member's secret (or a removed one) proves nothing about this member.
  if (quickUnlock?.memberId !== request.member.id) throw fail(401, 'QUICK_UNLOCK_INVALID')
  await refuseAged(ctx, quickUnlock)
  await release()
  const now = ctx.now()
  await repo.markUnlocked(ctx.db, sha256(request.sessionToken), now)
  await repo.quickUnlockUsed(ctx.db, quickUnlock.id, now)
  return { message: 'OK' }
}
