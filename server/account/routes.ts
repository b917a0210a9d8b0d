import type { FastifyInstance } from 'fastify'
import type { MessageBody, ProfileResponse } from '../../src/api/types'
import { authenticate } from '../auth/guard'
import { hashPassword, verifyPassword } from '../auth/passwords'
import { deleteOtherSessions } from '../auth/sessions'
import type { ServerContext } from '../context'
import { bodyOf, requiredString } from '../http/body'
import { fail } from '../http/errors'
import { bankByCode } from '../lookup/store'
import * as members from './members'
import { checkRegistration, checkRegistrationStep } from './registration'
import * as rules from './rules'

export function toProfileResponse(ctx: ServerContext, member: members.Member): ProfileResponse {
  const bank = bankByCode(ctx.db, member.bankCode)
  return {
    profile: {
      _id: String(member.id),
      username: member.username,
      name: member.name,
      createdAt: new Date(member.createdAt).toISOString(),
      bankCode: member.bankCode,
      bankAccountName: member.bankAccountName,
      bankAccountNo: member.bankAccountNo,
    },
    bankAccount: {
      bankCode: member.bankCode,
      bankAccountName: member.bankAccountName,
      bankAccountNo: member.bankAccountNo,
      bank: { nameTH: bank?.nameTH ?? member.bankCode, nameEN: bank?.nameEN ?? member.bankCode },
    },
  }
}

/** Turns a unique-constraint race (two registrations at once) into the spec's codes. */
function insertOrConflict(ctx: ServerContext, member: members.NewMember): void {
  try {
    members.insertMember(ctx.db, member)
  } catch (error) {
    if (members.isUniqueViolation(error, 'members.username')) throw fail(409, 'EXISTING_USER')
    if (members.isUniqueViolation(error, 'members.bank_code')) throw fail(409, 'EXISTING_BANK')
    throw error
  }
}

export function registerAccountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/api/account/validate', async (request): Promise<MessageBody> => {
    checkRegistrationStep(ctx, request.body)
    return { message: 'OK' }
  })

  app.post('/api/account', async (request, reply): Promise<MessageBody> => {
    const registration = checkRegistration(ctx, request.body)
    const { password, ...member } = registration
    const passwordHash = await hashPassword(password)
    insertOrConflict(ctx, { ...member, passwordHash, createdAt: ctx.now() })
    reply.code(201)
    return { message: 'SUCCESS' }
  })

  app.get('/api/account/profile', async (request): Promise<ProfileResponse> => {
    return toProfileResponse(ctx, authenticate(ctx, request).member)
  })

  app.put('/api/account/profile', async (request): Promise<MessageBody> => {
    const { member } = authenticate(ctx, request)
    const body = bodyOf(request.body)
    const update = {
      name: rules.normalizeName(requiredString(body, 'name')),
      bankCode: requiredString(body, 'bankCode').toUpperCase(),
      bankAccountName: rules.normalizeName(requiredString(body, 'bankAccountName')),
      bankAccountNo: requiredString(body, 'bankAccountNo'),
    }
    rules.checkBankFields(ctx, update, member.id)
    members.updateMemberProfile(ctx.db, member.id, update)
    return { message: 'SUCCESS' }
  })

  app.put('/api/account/bankAccountName', async (request): Promise<MessageBody> => {
    const { member } = authenticate(ctx, request)
    const body = bodyOf(request.body)
    const bankCode = requiredString(body, 'bankCode').toUpperCase()
    const bankAccountName = rules.normalizeName(requiredString(body, 'bankAccountName'))
    // Only the name of the registered account can be corrected here, never the bank.
    if (bankCode !== member.bankCode) throw fail(400, 'INVALID_BANK')
    if (!rules.isEnglishName(bankAccountName)) throw fail(400, 'BANK_ACCOUNT_NAME_ENG')
    members.updateBankAccountName(ctx.db, member.id, bankAccountName)
    return { message: 'SUCCESS' }
  })

  app.put('/api/account/changepwd', async (request): Promise<MessageBody> => {
    const { member, token } = authenticate(ctx, request)
    const body = bodyOf(request.body)
    const oldPassword = requiredString(body, 'oldPassword', true)
    const newPassword = requiredString(body, 'newPassword', true)
    if (!(await verifyPassword(oldPassword, member.passwordHash))) throw fail(400, 'WRONG_PASSWORD')
    members.updatePasswordHash(ctx.db, member.id, await hashPassword(newPassword))
    // Other devices signed in with the old password are signed out.
    deleteOtherSessions(ctx.db, member.id, token)
    return { message: 'SUCCESS' }
  })
}
