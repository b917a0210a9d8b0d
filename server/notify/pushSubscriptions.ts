// Web Push's subscriptions (issue 50 §2): this browser's, kept for the session that made it.
import type { NotificationChannels, PushSubscriptionRequest } from '../../contract'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import type { Member } from '../shared/members'
import { notificationChannels } from './events'
import * as repo from './repo'
import { channelsOn } from './settings'
import { areSubscriptionKeys, isPushService } from './webPush'

/**
 * PUT /api/notifications/push: this browser's subscription, for this session. Only a browser's
 * push service is taken as its address, with keys of the shape RFC 8291 gives.
 */
export async function subscribePush(ctx: ServerContext, member: Member, sessionHash: string, subscription: PushSubscriptionRequest): Promise<NotificationChannels> {
  const settings = ctx.notify.webPush
  if (!settings || !channelsOn(ctx.notify).includes('webpush')) throw fail(404, 'NO_DATA')
  const { endpoint, keys } = subscription
  if (!isPushService(endpoint, settings) || !areSubscriptionKeys(keys.p256dh, keys.auth)) throw fail(400, 'KEY_INVALID')
  await repo.saveSubscription(ctx.db, member.id, sessionHash, { endpoint, p256dh: keys.p256dh.replace(/=+$/, ''), auth: keys.auth.replace(/=+$/, '') }, ctx.now())
  return notificationChannels(ctx, member, sessionHash)
}

/** DELETE /api/notifications/push: this browser hears no more (the player turned it off). */
export async function unsubscribePush(ctx: ServerContext, member: Member, sessionHash: string): Promise<NotificationChannels> {
  await repo.deleteSubscription(ctx.db, sessionHash)
  return notificationChannels(ctx, member, sessionHash)
}
