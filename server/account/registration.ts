import type { Currency, RegisterRequest, ValidateAccountRequest } from '../../contract'
import { type ServerContext, variantOf } from '../shared/context'
import { fail } from '../shared/http/errors'
import { sourceExists } from '../lookup/repo'
import { findUsableVerification } from '../otp/repo'
import { checkPhone } from '../shared/phone'
import { getSetting } from '../shared/settings'
import { isPasswordLongEnough } from '../../contract/lib/validation'
import { findMemberById, findMemberByUsername, memberIdFromInviteCode } from '../shared/members'
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
  /** The OTP verification the registration uses up (null while OTP registration is off). */
  verificationId: number | null
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
  otpToken: string
}

/** The body's strings trimmed (optional ones '' when absent; the schema checked presence and types). */
function readFields(body: ValidateAccountRequest): Fields {
  const value = (field: string | null | undefined) => (field ?? '').trim()
  return {
    name: rules.normalizeName(body.name),
    username: value(body.username),
    password: body.password,
    sourceCode: value(body.sourceCode).toUpperCase(),
    inviteCode: value(body.inviteCode),
    bankCode: value(body.bankCode).toUpperCase(),
    bankAccountName: rules.normalizeName(value(body.bankAccountName)),
    bankAccountNo: value(body.bankAccountNo),
    currency: value(body.currency).toUpperCase(),
    otpToken: value(body.otpToken),
  }
}

interface Identity {
  invitedBy: number | null
  verificationId: number | null
}

/**
 * Steps 1 to 3 of the wizard: the phone, its OTP, the password's length, the source and the inviter. While OTP
 * registration is on, the verified token of this very phone comes first: knowing a number that
 * someone verified is not enough to register it, and the lookups below (is the phone registered,
 * whose is this invite code) answer only a player holding one.
 */
async function checkIdentity(ctx: ServerContext, fields: Fields): Promise<Identity> {
  checkPhone(variantOf(ctx), fields.username)
  // Step 3's password is checked with the rest of it: the wizard stays on the step that can fix it.
  if (!isPasswordLongEnough(fields.password)) throw fail(400, 'PASSWORD_TOO_SHORT')
  let verificationId: number | null = null
  if (await getSetting(ctx.db, 'registerOTP')) {
    const verification = await findUsableVerification(ctx.db, fields.otpToken, fields.username, ctx.now())
    if (!verification) throw fail(400, 'UNVERIFIED_OTP')
    verificationId = verification.id
  }
  if (await findMemberByUsername(ctx.db, fields.username)) throw fail(409, 'EXISTING_USER')
  if (fields.sourceCode && !(await sourceExists(ctx.db, fields.sourceCode))) throw fail(400, 'KEY_INVALID')
  if (!fields.inviteCode) return { invitedBy: null, verificationId }
  const inviterId = memberIdFromInviteCode(fields.inviteCode)
  if (inviterId === undefined || !(await findMemberById(ctx.db, inviterId))) {
    throw fail(400, 'INVALID_USER_INFO')
  }
  return { invitedBy: inviterId, verificationId }
}

/** POST /api/account/validate: identity rules; bank fields and currency only when present. */
export async function checkRegistrationStep(ctx: ServerContext, body: ValidateAccountRequest): Promise<void> {
  const fields = readFields(body)
  await checkIdentity(ctx, fields)
  const { bankCode, bankAccountName, bankAccountNo } = fields
  if (bankCode) await rules.checkBankCode(ctx, bankCode)
  if (bankAccountNo) rules.checkAccountNo(bankAccountNo)
  if (bankCode && bankAccountName) rules.checkEnglishName(bankCode, bankAccountName)
  if (bankCode && bankAccountNo) await rules.checkBankAccountFree(ctx, bankCode, bankAccountNo)
  rules.checkCurrency(variantOf(ctx), fields.currency, false)
}

/** POST /api/account: every rule, all bank fields required. */
export async function checkRegistration(ctx: ServerContext, body: RegisterRequest): Promise<Registration> {
  const fields = readFields(body)
  const { invitedBy, verificationId } = await checkIdentity(ctx, fields)
  await rules.checkBankFields(ctx, fields)
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
    verificationId,
  }
}
