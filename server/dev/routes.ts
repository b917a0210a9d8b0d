import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import * as C from '../../contract'
import { mergeConfig } from '../shared/config'
import { clearRateEvents } from '../shared/limits'
import { getSettings, SettingsSchema, updateSettings } from '../shared/settings'
import type { AreaRoutes } from '../shared/http/area'

const settings = { 200: SettingsSchema }
const config = { 200: C.RuntimeConfig }

const ServiceBody = Type.Object({ terminated: Type.Boolean() }, { additionalProperties: false })
const FlagsBody = Type.Partial(Type.Omit(SettingsSchema, ['terminated']), { additionalProperties: false })

/**
 * Development-only endpoints (dev and test modes), used by e2e tests and by hand. They are not
 * registered at all in production, so there they answer 404 like any unknown path. A typo in a
 * body must not pass: no extra keys.
 */
const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.post('/dev/service', { schema: { body: ServiceBody, response: settings } }, async (request) =>
    updateSettings(ctx.db, { terminated: request.body.terminated }),
  )

  app.get('/dev/settings', { schema: { response: settings } }, async () => getSettings(ctx.db))

  app.post('/dev/settings', { schema: { body: FlagsBody, response: settings } }, async (request) =>
    updateSettings(ctx.db, request.body),
  )

  app.post('/dev/config', { schema: { body: C.ConfigPatch, response: config } }, async (request) => {
    ctx.config.current = mergeConfig(ctx.config.current, request.body)
    return ctx.config.current
  })

  app.delete('/dev/config', { schema: { response: config } }, async () => {
    ctx.config.current = ctx.config.initial
    return ctx.config.current
  })

  app.post('/dev/reset-limits', { schema: { response: { 200: C.MessageBody } } }, async () => {
    await clearRateEvents(ctx.db)
    return { message: 'OK' }
  })
}

/** The dev stand-ins no area owns: the runtime config, the operator's switches, the rate limits' reset. */
export const devArea: AreaRoutes = { dev: devRoutes }
