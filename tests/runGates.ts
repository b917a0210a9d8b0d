// What makes a Vitest run fail that would otherwise pass unseen (issue 48 §3), shared by
// vite.config.ts and the test that shows each gate failing a run (tests/unit/skipGates.test.ts): a
// `.only` left in a file, and (tests/noSkips.ts, the reporter) a skipped test.
export const VITEST_GATES = { allowOnly: false } as const
export const NO_SKIPS_REPORTER = './tests/noSkips.ts'
