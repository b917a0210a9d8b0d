// @vitest-environment node
// The project's own design, map and README's layout read from a clone alone (issue 53 §5): every
// file or folder they name is there, and nothing in the code points at a document outside the
// repository.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../sourceFiles'

const DOCS = ['docs/design.md', 'docs/map.md']
/** Where a name in the docs may be rooted: the repository, or (map.md's columns) an app or server folder. */
const BASES = ['', 'src/', 'src/api/', 'server/']
/** A backticked path of two parts or more (`server/app.ts`, `features/deposit/`); a bare file
 *  name (`api.ts`) is named in the context of the row or sentence around it, not checked. */
const PATH = /`([A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.<>-]+)+\/?)`/g
/** Backticked names with a slash that are not paths: lint rules. */
const NOT_PATHS = /^(import-x|react-hooks|@typescript-eslint)\//

/** The paths a document names (a `<area>` placeholder is not a path). */
function namedPaths(text: string): string[] {
  return [...new Set([...text.matchAll(PATH)].map((match) => match[1]).filter((path) => !path.includes('<') && !NOT_PATHS.test(path)))]
}

const exists = (path: string) => BASES.some((base) => existsSync(join(base, path.replace(/\/$/, ''))))

/** README's "Project layout" block, whose paths are plain text, not backticked. */
function readmeLayout(readme: string): string {
  const start = readme.indexOf('```', readme.indexOf('## Project layout'))
  return readme.slice(start + 3, readme.indexOf('```', start + 3))
}
/** The paths of two parts or more in plain text (not a URL's path, `/ops/api/`). */
const PLAIN_PATH = /(?<![\w/.<-])([A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.<>-]+)+\/?)/g
const plainPaths = (text: string) => [...new Set([...text.matchAll(PLAIN_PATH)].map((match) => match[1]).filter((path) => !path.includes('<')))]

/** The documents the team keeps outside the repository, which a clone does not have. */
const OUTSIDE = /(?<!docs\/)\b(DESIGN|DEVELOPERS|STYLE)\.md|\.\.\/shared\/(DESIGN|STYLE|spec)/

describe('the docs', () => {
  it('finds a name that is not there', () => {
    const names = namedPaths('see `server/app.ts`, `src/nowhere/gone.ts` and `features/<area>/`')
    expect(names).toEqual(['server/app.ts', 'src/nowhere/gone.ts'])
    expect(names.filter((path) => !exists(path))).toEqual(['src/nowhere/gone.ts'])
  })

  it.each(DOCS)('%s names only files and folders that exist', (doc) => {
    const names = namedPaths(readFileSync(doc, 'utf8'))
    expect(names.length).toBeGreaterThan(10)
    expect(names.filter((path) => !exists(path))).toEqual([])
  })

  it("README's layout names only files and folders that exist", () => {
    expect(plainPaths('server/app.ts and tests/unit/gone, under /ops/api/, features/<area>/')).toEqual(['server/app.ts', 'tests/unit/gone'])
    const names = plainPaths(readmeLayout(readFileSync('README.md', 'utf8')))
    expect(names.length).toBeGreaterThan(20)
    expect(names.filter((path) => !exists(path))).toEqual([])
  })

  it('no code cites a document outside the repository', () => {
    expect(OUTSIDE.test('// see DEVELOPERS.md "Money"')).toBe(true)
    expect(OUTSIDE.test('// see docs/design.md')).toBe(false)
    const sources = filesUnder(['src', 'server', 'ops', 'contract', 'e2e', 'tests', 'scripts'], /\.(ts|tsx|js|mjs)$/)
    const roots = ['eslint.config.js', 'vite.config.ts', 'vite.ops.config.ts', 'playwright.config.ts', 'vitest.config.ts', 'package.json'].filter((file) => existsSync(file))
    // The spec's error catalogue is read beside the repository where the team has it, else from its copy (i18n.test.ts).
    const citing = [...sources, ...roots].filter((file) => file !== join('tests', 'unit', 'i18n.test.ts') && file !== join('tests', 'unit', 'docs.test.ts'))
      .filter((file) => OUTSIDE.test(readFileSync(file, 'utf8')))
    expect(citing).toEqual([])
  })
})
