// @vitest-environment node
// One way for each thing in a server area (issue 53 §4): an area's own repo, imported whole, goes
// by one name, `repo`; its dev stand-ins live in its devRoutes.ts, never inside routes.ts.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../sourceFiles'

/** The files at the top of each area's folder (server/<area>/*.ts). */
const areaFiles = filesUnder(['server'], /\.ts$/).filter((file) => file.split('/').length === 3)

/** The names an area's own repo is imported under, whole (`import * as x from './repo'`). */
const repoNames = (text: string) => [...text.matchAll(/import \* as (\w+) from '\.\/repo'/g)].map((match) => match[1])
const devInRoutes = (file: string, text: string) => file.endsWith('/routes.ts') && !file.startsWith(join('server', 'dev')) && /\bconst devRoutes\b/.test(text)

describe("the server's areas", () => {
  it('finds another name for a repo and dev routes in routes.ts', () => {
    expect(repoNames("import * as store from './repo'\nimport * as repo from './repo'")).toEqual(['store', 'repo'])
    expect(devInRoutes('server/spin/routes.ts', 'const devRoutes: FastifyPluginAsyncTypebox = async (app) => {}')).toBe(true)
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
