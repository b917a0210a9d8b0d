// What every money rule of spec 5 and 9 shares (the rules sit beside their feature: wallet/rules.ts,
// deposit/rules.ts; the game card's in lib/games.ts). Like lib/validation.ts, a rule answers null when the value is
// fine, else a message key (with the limit the message names), so the screens and the tests share
// them. A typed amount comes to a rule already read (lib/amount.ts's readAmount, in the player's language).
import type { Language } from '../../contract/lib/language'
import { AMOUNT_EXAMPLE, type AmountReading, type AmountRefusal } from './amount'
import type { Currency } from '../../contract'
import { formatAmount, formatMoney, MAX_AMOUNT } from '../../contract/lib/money'

export type WalletMessageKey =
  | 'validation.required'
  | 'validation.transferSelectAccount'
  | 'validation.transferSelectTo'
  | 'validation.transferSameAccount'
  | 'validation.transferMin'
  | 'validation.withdrawMin'
  | 'validation.withdrawMax'
  | 'validation.withdrawOverBalance'
  | 'validation.withdrawBalanceBelowMin'
  | 'validation.requiredEngLang'
  | 'wallet.amountInvalid'
  | 'wallet.amountAmbiguous'
  | 'wallet.amountDecimals'
  | 'wallet.qrMin'
  | 'wallet.giftLinkInvalid'

/** A broken rule: its message key and the limits the message names. */
export interface Problem {
  key: WalletMessageKey
  values?: { min?: number; max?: number }
}

/** The limits a message names, already written as money, and an amount written the way the
 *  player's language writes it (a type, not an interface: i18next's options want the implicit
 *  index signature). */
export type ProblemValues = { min?: string; max?: string; example: string }

/** i18next's `t` fits: `problemText(problem, (key, values) => t(key, values), language, currency)`. */
export type Translate = (key: WalletMessageKey, values: ProblemValues) => string

/** The message of a problem, its limits written as money in the currency they are in (the
 *  member's for transfers and withdrawals, baht for a QR or a gift link), in the player's language. */
export function problemText(problem: Problem, t: Translate, language: Language, currency: Currency = 'THB'): string {
  const { min, max } = problem.values ?? {}
  const values: ProblemValues = { example: formatAmount(AMOUNT_EXAMPLE, language) }
  if (min !== undefined) values.min = formatMoney(min, language, currency)
  if (max !== undefined) values.max = formatMoney(max, language, currency)
  return t(problem.key, values)
}

/** What the field says when a typed amount cannot be read. */
const refusalKey: Record<AmountRefusal, WalletMessageKey> = {
  empty: 'validation.required',
  invalid: 'wallet.amountInvalid',
  ambiguous: 'wallet.amountAmbiguous',
  decimals: 'wallet.amountDecimals',
}

/** An amount as typed (already read) or picked (a quick amount): the number, or a problem. */
export function amountOf(amount: AmountReading | number): number | Problem {
  if (typeof amount === 'number') {
    const cents = amount * 100
    const twoDecimals = Math.abs(cents - Math.round(cents)) < 1e-6
    return amount >= 0 && amount <= MAX_AMOUNT && twoDecimals ? amount : { key: 'wallet.amountInvalid' }
  }
  return amount.ok ? amount.amount : { key: refusalKey[amount.refusal] }
}

/** The main wallet's side of a transfer; any other value is a game code. */
export const WALLET = 'WALLET'

/** The slot card's transfer buttons are off while the main wallet holds nothing (the game card and the transfer modal). */
export const slotTransferDisabled = (walletAmount: number): boolean => !(walletAmount > 0)
