// A reporter that fails the run when a test was skipped, as Playwright's run does (e2e/noSkips.ts):
// a test runs where it belongs or not at all, so a skip added by mistake (`.skip`, `.only`
// elsewhere, `skipIf`) cannot pass unseen. A run narrowed on purpose (`-t`) skips the rest by design.
import type { Reporter, TestModule, Vitest } from 'vitest/node'

export default class NoSkips implements Reporter {
  private narrowed = false

  onInit(vitest: Vitest): void {
    this.narrowed = Boolean(vitest.config.testNamePattern)
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (this.narrowed) return
    const skipped = testModules.flatMap((module) =>
      [...module.children.allTests()].filter((test) => test.result().state === 'skipped').map((test) => `${module.moduleId.replace(`${process.cwd()}/`, '')} › ${test.fullName}`),
    )
    if (skipped.length === 0) return
    console.error(`\n${skipped.length} test(s) skipped: a test runs where it belongs or not at all\n${skipped.map((title) => `  ${title}`).join('\n')}`)
    process.exitCode = 1
  }
}
