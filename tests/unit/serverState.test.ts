// @vitest-environment node
// Server state has one owner per area (docs/design.md "Server state in the app", issue 53 §2): a
// component never writes the query cache itself (its area's mutation hooks own what a change
// invalidates or replaces), and every query key factory has an `all` root to invalidate an area by.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../sourceFiles'

const CACHE_WRITES = /\.(invalidateQueries|setQueryData|setQueriesData|removeQueries|resetQueries|refetchQueries)\(/
/** `export const fooKeys = { ... }` up to its closing brace at the line's start. */
const KEY_FACTORY = /export const (\w+Keys) = \{([\s\S]*?)\n?\}/g

/** The components (`.tsx`) that write the query cache. */
const componentsWritingCache = (files: Record<string, string>) =>
  Object.entries(files).filter(([file, text]) => file.endsWith('.tsx') && CACHE_WRITES.test(text)).map(([file]) => file)

/** The key factories with no `all` root. */
const factoriesWithoutRoot = (text: string) =>
  [...text.matchAll(KEY_FACTORY)].filter((match) => !/^\s*all:/m.test(match[2])).map((match) => match[1])

const read = (files: string[]) => Object.fromEntries(files.map((file) => [file, readFileSync(file, 'utf8')]))

describe('server state in the app', () => {
  it('finds a component that writes the cache and a factory with no root', () => {
    expect(componentsWritingCache({ 'a.tsx': 'client.setQueryData(keys.list(), answer)', 'b.ts': 'client.invalidateQueries({ queryKey })', 'c.tsx': 'useQuery(q)' })).toEqual(['a.tsx'])
    expect(factoriesWithoutRoot("export const aKeys = { list: () => ['a'] as const }\nexport const bKeys = {\n  all: ['b'] as const,\n  list: () => [...bKeys.all] as const,\n}")).toEqual(['aKeys'])
  })

  it('no component writes the query cache: its area\'s mutation hooks do', () => {
    expect(componentsWritingCache(read(filesUnder(['src', 'ops'], /\.tsx$/)))).toEqual([])
  })

  it('every query key factory has an `all` root', () => {
    const texts = read(filesUnder(['src', 'ops'], /\.tsx?$/))
    const factories = Object.values(texts).flatMap((text) => [...text.matchAll(KEY_FACTORY)].map((match) => match[1]))
    expect(factories.length).toBeGreaterThan(10)
    expect(Object.values(texts).flatMap(factoriesWithoutRoot).filter((name) => name !== 'storageKeys')).toEqual([])
  })
})
