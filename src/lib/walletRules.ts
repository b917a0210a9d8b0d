// The money rules of spec 5 and 9: transfer, withdraw, QR amount, gift link and the bank account
// name edit. Like lib/validation.ts, a rule answers null when the value is fine, else a message key
// (with the limit the message names), so the screens and the tests share them. A typed amount
// comes to a rule already read (lib/amount.ts's readAmount, in the player's language).
import type { Language } from '../i18n/language'
import { AMOUNT_EXAMPLE, type AmountReading, type AmountRefusal } from './amount'
import { formatAmount, MAX_AMOUNT } from './money'
import { isEnglishName, needsEnglishName } from './validation'

export type WalletMessageKey =
  | 'validation.required'
  | 'validation.transferSelectAccount'
  | 'validation.transferSameAccount'
  | 'validation.transferMin'
  | 'validation.withdrawMin'
  | 'validation.withdrawMax'
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

/** The limits a message names, already written as amounts, and an amount written the way the
 *  player's language writes it (a type, not an interface: i18next's options want the implicit
 *  index signature). */
export type ProblemValues = { min?: string; max?: string; unit?: string; example: string }

/** i18next's `t` fits: `problemText(problem, (key, values) => t(key, values), language)`. */
export type Translate = (key: WalletMessageKey, values: ProblemValues) => string

/** The message of a problem, its limits written as amounts in the player's language; `unit` is
 *  the word for the member's currency (baht or kip) where a message names it. */
export function problemText(problem: Problem, t: Translate, language: Language, unit?: string): string {
  const { min, max } = problem.values ?? {}
  const values: ProblemValues = { example: formatAmount(AMOUNT_EXAMPLE, language) }
  if (unit !== undefined) values.unit = unit
  if (min !== undefined) values.min = formatAmount(min, language)
  if (max !== undefined) values.max = formatAmount(max, language)
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
function amountOf(amount: AmountReading | number): number | Problem {
  if (typeof amount === 'number') {
    const cents = amount * 100
    const twoDecimals = Math.abs(cents - Math.round(cents)) < 1e-6
    return amount >= 0 && amount <= MAX_AMOUNT && twoDecimals ? amount : { key: 'wallet.amountInvalid' }
  }
  return amount.ok ? amount.amount : { key: refusalKey[amount.refusal] }
}

// ---- Transfer (spec 5, 9) ----

/** The main wallet's side of a transfer; any other value is a game code. */
export const WALLET = 'WALLET'
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

/** The slot card's transfer buttons are off while the main wallet holds nothing. */
export const slotTransferDisabled = (walletAmount: number): boolean => !(walletAmount > 0)

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

// ---- QR deposit (spec 5, 9) ----

export const QR_PROVIDERS = ['KBANK', 'WW', 'E2P'] as const
export type QrProvider = (typeof QR_PROVIDERS)[number]

export const isQrProvider = (value: string): value is QrProvider =>
  (QR_PROVIDERS as readonly string[]).includes(value)

/** Fixed minimums; the bank QR's (KBANK) comes from the server. */
export const QR_MINIMUM = { WW: 100, E2P: 50 } as const

/** Under this nothing is created at all, whatever the provider. */
export const QR_CREATE_FLOOR = 1

export const QR_QUICK_AMOUNTS: Record<QrProvider, readonly number[]> = {
  KBANK: [10, 20, 50, 100, 500, 1000],
  WW: [100, 200, 300, 500, 1000],
  E2P: [50, 100, 200, 500, 1000],
}

/** A provider's minimum; the bank QR takes the server's configurable one (at least 1). */
export const qrMinimum = (provider: QrProvider, bankMinimum?: number): number =>
  provider === 'KBANK' ? Math.max(QR_CREATE_FLOOR, bankMinimum ?? QR_CREATE_FLOOR) : QR_MINIMUM[provider]

/** The bank QR's create button is off at 0 or below, and while nothing is typed. It stays on for
 *  what cannot be read (`1.5` in Lao), so a tap can say why. */
export function qrCreateDisabled(provider: QrProvider, amount: AmountReading | number): boolean {
  if (provider !== 'KBANK') return false
  const value = amountOf(amount)
  if (typeof value === 'number') return value <= 0
  return value.key === 'validation.required'
}

/**
 * Before creating a QR: 'skip' when the amount is under 1 or empty (nothing is sent, no message),
 * a problem when it is malformed or below the provider's minimum, null when it may be created.
 */
export function qrAmountRule(provider: QrProvider, amount: AmountReading | number, bankMinimum?: number): Problem | 'skip' | null {
  const value = amountOf(amount)
  if (typeof value !== 'number') return value.key === 'validation.required' ? 'skip' : value
  if (value < QR_CREATE_FLOOR) return 'skip'
  const min = qrMinimum(provider, bankMinimum)
  return value < min ? { key: 'wallet.qrMin', values: { min } } : null
}

// ---- TrueMoney gift link (spec 1, 5, 9) ----

/** A gift link deposit gives at least this much; the gift's amount is known only to the server. */
export const GIFT_LINK_MINIMUM = 2

/** The link as a word of its own: after the start or a space, ending at a space, `&`, `#` or the end. */
const GIFT_LINK = /(?<!\S)https:\/\/gift\.truemoney\.com\/campaign\/?\?v=([A-Za-z0-9]{1,64})(?=$|[\s&#])/i

/**
 * The gift link in what was pasted or scanned (it may sit inside a shared message), written the
 * one way TrueMoney writes it: `https://gift.truemoney.com/campaign/?v=<code>`; null when none.
 */
export function parseGiftLink(text: string): string | null {
  const match = GIFT_LINK.exec(text)
  return match ? `https://gift.truemoney.com/campaign/?v=${match[1]}` : null
}

/** Send stays off while the field is empty. */
export const giftLinkSendDisabled = (text: string): boolean => text.trim() === ''

export function giftLinkRule(text: string): Problem | null {
  if (text.trim() === '') return { key: 'validation.required' }
  return parseGiftLink(text) ? null : { key: 'wallet.giftLinkInvalid' }
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
