// @vitest-environment node
// The gates of both runners, each shown failing a run (issue 48 §3): a test left focused (`.only`)
// or skipped fails a Playwright run and a Vitest run with the settings the project's own configs
// take (e2e/runGates.ts, tests/runGates.ts) and the project's own skip reporters; the same files
// without them pass, so it is the gate that fails them.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = resolve('.')
// Inside the project (the fixtures' imports resolve to its own runners), where no run looks.
mkdirSync(join(root, '.data'), { recursive: true })
const scratch = mkdtempSync(join(root, '.data/skip-gates-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Runs a runner's CLI on one fixture file; resolves its exit code and what it printed. */
async function outcome(bin: string, args: string[], file: string): Promise<{ code: number; output: string }> {
  try {
    const env = { ...process.env, CI: '', FORCE_COLOR: '0', GATE_FILE: file }
    const { stdout, stderr } = await run(join(root, 'node_modules/.bin', bin), args, { cwd: scratch, env })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

/** A runner set up in the scratch folder with `config` (as `configFile`): runs one fixture file, which
 *  starts with `header`, and resolves how the run ended. */
function runner(bin: string, command: string, configFile: string, config: string, header: string) {
  writeFileSync(join(scratch, configFile), config)
  return (name: string, body: string) => {
    writeFileSync(join(scratch, name), `${header}\n${body}\n`)
    return outcome(bin, [command, '--config', join(scratch, configFile)], name)
  }
}

describe('Playwright', () => {
  const playwright = runner('playwright', 'test', 'playwright.config.ts', `
import { defineConfig } from '@playwright/test'
import { RUN_GATES } from '${root}/e2e/runGates'
export default defineConfig({ ...RUN_GATES, testDir: '.', testMatch: process.env.GATE_FILE, reporter: [['list'], ['${root}/e2e/noSkips.ts']] })
`, "import { test } from '@playwright/test'")

  it('fails a run with a test.only in it, and passes it without', async () => {
    const focused = await playwright('focused.spec.ts', "test.only('one', () => {})\ntest('two', () => {})")
    expect(focused.code).not.toBe(0)
    expect(focused.output).toMatch(/focused with '.only' is not allowed due to the 'forbidOnly' option/)
    expect((await playwright('plain.spec.ts', "test('one', () => {})\ntest('two', () => {})")).code).toBe(0)
  })

  it('fails a run with a skipped test in it', async () => {
    const skipped = await playwright('skipped.spec.ts', "test('one', () => {})\ntest.skip('two', () => {})")
    expect(skipped.code).not.toBe(0)
    expect(skipped.output).toMatch(/1 test\(s\) skipped/)
  })
})

describe('Vitest', () => {
  const vitest = runner('vitest', 'run', 'vitest.config.ts', `
import { defineConfig } from 'vitest/config'
import { VITEST_GATES } from '${root}/tests/runGates'
export default defineConfig({ test: { ...VITEST_GATES, include: [process.env.GATE_FILE], reporters: ['default', '${root}/tests/noSkips.ts'] } })
`, "import { it } from 'vitest'")

  it('fails a run with an it.only in it, and passes it without', async () => {
    const focused = await vitest('focused.test.ts', "it.only('one', () => {})\nit('two', () => {})")
    expect(focused.code).not.toBe(0)
    expect(focused.output).toMatch(/\.only/)
    expect((await vitest('plain.test.ts', "it('one', () => {})\nit('two', () => {})")).code).toBe(0)
  })

  it('fails a run with a skipped test in it', async () => {
    const skipped = await vitest('skipped.test.ts', "it('one', () => {})\nit.skip('two', () => {})")
    expect(skipped.code).not.toBe(0)
    expect(skipped.output).toMatch(/1 test\(s\) skipped/)
  })
})
