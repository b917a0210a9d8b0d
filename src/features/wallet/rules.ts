// The wallet's money rules (spec 5, 9): transfer, withdraw and the bank account name edit.
import type { AmountReading } from '../../lib/amount'
import { isEnglishName, needsEnglishName } from '../../lib/validation'
import { amountOf, type Problem } from '../../lib/walletRules'

// ---- Transfer (spec 5, 9) ----

export const TRANSFER_MINIMUM = 1

export interface TransferDraft {
  from: string | null | undefined
  to: string | null | undefined
  amount: AmountReading | number
}

const sameCode = (a: string, b: string): boolean => a.trim().toUpperCase() === b.trim().toUpperCase()

/** Both accounts chosen, different from each other, and at least 1 baht. */
export function transferRule({ from, to, amount }: TransferDraft): Problem | null {
  if (!from?.trim() || !to?.trim()) return { key: 'validation.transferSelectAccount' }
  if (sameCode(from, to)) return { key: 'validation.transferSameAccount' }
  const value = amountOf(amount)
  if (typeof value !== 'number') return value
  return value < TRANSFER_MINIMUM ? { key: 'validation.transferMin', values: { min: TRANSFER_MINIMUM } } : null
}

// ---- Withdraw (spec 5) ----

export interface WithdrawLimits {
  withdrawMin: number
  withdrawMax: number
}

export function withdrawRule(amount: AmountReading | number, { withdrawMin, withdrawMax }: WithdrawLimits): Problem | null {
  const value = amountOf(amount)
  if (typeof value !== 'number') return value
  if (value < withdrawMin) return { key: 'validation.withdrawMin', values: { min: withdrawMin } }
  if (value > withdrawMax) return { key: 'validation.withdrawMax', values: { max: withdrawMax } }
  return null
}

// ---- Bank account name edit (spec 2 Withdraw, 5) ----

/** Offered for KTB, TMB and BBL when the registered account name is not in English. */
export const offerAccountNameEdit = (bankCode: string, registeredName: string): boolean =>
  needsEnglishName(bankCode.trim().toUpperCase()) && !isEnglishName(registeredName.trim())

/** The name field upper-cases what is typed. */
export const accountNameInput = (value: string): string => value.toUpperCase()

/** Required, then English letters and spaces only. */
export function accountNameEditRule(name: string): Problem | null {
  const value = name.trim()
  if (value === '') return { key: 'validation.required' }
  return isEnglishName(value) ? null : { key: 'validation.requiredEngLang' }
}
