// Fastify names every plugin it registers, for its errors and its plugin tree. A plugin without a
// name of its own (every route plugin here: plain async functions) is looked for among the exports
// of every module loaded, twice per registration: about 12 ms of each server's start, most of a
// restart's, and of each of the server suite's hundreds of servers. Named here by its function's
// name, the lookup never runs.
import type { FastifyInstance } from 'fastify'

const DISPLAY_NAME = Symbol.for('fastify.display-name')

/** Gives each plugin registered on `app`, or on any scope inside it, its function's name. */
export function namePlugins(app: FastifyInstance): void {
  const register = app.register
  // Scopes are made from their parent with Object.create: they find this register too.
  app.register = function (this: FastifyInstance, plugin: Parameters<FastifyInstance['register']>[0], ...rest: unknown[]) {
    const named = plugin as unknown as Record<symbol, unknown> & { name: string }
    if (typeof plugin === 'function' && named[DISPLAY_NAME] === undefined) named[DISPLAY_NAME] = named.name || 'anonymous'
    return (register as (...args: unknown[]) => ReturnType<FastifyInstance['register']>).call(this, plugin, ...rest)
  } as FastifyInstance['register']
}
