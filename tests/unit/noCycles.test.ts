// @vitest-environment node
// No circle of imports in the app or the server (issue 30), between files or between folders,
// type imports included: a circle of types still ties two modules so that neither can move or be
// read alone. The staff console, the tests and the scripts have no circle of files either. This is
// the project's one circle check: lint's import-x/no-cycle, which left out `import type` and cost
// lint more than half of its time, is off (eslint.config.js). Every import, export-from and
// dynamic import of a relative path is an arrow; a circle is a strongly connected group of two or
// more files (or a file that imports itself), or of two or more folders (roomOf).
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../sourceFiles'

const ROOTS = ['src', 'server', 'ops', 'contract']
/** Everything lint reads: no circle of files in any of it. */
const CHECKED = [...ROOTS, 'e2e', 'tests', 'scripts']
const SOURCE = /\.(ts|tsx)$/
/** `from '…'`, `import '…'` and `import('…')` of a relative path. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}(?:\/[^'"]*)?)['"]/g

function sourcesUnder(dir: string): string[] {
  return filesUnder([dir], SOURCE).filter((file) => !file.endsWith('.d.ts'))
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
  return candidates.find((candidate) => SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile())
}

/** Each file's arrows: the source files it imports, by path relative to the repository. */
function importGraph(files: readonly string[], read: (file: string) => string = (file) => readFileSync(file, 'utf8')): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const targets = [...read(file).matchAll(SPECIFIER)]
      .map((match) => resolveImport(file, match[1]))
      .filter((target): target is string => target !== undefined)
      .map((target) => relative(process.cwd(), target))
    graph.set(relative(process.cwd(), file), [...new Set(targets)])
  }
  return graph
}

/** The circles: Tarjan's strongly connected groups of more than one file, and files that import themselves. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    order.set(node, index)
    low.set(node, index)
    index += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, order.get(next)!))
      }
    }
    if (low.get(node) === order.get(node)) {
      const group: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group.sort())
    }
  }
  for (const node of graph.keys()) if (!order.has(node)) visit(node)
  return found
}

/**
 * The folder a file belongs to, as a room of the house: each feature (the app's and the console's), the wire contract and its lib/
 * (two rooms), each other folder under src/, server/ and ops/ (a server area, shared/, ...); a
 * file at the top of src/, server/ or ops/ is a room of its own.
 */
function roomOf(file: string): string {
  const parts = file.split('/')
  if ((parts[0] === 'src' || parts[0] === 'ops') && parts[1] === 'features' && parts.length > 3) return parts.slice(0, 3).join('/')
  if (parts[0] === 'contract') return parts[1] === 'lib' ? 'contract/lib' : 'contract'
  return parts.length > 2 ? parts.slice(0, 2).join('/') : file
}

/** The files' graph seen room by room: an arrow between two rooms for every import between their files. */
function roomGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const rooms = new Map<string, Set<string>>()
  for (const [file, targets] of graph) {
    const from = roomOf(file)
    const arrows = rooms.get(from) ?? new Set<string>()
    for (const target of targets) if (roomOf(target) !== from) arrows.add(roomOf(target))
    rooms.set(from, arrows)
  }
  return new Map([...rooms].map(([room, arrows]) => [room, [...arrows]]))
}

/** Which program a file is of (issue 53 §1): the app, the server, the staff console, or the contract they share. */
const programOf = (file: string): string => file.split('/')[0]

/** Every import of one program's file from another program's, the shared contract apart. */
function crossings(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].flatMap(([file, targets]) => targets
    .filter((target) => programOf(target) !== programOf(file) && programOf(target) !== 'contract')
    .map((target) => `${file} -> ${target}`))
}

