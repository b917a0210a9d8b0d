// @vitest-environment node
// Where tests live (issue 15): Vitest runs tests/**, Playwright runs e2e/**. A test written beside
// its code would never run, and its absence would pass unseen: this fails instead.
import { readdirSync, readFileSync } from 'node:fs'
import { join, matchesGlob } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TEST_PROJECTS } from '../../vite.config'

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/

const matches = (file: string, globs: string[]) => globs.some((glob) => matchesGlob(file, glob))

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

  it('runs every test file under tests/, in exactly one project', () => {
    const files = filesUnder('tests').filter((file) => TEST_FILE.test(file))
    expect(files.filter((file) => !/\.test\.tsx?$/.test(file))).toEqual([])
    const projectsOf = (file: string) => TEST_PROJECTS.filter(({ test }) => matches(file, test.include) && !matches(file, test.exclude ?? [])).map(({ test }) => test.name)
    expect(files.filter((file) => projectsOf(file).length !== 1).map((file) => `${file}: ${projectsOf(file).join(', ') || 'none'}`)).toEqual([])
    expect(projectsOf(join('tests', 'server', 'wallet.test.ts'))).toEqual(['server'])
    expect(projectsOf(join('tests', 'server', 'depositLocks.isolated.test.ts'))).toEqual(['server-isolated'])
    expect(projectsOf(join('tests', 'misc', 'stray.test.ts'))).toEqual([])
  })

  it('mocks modules only in files with a module graph of their own', () => {
    const shared = filesUnder(join('tests', 'server')).filter((file) => /\.test\.ts$/.test(file) && !file.endsWith('.isolated.test.ts'))
    expect(shared.filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')))).toEqual([])
  })

  it('finds a misplaced test (the check can fail)', () => {
    expect(TEST_FILE.test(join('src', 'lib', 'amount.test.ts'))).toBe(true)
    expect(TEST_FILE.test(join('src', 'features', 'wallet', 'Home.spec.tsx'))).toBe(true)
    expect(TEST_FILE.test(join('src', 'lib', 'amount.ts'))).toBe(false)
  })
})
