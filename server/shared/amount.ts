import { fail } from './http/errors'
import { moneyOf } from './money'

/** Ceiling of one money call in minor units of baht (10,000,000.00): far above any real transfer,
 *  and every sum of a few of them stays a safe integer. BuildServerOptions.maxAmountMinor changes it. */
export const DEFAULT_MAX_AMOUNT_MINOR = 10_000_000_00

/** A kip is worth about 1/600 of a baht: kip amounts run that much larger, and their ceiling 1,000 times the baht one. */
const KIP_CEILING_FACTOR = 1_000

/** The ceiling of one money call in the money of `currency` (issue 27: a kip member may withdraw ₭30,000,000). */
export const ceilingFor = (bahtCeilingMinor: number, currency: string): number =>
  moneyOf(currency) === 'LAK' ? Math.min(bahtCeilingMinor * KIP_CEILING_FACTOR, Number.MAX_SAFE_INTEGER / 16) : bahtCeilingMinor

/** Spec 9: a transfer moves at least 1 baht (or 1 of the member's currency). */
export const MIN_TRANSFER_MINOR = 100

/**
 * An amount from the wire (a JSON number, or a decimal string from a form) to minor units,
 * strictly: a plain decimal with at most 2 decimals (no exponent, sign or spaces), safe after
 * conversion, not above `maxMinor`. 0 or below is `belowMinimum` (TRANSFER_MINIMUM for transfers);
 * anything else malformed is KEY_INVALID.
 */
export function parseAmount(value: number | string, maxMinor: number): number {
  // A number is read through its shortest decimal form, so 0.1 + 0.2 (0.30000000000000004) is refused.
  const text = typeof value === 'number' ? String(value) : value
  if (typeof value === 'number' && !Number.isFinite(value)) throw fail(400, 'KEY_INVALID')
  if (/^-\d+(\.\d{1,2})?$/.test(text)) throw fail(400, 'TRANSFER_MINIMUM')
  const match = /^(\d{1,16})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) throw fail(400, 'KEY_INVALID')
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  if (!Number.isSafeInteger(minor) || minor > maxMinor) throw fail(400, 'KEY_INVALID')
  if (minor <= 0) throw fail(400, 'TRANSFER_MINIMUM')
  return minor
}