describe('three programs and their contract', () => {
  it('sees the server reaching into the app, and the contract into anything, as crossings', () => {
    const graph = new Map([
      ['server/a/x.ts', ['contract/ops.ts', 'server/shared/y.ts']],
      ['ops/App.tsx', ['contract/ops.ts']],
      ['server/b/z.ts', ['src/lib/dates.ts']],
      ['contract/lib/money.ts', ['src/i18n/index.ts']],
    ])
    expect(crossings(graph)).toEqual(['server/b/z.ts -> src/lib/dates.ts', 'contract/lib/money.ts -> src/i18n/index.ts'])
  })

  it('import nothing of each other but the contract, which imports none of them', () => {
    expect(crossings(importGraph(ROOTS.flatMap(sourcesUnder)))).toEqual([])
  })

  it("read no file of another program's either: a catalogue, a style sheet, a picture", () => {
    const files = ROOTS.flatMap(sourcesUnder)
    const read = new Map(files.map((file) => {
      const targets = [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((match) => resolve(dirname(file), match[1]))
        .filter((target) => !SOURCE.test(target) && existsSync(target) && statSync(target).isFile())
      return [relative(process.cwd(), file), targets.map((target) => relative(process.cwd(), target))]
    }))
    expect(crossings(read)).toEqual([])
  })

  it("name no path into another program's folder, even one built at run time (`new URL(`../../src/${name}`)`)", () => {
    expect(pathsInto('server/notify/messages.ts', 'new URL(`../../src/i18n/locales/${language}.json`, import.meta.url)')).toEqual(['server/notify/messages.ts -> src'])
    expect(pathsInto('server/notify/messages.ts', "new URL(`../../contract/locales/${language}.json`)\nimport x from '../shared/y'")).toEqual([])
    expect(ROOTS.flatMap(sourcesUnder).flatMap((file) => pathsInto(relative(process.cwd(), file), readFileSync(file, 'utf8')))).toEqual([])
  })
})

/** The other programs' folders a file's text names by a relative path (`../../src/`), whole or as a template's start. */
function pathsInto(file: string, text: string): string[] {
  return [...text.matchAll(/(?<![\w.])((?:\.\.\/)+)(src|server|ops)\//g)]
    .map((match) => relative(process.cwd(), resolve(dirname(file), match[1], match[2])))
    .filter((folder) => ['src', 'server', 'ops'].includes(folder) && folder !== programOf(file))
    .map((folder) => `${file} -> ${folder}`)
}

describe('import circles', () => {
  it('finds a circle of type imports and one through a re-export, and none in a line', () => {
    const files: Record<string, string> = {
      'a.ts': "import type { B } from './b'\nexport type A = B",
      'b.ts': "import { c } from './c'\nexport type B = 1",
      'c.ts': "export { a } from './a'\nexport const c = 1",
      'd.ts': "import { c } from './c'",
    }
    const dir = resolve('tests/unit/fixtures-none')
    const graph = new Map(Object.entries(files).map(([name, text]) => [name, [...text.matchAll(SPECIFIER)].map((match) => relative(dir, resolve(dir, `${match[1]}.ts`)))]))
    expect(graph.get('a.ts')).toEqual(['b.ts'])
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']])
    graph.set('c.ts', [])
    expect(circles(graph)).toEqual([])
  })

  it.each(CHECKED)('has none in %s/, type imports included', (root) => {
    const graph = importGraph(sourcesUnder(root))
    expect(graph.size).toBeGreaterThan(10)
    expect(circles(graph)).toEqual([])
  })

  it('sees two folders that import each other as a circle of rooms', () => {
    const graph = new Map([
      ['server/a/x.ts', ['server/b/y.ts']],
      ['server/b/y.ts', []],
      ['server/b/z.ts', ['server/a/w.ts']],
      ['server/a/w.ts', []],
    ])
    expect(circles(graph)).toEqual([])
    expect(circles(roomGraph(graph))).toEqual([['server/a', 'server/b']])
  })

  it.each(ROOTS)('has none between the folders of %s/ (features, areas, shared pieces), type imports included', (root) => {
    expect(circles(roomGraph(importGraph(sourcesUnder(root))))).toEqual([])
  })

  it('has none across all of them together', () => {
    expect(circles(importGraph(CHECKED.flatMap(sourcesUnder)))).toEqual([])
  })
})
