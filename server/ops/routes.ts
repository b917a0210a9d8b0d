// The operator side's own routes (issue 33): staff sign-in and sign-out, who is signed in, their own
// password and authenticator code (issue 47), the staff list and its changes and resets (admin),
// the audit trail (admin) and the operator's switches (admin, settingsRoutes.ts). The queues are their areas' own operator routes: slips in deposit/,
// withdrawals and the books in wallet/, the chat inbox in chat/, member lookup in account/, bonus
// offers in bonus/.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import * as O from '../../contract/ops'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { readAudit } from './audit'
import { listStaff } from './repo'
import { actorOf, needs } from './scope'
import { settingsRoutes } from './settingsRoutes'
import { addStaff, changeOwnPassword, changeStaff, confirmTotpSetup, endStaffSessions, resetStaff, signIn, signOut, staffTotpRule, startTotpSetup, toStaff } from './staff'

const E = O.opsEndpoints

const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(E.login, { body: O.OpsLoginRequest, response: { 200: O.OpsLoginResponse } }),
    handler: async (request) => {
      const { token, staff } = await signIn(ctx, request.body, request.ip)
      return { token, staff: toStaff(staff, await staffTotpRule(ctx)) }
    },
  })
}

const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(E.logout, { response: { 200: C.MessageBody } }),
    handler: async (request) => {
      await signOut(ctx, { staff: request.staff, tokenHash: request.staffTokenHash }, request.ip)
      return { message: 'OK' }
    },
  })
  const shown = async (row: Parameters<typeof toStaff>[0]) => toStaff(row, await staffTotpRule(ctx))
  app.route({ ...routeOf(E.me, { response: { 200: O.Staff } }), handler: async (request) => shown(request.staff) })
  app.route({
    ...routeOf(E.changePassword, { body: O.StaffPasswordChange, response: { 200: C.MessageBody } }),
    handler: async (request) => {
      await changeOwnPassword(ctx, { staff: request.staff, tokenHash: request.staffTokenHash }, request.body, request.ip)
      return { message: 'OK' }
    },
  })
  app.route({
    ...routeOf(E.totpSetup, { response: { 200: O.TotpSetup } }),
    handler: async (request, reply) => {
      // The secret is shown once, to this page only.
      reply.header('Cache-Control', 'no-store')
      return startTotpSetup(ctx, request.staff)
    },
  })
  app.route({
    ...routeOf(E.totpConfirm, { body: O.TotpConfirm, response: { 200: O.Staff } }),
    handler: async (request) => shown(await confirmTotpSetup(ctx, { staff: request.staff, tokenHash: request.staffTokenHash }, request.body.code, request.ip)),
  })

  app.route({
    ...routeOf(E.staff, { response: { 200: O.StaffList } }),
    ...needs('staff'),
    handler: async () => {
      const rule = await staffTotpRule(ctx)
      return { staff: (await listStaff(ctx.db)).map((row) => toStaff(row, rule)) }
    },
  })
  app.route({
    ...routeOf(E.addStaff, { body: O.NewStaff, response: { 200: O.Staff } }),
    ...needs('staff'),
    handler: async (request) => shown(await addStaff(ctx, request.body, actorOf(request))),
  })
  app.route({
    ...routeOf(E.changeStaff, { params: O.IdParams, body: O.StaffChange, response: { 200: O.Staff } }),
    ...needs('staff'),
    handler: async (request) => shown(await changeStaff(ctx, Number(request.params.id), request.body, actorOf(request))),
  })
  app.route({
    ...routeOf(E.resetStaff, { params: O.IdParams, body: O.StaffReset, response: { 200: O.Staff } }),
    ...needs('staff'),
    handler: async (request) => shown(await resetStaff(ctx, Number(request.params.id), request.body.password, actorOf(request))),
  })
  app.route({
    ...routeOf(E.endStaffSessions, { params: O.IdParams, response: { 200: C.MessageBody } }),
    ...needs('staff'),
    handler: async (request) => {
      await endStaffSessions(ctx, Number(request.params.id), actorOf(request))
      return { message: 'OK' }
    },
  })

  app.route({
    ...routeOf(E.audit, { querystring: O.AuditQuery, response: { 200: O.AuditPage } }),
    ...needs('audit'),
    handler: async (request) => {
      const { item, before, limit = '50' } = request.query
      return { entries: await readAudit(ctx.db, { item, beforeId: before === undefined ? undefined : Number(before), limit: Number(limit) }) }
    },
  })
  await app.register(settingsRoutes)
}

export const opsArea: AreaRoutes = { open: signInRoutes, ops: staffRoutes }
