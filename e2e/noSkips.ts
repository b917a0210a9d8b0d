// A reporter that fails the run when any test was skipped (issue 15): tests live in the folder of
// the host they check (e2e/{all,browser,line,telegram}, e2e/budgets beside them), so nothing is skipped by design, and a
// skip added by mistake, or a test that never ran, cannot pass unseen.
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

export default class NoSkips implements Reporter {
  private readonly skipped: string[] = []

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') this.skipped.push(`[${test.parent.project()?.name ?? '?'}] ${test.titlePath().slice(2).join(' › ')}`)
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    if (this.skipped.length === 0) return undefined
    console.error(`\n${this.skipped.length} test(s) skipped: a test runs where it belongs or not at all\n${this.skipped.map((title) => `  ${title}`).join('\n')}`)
    return { status: result.status === 'passed' ? 'failed' : result.status }
  }
}
