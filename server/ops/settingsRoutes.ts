// The operator's switches at run time (issue 33, duty settings: admins): what APP_SETTINGS sets at
// start, read and changed in part through the operator API, each change and what it replaced in
// the audit trail, in the change's transaction. /dev/settings writes through the same function.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as O from '../../src/api/contract/ops'
import { routeOf } from '../shared/http/endpoint'
import { getSettings, updateSettings } from '../shared/settings'
import { audit } from './audit'
import { actorOf, needs } from './scope'

const E = O.opsEndpoints

export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({ ...routeOf(E.settings, { response: { 200: O.SettingsSchema } }), ...needs('settings'), handler: async () => getSettings(ctx.db) })
  app.route({
    ...routeOf(E.changeSettings, { body: O.SettingsPatch, response: { 200: O.SettingsSchema } }),
    ...needs('settings'),
    handler: async (request) => {
      const actor = actorOf(request)
      return updateSettings(ctx.db, request.body, (trx, { before, after }) =>
        audit(trx, actor, ctx.now(), { action: 'settings.change', item: 'settings', before, after }))
    },
  })
}
