// The operator's switches at run time (issue 33, duty settings: admins): what APP_SETTINGS sets at
// start, read and changed in part through the operator API, each change and what it replaced in
// the audit trail, in the change's transaction. /dev/settings writes through the same function.
// The slip window (the daily hours slip upload is closed) is the operator's too, changed whole.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as O from '../../contract/ops'
import { getContent, setContent } from '../lookup/repo'
import { LOCKS, lockedTransaction } from '../shared/db'
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
  app.route({
    ...routeOf(E.slipWindow, { response: { 200: O.SlipWindowHours } }), ...needs('settings'),
    handler: async () => (await getContent(ctx.db, 'slipWindow')) ?? { closedFrom: '00:00', closedTo: '00:00' },
  })
  app.route({
    ...routeOf(E.changeSlipWindow, { body: O.SlipWindowHours, response: { 200: O.SlipWindowHours } }),
    ...needs('settings'),
    handler: async (request) => {
      const actor = actorOf(request)
      const after = request.body
      await lockedTransaction(ctx.db, LOCKS.operatorSettings, async (trx) => {
        const before = (await getContent(trx, 'slipWindow')) ?? null
        await setContent(trx, 'slipWindow', after)
        await audit(trx, actor, ctx.now(), { action: 'slipWindow.change', item: 'slipWindow', before, after })
      })
      return after
    },
  })
}
