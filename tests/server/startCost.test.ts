// What each server start costs in a process that already started one: a restart, and each of the
// server suite's hundreds of servers. Two costs are easy to bring back by accident and show in no
// other test: a route schema made inside its plugin is a new object each start, which Ajv compiles
// again (Ajv caches by object); and a plugin without a name sends Fastify looking through every
// loaded module for it (server/shared/http/pluginNames.ts).
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { namePlugins } from '../../server/shared/http/pluginNames'
import { startServer, type TestServer } from './helpers'

const SCHEMA_PARTS = ['body', 'querystring', 'params', 'headers'] as const

describe('a server started again in the same process', () => {
  const servers: TestServer[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.app.close()))
  })

  it('finds every route schema it had before, so nothing is compiled again', async () => {
    const starts: Map<string, object>[] = []
    for (let start = 0; start < 2; start++) {
      const schemas = new Map<string, object>()
      starts.push(schemas)
      const server = await startServer({
        onRoute: (route) => {
          for (const part of SCHEMA_PARTS) {
            const schema = (route.schema as Record<string, object> | undefined)?.[part]
            if (schema) schemas.set(`${String(route.method)} ${route.url} ${part}`, schema)
          }
        },
      })
      servers.push(server)
      await server.app.ready()
    }
    const [first, second] = starts
    expect(second.size).toBeGreaterThan(100)
    const madeAgain = [...second].filter(([key, schema]) => first.get(key) !== schema).map(([key]) => key)
    expect(madeAgain).toEqual([])
  })
})

describe('namePlugins', () => {
  const DISPLAY_NAME = Symbol.for('fastify.display-name')
  let app: FastifyInstance | undefined
  afterEach(async () => {
    await app?.close()
  })

  it('names the plugins registered in scopes at any depth, and keeps each scope its own', async () => {
    app = Fastify()
    namePlugins(app)
    async function outerRoutes(scope: FastifyInstance) {
      scope.decorate('outerOnly', true)
      await scope.register(innerRoutes)
    }
    async function innerRoutes(scope: FastifyInstance) {
      scope.get('/inner', async () => ({ outer: scope.hasDecorator('outerOnly') }))
    }
    const anonymous = async (scope: FastifyInstance) => {
      scope.get('/sibling', async () => ({ outer: scope.hasDecorator('outerOnly') }))
    }
    await app.register(outerRoutes)
    await app.register(async (scope) => scope.register(anonymous))
    await app.ready()

    expect([outerRoutes, innerRoutes, anonymous].map((plugin) => (plugin as unknown as Record<symbol, unknown>)[DISPLAY_NAME]))
      .toEqual(['outerRoutes', 'innerRoutes', 'anonymous'])
    // Encapsulation as Fastify's own register gives it: the inner scope sees its parent's decorator, a sibling does not.
    expect((await app.inject('/inner')).json()).toEqual({ outer: true })
    expect((await app.inject('/sibling')).json()).toEqual({ outer: false })
    expect(app.hasDecorator('outerOnly')).toBe(false)
  })
})
