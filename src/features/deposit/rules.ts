// The deposit's money rules (spec 1, 5, 9): the QR amount and the TrueMoney gift link.
import { GIFT_VOUCHER } from '../../../contract/giftVoucher'
import type { AmountReading } from '../../lib/amount'
import { amountOf, type Problem } from '../../lib/walletRules'

/** How often an open QR is asked for its state while it is shown (issue 14). */
export const QR_POLL_MS = 3_000

// ---- QR deposit (spec 5, 9) ----

export const QR_PROVIDERS = ['KBANK', 'WW', 'E2P'] as const
export type QrProvider = (typeof QR_PROVIDERS)[number]

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
const GIFT_LINK = new RegExp(`(?<!\\S)https://gift\\.truemoney\\.com/campaign/?\\?v=(${GIFT_VOUCHER})(?=$|[\\s&#])`, 'i')

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
