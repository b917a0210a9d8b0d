// The operator side's own routes (issue 33): staff sign-in and sign-out, who is signed in, the staff
// list and its changes (admin), the audit trail (admin) and the operator's switches (admin,
// settingsRoutes.ts). The queues are their areas' own operator routes: slips in deposit/,
// withdrawals and the books in wallet/, the chat inbox in chat/, member lookup in account/, bonus
// offers in bonus/.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../src/api/contract'
import * as O from '../../src/api/contract/ops'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { readAudit } from './audit'
import { listStaff } from './repo'
import { actorOf, needs } from './scope'
import { settingsRoutes } from './settingsRoutes'
import { addStaff, changeStaff, endStaffSessions, signIn, signOut, toStaff } from './staff'

const E = O.opsEndpoints

const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(E.login, { body: O.OpsLoginRequest, response: { 200: O.OpsLoginResponse } }),
    handler: async (request) => {
      const { token, staff } = await signIn(ctx, request.body.username, request.body.password, request.ip)
      return { token, staff: toStaff(staff) }
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
  app.route({ ...routeOf(E.me, { response: { 200: O.Staff } }), handler: async (request) => toStaff(request.staff) })

  app.route({
    ...routeOf(E.staff, { response: { 200: O.StaffList } }),
    ...needs('staff'),
    handler: async () => ({ staff: (await listStaff(ctx.db)).map(toStaff) }),
  })
  app.route({
    ...routeOf(E.addStaff, { body: O.NewStaff, response: { 200: O.Staff } }),
    ...needs('staff'),
    handler: async (request) => toStaff(await addStaff(ctx, request.body, actorOf(request))),
  })
  app.route({
    ...routeOf(E.changeStaff, { params: O.IdParams, body: O.StaffChange, response: { 200: O.Staff } }),
    ...needs('staff'),
    handler: async (request) => toStaff(await changeStaff(ctx, Number(request.params.id), request.body, actorOf(request))),
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
