import type { Currency, Variant } from '../../contract'
import type { ServerContext } from '../shared/context'
import { variantOf } from '../shared/context'
import { fail } from '../shared/http/errors'
import { findBank } from '../lookup/repo'
import { bankAccountInUse } from './repo'

/** Spec 5: these banks need the account name in English letters and spaces only. */
export const ENGLISH_NAME_BANKS: readonly string[] = ['KTB', 'TMB', 'BBL']

/** Names are stored upper-cased with single spaces (spec 5: name fields are upper-cased). */
export const normalizeName = (name: string): string => name.trim().replace(/\s+/g, ' ').toUpperCase()

export const isEnglishName = (name: string): boolean => /^[A-Za-z]+( [A-Za-z]+)*$/.test(name)

export function checkEnglishName(bankCode: string, name: string): void {
  if (ENGLISH_NAME_BANKS.includes(bankCode) && !isEnglishName(name)) {
    throw fail(400, 'BANK_ACCOUNT_NAME_ENG')
  }
}

export async function checkBankCode(ctx: ServerContext, bankCode: string): Promise<void> {
  if (!(await findBank(ctx.db, bankCode, variantOf(ctx)))) throw fail(400, 'INVALID_BANK')
}

/** Digits only; Thai accounts have 10 to 15, Lao (BCEL) ones can be longer. */
export function checkAccountNo(accountNo: string): void {
  if (!/^\d{6,20}$/.test(accountNo)) throw fail(400, 'KEY_INVALID')
}

export interface BankFields {
  bankCode: string
  bankAccountName: string
  bankAccountNo: string
}

/** All bank rules for a complete set of bank fields (register, profile update). */
export async function checkBankFields(ctx: ServerContext, bank: BankFields, exceptMemberId = 0): Promise<void> {
  await checkBankCode(ctx, bank.bankCode)
  checkAccountNo(bank.bankAccountNo)
  checkEnglishName(bank.bankCode, bank.bankAccountName)
  await checkBankAccountFree(ctx, bank.bankCode, bank.bankAccountNo, exceptMemberId)
}

export async function checkBankAccountFree(
  ctx: ServerContext,
  bankCode: string,
  bankAccountNo: string,
  exceptMemberId = 0,
): Promise<void> {
  if (await bankAccountInUse(ctx.db, bankCode, bankAccountNo, exceptMemberId)) {
    throw fail(409, 'EXISTING_BANK')
  }
}

/**
 * Lao variant: LAK or BAHT (missing is KEY_MISSING when required). Otherwise THB, and a missing
 * currency means THB. Anything else is KEY_INVALID.
 */
export function checkCurrency(variant: Variant, currency: string, required: boolean): Currency | undefined {
  if (variant === 'la') {
    if (currency === '') {
      if (required) throw fail(400, 'KEY_MISSING')
      return undefined
    }
    if (currency === 'LAK' || currency === 'BAHT') return currency
    throw fail(400, 'KEY_INVALID')
  }
  if (currency === '' || currency === 'THB') return 'THB'
  throw fail(400, 'KEY_INVALID')
}
