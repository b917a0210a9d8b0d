// The notify area's routes (issue 50): the bell's list and its read marker.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import { notificationEndpoints as N } from '../../contract/notifications'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { notifyDevRoutes } from './devRoutes'
import { markNotificationsRead, notificationChannels, notifications, updateNotificationChannels } from './events'
import { subscribePush, unsubscribePush } from './pushSubscriptions'
import { sha256 } from '../shared/tokens'

const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(N.list, { response: { 200: C.Notifications } }),
    handler: async (request) => notifications(ctx, request.member),
  })
  app.route({
    ...routeOf(N.read, { body: C.NotificationsReadRequest, response: { 200: C.NotificationsRead } }),
    handler: async (request) => markNotificationsRead(ctx, request.member, request.body.upTo),
  })
  app.route({
    ...routeOf(N.channels, { response: { 200: C.NotificationChannels } }),
    handler: async (request) => notificationChannels(ctx, request.member, sha256(request.sessionToken)),
  })
  app.route({
    ...routeOf(N.updateChannels, { body: C.NotificationChannelsUpdate, response: { 200: C.NotificationChannels } }),
    handler: async (request) => updateNotificationChannels(ctx, request.member, sha256(request.sessionToken), request.body),
  })
  app.route({
    ...routeOf(N.subscribePush, { body: C.PushSubscriptionRequest, response: { 200: C.NotificationChannels } }),
    handler: async (request) => subscribePush(ctx, request.member, sha256(request.sessionToken), request.body),
  })
  app.route({
    ...routeOf(N.unsubscribePush, { response: { 200: C.NotificationChannels } }),
    handler: async (request) => unsubscribePush(ctx, request.member, sha256(request.sessionToken)),
  })
}

export const notifyArea: AreaRoutes = { member: memberRoutes, dev: notifyDevRoutes }
