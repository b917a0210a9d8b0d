// @vitest-environment node
// One way for each thing in a server area (issue 53 §4): an area's own repo, imported whole, goes
// by one name, `repo`; its dev stand-ins live in its devRoutes.ts, never inside routes.ts, each at
// its whole /dev/ path; no plugin is registered under a prefix.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../sourceFiles'

/** The files at the top of each area's folder (server/<area>/*.ts). */
const areaFiles = filesUnder(['server'], /\.ts$/).filter((file) => file.split('/').length === 3)

/** The names an area's own repo is imported under, whole (`import * as x from './repo'`). */
const repoNames = (text: string) => [...text.matchAll(/import \* as (\w+) from '\.\/repo'/g)].map((match) => match[1])
const devInRoutes = (file: string, text: string) => file.endsWith('/routes.ts') && !file.startsWith(join('server', 'dev')) && /\bconst devRoutes\b/.test(text)
/** The paths a file's routes are declared at (`app.get('/x'`, `scope.post<...>(\`/y\``). */
const routePaths = (text: string) => [...text.matchAll(/\.(?:get|post|put|delete|patch)(?:<[^(]*>)?\(\s*['`](\/[^'`]*)['`]/g)].map((match) => match[1])
/** Where a plugin is registered under a prefix of its own. */
const prefixes = (text: string) => [...text.matchAll(/register\([^\n]*\{\s*prefix:/g)].length

describe("the server's areas", () => {
  it('finds another name for a repo and dev routes in routes.ts', () => {
    expect(repoNames("import * as store from './repo'\nimport * as repo from './repo'")).toEqual(['store', 'repo'])
    expect(devInRoutes('server/spin/routes.ts', 'const devRoutes: FastifyPluginAsyncTypebox = async (app) => {}')).toBe(true)
    expect(routePaths("app.get('/books', h)\nscope.post<{ Body: B }>(`/dev/x/${id}`, h)")).toEqual(['/books', '/dev/x/${id}'])
    expect(prefixes("await app.register(area.dev, { prefix: '/dev' })\nawait app.register(files(dir), { prefix: PATH })")).toBe(2)
  })

  it('declare each dev stand-in at its whole /dev/ path, and register nothing under a prefix', () => {
    const devFiles = filesUnder(['server'], /\.ts$/).filter((file) => file.endsWith('devRoutes.ts') || file.startsWith(join('server', 'dev')))
    const paths = devFiles.flatMap((file) => routePaths(readFileSync(file, 'utf8')).map((path) => `${file}: ${path}`))
    expect(paths.length).toBeGreaterThan(25)
    expect(paths.filter((entry) => !entry.includes(': /dev/'))).toEqual([])
    const prefixed = filesUnder(['server'], /\.ts$/).filter((file) => prefixes(readFileSync(file, 'utf8')) > 0)
    expect(prefixed).toEqual([])
  })

  it("keep in server/dev/ only the stand-ins no area owns: it imports no area's module", () => {
    const areaImports = (text: string) => [...text.matchAll(/from '\.\.\/(\w+)\//g)].map((match) => match[1]).filter((folder) => folder !== 'shared')
    expect(areaImports("import { x } from '../shared/settings'\nimport { y } from '../otp/repo'")).toEqual(['otp'])
    const devFiles = filesUnder([join('server', 'dev')], /\.ts$/)
    expect(devFiles.length).toBeGreaterThan(0)
    expect(devFiles.flatMap((file) => areaImports(readFileSync(file, 'utf8')).map((area) => `${file}: ${area}`))).toEqual([])
  })

  it("import their own repo whole as `repo` only", () => {
    const names = areaFiles.flatMap((file) => repoNames(readFileSync(file, 'utf8')).map((name) => `${file}: ${name}`))
    expect(names.length).toBeGreaterThan(10)
    expect(names.filter((entry) => !entry.endsWith(': repo'))).toEqual([])
  })

  it('keep their dev stand-ins in devRoutes.ts', () => {
    expect(areaFiles.filter((file) => devInRoutes(file, readFileSync(file, 'utf8')))).toEqual([])
  })
})
