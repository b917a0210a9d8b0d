import { currencyOf, isoCurrency } from '../../contract/lib/money'

/** Money is integer minor units (satang, or 1/100 of the currency) on the server, major units on the wire. */
export function toMajor(minor: number): number {
  return Math.round(minor) / 100
}

/** Major units from the wire to minor units; undefined when not a finite amount with at most 2 decimals. */
export function toMinor(major: number): number | undefined {
  if (!Number.isFinite(major)) return undefined
  const minor = Math.round(major * 100)
  return Math.abs(minor - major * 100) < 1e-6 ? minor : undefined
}

/**
 * The two moneys the product holds: baht (a member's THB, or the Lao variant's BAHT) and kip.
 * Every amount rule is kept per money (issue 27): an amount of one is never paid as the other.
 */
export type Money = 'THB' | 'LAK'

/** The money of a currency as members and accounts write it. */
export const moneyOf = (currency: string): Money => isoCurrency(currencyOf(currency))
