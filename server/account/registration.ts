import type { Currency } from '../../src/api/types'
import { type ServerContext, variantOf } from '../context'
import { type Body, bodyOf, optionalString, requiredString } from '../http/body'
import { fail } from '../http/errors'
import { sourceExists } from '../lookup/store'
import { isPhoneVerified } from '../otp/store'
import { checkPhone } from '../phone'
import { getSetting } from '../settings'
import { findMemberById, findMemberByUsername, memberIdFromInviteCode } from './members'
import * as rules from './rules'

/** A checked registration, names normalized. */
export interface Registration {
  name: string
  username: string
  password: string
  sourceCode: string | null
  invitedBy: number | null
  bankCode: string
  bankAccountName: string
  bankAccountNo: string
  currency: Currency
}

interface Fields {
  name: string
  username: string
  password: string
  sourceCode: string
  inviteCode: string
  bankCode: string
  bankAccountName: string
  bankAccountNo: string
  currency: string
}

/** Presence and types first (KEY_MISSING, KEY_INVALID); bank fields are required only to register. */
function readFields(body: Body, bankRequired: boolean): Fields {
  const bankField = bankRequired ? requiredString : optionalString
  return {
    name: rules.normalizeName(requiredString(body, 'name')),
    username: requiredString(body, 'username'),
    password: requiredString(body, 'password', true),
    sourceCode: optionalString(body, 'sourceCode').toUpperCase(),
    inviteCode: optionalString(body, 'inviteCode'),
    bankCode: bankField(body, 'bankCode').toUpperCase(),
    bankAccountName: rules.normalizeName(bankField(body, 'bankAccountName')),
    bankAccountNo: bankField(body, 'bankAccountNo'),
    currency: optionalString(body, 'currency').toUpperCase(),
  }
}

/** Steps 1 to 3 of the wizard: the phone, its OTP, the source and the inviter. */
function checkIdentity(ctx: ServerContext, fields: Fields): number | null {
  checkPhone(variantOf(ctx), fields.username)
  if (findMemberByUsername(ctx.db, fields.username)) throw fail(409, 'EXISTING_USER')
  if (getSetting(ctx.db, 'registerOTP') && !isPhoneVerified(ctx.db, fields.username, ctx.now())) {
    throw fail(400, 'UNVERIFIED_OTP')
  }
  if (fields.sourceCode && !sourceExists(ctx.db, fields.sourceCode)) throw fail(400, 'KEY_INVALID')
  if (!fields.inviteCode) return null
  const inviterId = memberIdFromInviteCode(fields.inviteCode)
  if (inviterId === undefined || !findMemberById(ctx.db, inviterId)) {
    throw fail(400, 'INVALID_USER_INFO')
  }
  return inviterId
}

/** POST /api/account/validate: identity rules; bank fields and currency only when present. */
export function checkRegistrationStep(ctx: ServerContext, raw: unknown): void {
  const fields = readFields(bodyOf(raw), false)
  checkIdentity(ctx, fields)
  const { bankCode, bankAccountName, bankAccountNo } = fields
  if (bankCode) rules.checkBankCode(ctx, bankCode)
  if (bankAccountNo) rules.checkAccountNo(bankAccountNo)
  if (bankCode && bankAccountName) rules.checkEnglishName(bankCode, bankAccountName)
  if (bankCode && bankAccountNo) rules.checkBankAccountFree(ctx, bankCode, bankAccountNo)
  rules.checkCurrency(variantOf(ctx), fields.currency, false)
}

/** POST /api/account: every rule, all bank fields required. */
export function checkRegistration(ctx: ServerContext, raw: unknown): Registration {
  const fields = readFields(bodyOf(raw), true)
  const invitedBy = checkIdentity(ctx, fields)
  rules.checkBankFields(ctx, fields)
  return {
    name: fields.name,
    username: fields.username,
    password: fields.password,
    sourceCode: fields.sourceCode || null,
    invitedBy,
    bankCode: fields.bankCode,
    bankAccountName: fields.bankAccountName,
    bankAccountNo: fields.bankAccountNo,
    currency: rules.checkCurrency(variantOf(ctx), fields.currency, true)!,
  }
}
