// @vitest-environment node
// The project's own design and map read from a clone alone (issue 53 §5): every file or folder
// they name is there, and nothing in the code points at a design document outside the repository.
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

  it('no code cites a design document outside the repository', () => {
    const citing = filesUnder(['src', 'server', 'ops', 'e2e', 'tests', 'scripts'], /\.(ts|tsx|js)$/)
      .filter((file) => /(?<!docs\/)\bDESIGN\.md/.test(readFileSync(file, 'utf8')))
    expect(citing).toEqual([])
  })
})
