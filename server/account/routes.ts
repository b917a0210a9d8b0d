import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import { accountEndpoints as A } from '../../contract/account'
import type { AreaRoutes } from '../shared/http/area'
import { accountOpsRoutes } from './opsRoutes'
import { routeOf } from '../shared/http/endpoint'
import type { ProfileResponse } from '../../contract'
import { endOtherSessions, endSessions } from '../auth/sessions'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import { inTransaction, isUniqueViolation } from '../shared/db'
import { type Member, profileOf, updatePasswordHash } from '../shared/members'
import { accountLimits, passwordChangeLimit, releaseAttempt, takeAttempt } from '../shared/limits'
import { useVerification } from '../otp/repo'
import { findBank } from '../lookup/repo'
import * as repo from './repo'
import { checkRegistration, checkRegistrationStep } from './registration'
import * as rules from './rules'
import { isPasswordLongEnough } from '../../contract/lib/validation'
import { requireRecentPassword } from '../identity/stepUp'
import { deleteMemberPasskeys, deleteMemberQuickUnlocks, markPasswordGiven, unlinkAllIdentities } from '../identity/repo'
import { sha256 } from '../shared/tokens'

/** The member's profile, the bank named as the lookup names it (spec 7). */
export const profileResponse = async (ctx: ServerContext, member: Member): Promise<ProfileResponse> =>
  profileOf(member, await findBank(ctx.db, member.bankCode))

/**
 * Creates the member, using up its OTP verification in the same transaction (consumed first: a
 * second registration with the token waits for the first's commit and finds it used), and turns a
 * unique-constraint race (two registrations at once) into the spec's codes. Any refusal rolls the
 * whole of it back, so a registration refused for its bank account leaves the token usable.
 */
async function insertOrConflict(ctx: ServerContext, member: repo.NewMember, verificationId: number | null): Promise<void> {
  try {
    await inTransaction(ctx.db, async (trx) => {
      if (verificationId !== null && !(await useVerification(trx, verificationId, member.username, ctx.now()))) {
        throw fail(400, 'UNVERIFIED_OTP')
      }
      await repo.insertMember(trx, member)
    })
  } catch (error) {
    if (isUniqueViolation(error, repo.UNIQUE.username)) throw fail(409, 'EXISTING_USER')
    if (isUniqueViolation(error, repo.UNIQUE.bankAccount)) throw fail(409, 'EXISTING_BANK')
    throw error
  }
}

const ok = { 200: C.MessageBody }

/** POST /api/account/validate and /api/account registration. Both are
 *  counted per address and for everyone before anything is looked up (limits.ts, accountLimits). */
const registrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(A.validate, { body: C.ValidateAccountRequest, response: ok }),
    handler: async (request) => {
      await takeAttempt(ctx.db, accountLimits(ctx.limits, request.ip), ctx.now(), request.log)
      await checkRegistrationStep(ctx, request.body)
      return { message: 'OK' }
    },
  })

  app.route({
    ...routeOf(A.register, { body: C.RegisterRequest, response: { 201: C.MessageBody } }),
    handler: async (request, reply) => {
      await takeAttempt(ctx.db, accountLimits(ctx.limits, request.ip), ctx.now(), request.log)
      const { password, verificationId, ...member } = await checkRegistration(ctx, request.body)
      const passwordHash = await ctx.passwords.hash(password)
      await insertOrConflict(ctx, { ...member, passwordHash, createdAt: ctx.now() }, verificationId)
      reply.code(201)
      return { message: 'SUCCESS' }
    },
  })
}

/** The member's own account. */
const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  const bankChange = (address: string) => ({ address, at: ctx.now(), holdMs: ctx.payoutHoldMs })
  app.route({
    ...routeOf(A.profile, { response: { 200: C.ProfileResponse } }),
    handler: async (request) => profileResponse(ctx, request.member),
  })

  app.route({
    ...routeOf(A.updateProfile, { body: C.UpdateProfileRequest, response: ok }),
    handler: async (request) => {
      const { member, body } = request
      const update = {
        name: rules.normalizeName(body.name),
        bankCode: body.bankCode.trim().toUpperCase(),
        bankAccountName: rules.normalizeName(body.bankAccountName),
        bankAccountNo: body.bankAccountNo.trim(),
      }
      if (repo.bankChanged(member, update)) await requireRecentPassword(ctx, request)
      await rules.checkBankFields(ctx, update, member.id)
      await repo.updateMemberProfile(ctx.db, member, update, bankChange(request.ip))
      return { message: 'SUCCESS' }
    },
  })

  app.route({
    ...routeOf(A.bankAccountName, { body: C.BankAccountNameRequest, response: ok }),
    handler: async (request) => {
      const { member, body } = request
      const bankCode = body.bankCode.trim().toUpperCase()
      const bankAccountName = rules.normalizeName(body.bankAccountName)
      // Only the name of the registered account can be corrected here, never the bank.
      if (bankCode !== member.bankCode) throw fail(400, 'INVALID_BANK')
      if (!rules.isEnglishName(bankAccountName)) throw fail(400, 'BANK_ACCOUNT_NAME_ENG')
      if (bankAccountName !== member.bankAccountName) await requireRecentPassword(ctx, request)
      await repo.updateBankAccountName(ctx.db, member, bankAccountName, bankChange(request.ip))
      return { message: 'SUCCESS' }
    },
  })

  app.route({
    ...routeOf(A.changePassword, { body: C.ChangePasswordRequest, response: ok }),
    handler: async (request) => {
      const { member, sessionToken, body } = request
      if (body.newPassword === body.oldPassword) throw fail(400, 'PASSWORD_UNCHANGED')
      if (!isPasswordLongEnough(body.newPassword)) throw fail(400, 'PASSWORD_TOO_SHORT')
      // Counted before the check, like a login: a stolen session cannot guess the password freely.
      const attempt = await takeAttempt(ctx.db, [passwordChangeLimit(ctx.limits, member.id)], ctx.now())
      if (!(await ctx.passwords.verify(body.oldPassword, member.passwordHash))) throw fail(400, 'WRONG_PASSWORD')
      await releaseAttempt(ctx.db, attempt)
      await updatePasswordHash(ctx.db, member.id, await ctx.passwords.hash(body.newPassword))
      // The password was just given in this session: it counts as step-up (issue 31).
      await markPasswordGiven(ctx.db, sha256(sessionToken), ctx.now())
      // Quick unlock goes with the old password (issue 31): a passkey or a Telegram quick unlock
      // made before the change must not open the wallet after it.
      await deleteMemberPasskeys(ctx.db, member.id)
      await deleteMemberQuickUnlocks(ctx.db, member.id)
      // So do the messenger links (issue 47): an account linked by whoever held the session must
      // not sign in after the owner took the password back. This session stays, proven now.
      await endSessions(ctx, await unlinkAllIdentities(ctx.db, member.id, sha256(sessionToken), request.ip, ctx.now()))
      // Other devices signed in with the old password are signed out, their chat sockets cut.
      await endOtherSessions(ctx, member.id, sessionToken)
      return { message: 'SUCCESS' }
    },
  })
}

export const accountArea: AreaRoutes = { open: registrationRoutes, member: memberRoutes, ops: accountOpsRoutes }
