// The wallet's money rules (spec 5, 9): transfer, withdraw and the bank account name edit.
import type { AmountReading } from '../../lib/amount'
import { isEnglishName, needsEnglishName } from '../../../contract/lib/validation'
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
  return transferAccountsRule({ from, to }) ?? transferAmountRule(amount)
}

/** Both accounts chosen (the screen starts from the main wallet, so it mostly waits for the target
 *  alone, and says so), different from each other. */
export function transferAccountsRule({ from, to }: Omit<TransferDraft, 'amount'>): Problem | null {
  if (!from?.trim()) return { key: 'validation.transferSelectAccount' }
  if (!to?.trim()) return { key: 'validation.transferSelectTo' }
  return sameCode(from, to) ? { key: 'validation.transferSameAccount' } : null
}

/** A readable amount of at least 1 baht. */
export function transferAmountRule(amount: AmountReading | number): Problem | null {
  const value = amountOf(amount)
  if (typeof value !== 'number') return value
  return value < TRANSFER_MINIMUM ? { key: 'validation.transferMin', values: { min: TRANSFER_MINIMUM } } : null
}

// ---- Withdraw (spec 5) ----

export interface WithdrawLimits {
  withdrawMin: number
  withdrawMax: number
}

/**
 * Within the server's limits and, once the balance is known, within the wallet: more than it holds
 * is refused here, naming what it holds, before the confirm step and before any request.
 */
export function withdrawRule(amount: AmountReading | number, { withdrawMin, withdrawMax }: WithdrawLimits, balance?: number): Problem | null {
  const value = amountOf(amount)
  if (typeof value !== 'number') return value
  if (value < withdrawMin) return { key: 'validation.withdrawMin', values: { min: withdrawMin } }
  if (balance !== undefined && value > balance && balance < withdrawMin) return { key: 'validation.withdrawBalanceBelowMin', values: { min: withdrawMin, max: Math.max(0, balance) } }
  if (balance !== undefined && value > balance && balance < withdrawMax) return { key: 'validation.withdrawOverBalance', values: { max: Math.max(0, balance) } }
  if (value > withdrawMax) return { key: 'validation.withdrawMax', values: { max: withdrawMax } }
  return null
}

/** The most a withdrawal can take: the server's maximum, or the balance when that is smaller. */
export const withdrawCeiling = ({ withdrawMax }: WithdrawLimits, balance?: number): number =>
  balance === undefined ? withdrawMax : Math.max(0, Math.min(withdrawMax, balance))

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
