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
