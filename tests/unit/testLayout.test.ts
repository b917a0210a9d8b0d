// @vitest-environment node
// Where tests live (issue 15): Vitest runs tests/**, Playwright runs e2e/**. A test written beside
// its code would never run, and its absence would pass unseen: this fails instead.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import viteConfig from '../../vite.config'

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('test layout', () => {
  it('has no test file outside tests/ and e2e/, where no runner would find it', () => {
    const misplaced = ['src', 'server', 'scripts', 'public'].flatMap(filesUnder).filter((file) => TEST_FILE.test(file))
    expect(misplaced).toEqual([])
  })

  it('runs every test file under tests/', () => {
    expect(viteConfig.test?.include).toEqual(['tests/**/*.test.{ts,tsx}'])
    const elsewhere = filesUnder('tests').filter((file) => TEST_FILE.test(file) && !/\.test\.tsx?$/.test(file))
    expect(elsewhere).toEqual([])
  })

  it('finds a misplaced test (the check can fail)', () => {
    expect(TEST_FILE.test(join('src', 'lib', 'amount.test.ts'))).toBe(true)
    expect(TEST_FILE.test(join('src', 'features', 'wallet', 'Home.spec.tsx'))).toBe(true)
    expect(TEST_FILE.test(join('src', 'lib', 'amount.ts'))).toBe(false)
  })
})
