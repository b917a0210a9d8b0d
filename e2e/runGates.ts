// What makes a Playwright run fail that would otherwise pass unseen (issue 48 §3), shared by
// playwright.config.ts and the test that shows each gate failing a run (tests/unit/skipGates.test.ts):
// a `test.only` left in a file (it would run one test and skip the rest silently), a test that
// passes only on a retry, and (e2e/noSkips.ts, the reporter) a skipped test.
export const RUN_GATES = { forbidOnly: true, retries: 0, failOnFlakyTests: true } as const
