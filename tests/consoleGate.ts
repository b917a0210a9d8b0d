// Screen tests fail on what React or the app writes to console.error: a missing key, an update
// outside act(), a state set on an unmounted screen, a prop React does not know (issue 48: these
// passed unseen). A test whose screen logs an error on purpose (an error boundary, which React
// reports) names it with `expectConsoleError`, and fails if it never comes.
import { format } from 'node:util'
import { afterEach, beforeEach } from 'vitest'

const logged: string[] = []
const expected: RegExp[] = []
const original = console.error

/** This test's screen logs an error matching `pattern` (once or more); others still fail it. */
export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern)
}

/** What the test logged that it did not expect, and what it expected that never came. */
export function consoleProblems(errors: readonly string[], patterns: readonly RegExp[]): string[] {
  const unexpected = errors.filter((error) => !patterns.some((pattern) => pattern.test(error)))
  const missing = patterns.filter((pattern) => !errors.some((error) => pattern.test(error)))
  return [
    ...unexpected.map((error) => `console.error: ${error.split('\n').slice(0, 6).join('\n')}`),
    ...missing.map((pattern) => `no console.error matched ${String(pattern)}, which the test expected`),
  ]
}

export function installConsoleGate(): void {
  beforeEach(() => {
    logged.length = 0
    expected.length = 0
    console.error = (...args: unknown[]) => {
      logged.push(format(...args))
    }
  })
  afterEach(() => {
    console.error = original
    const problems = consoleProblems(logged, expected)
    if (problems.length > 0) throw new Error(problems.join('\n\n'))
  })
}
