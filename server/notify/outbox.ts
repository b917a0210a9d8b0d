// The outbox worker (issue 50 §3), on every instance: the events written with the money become
// deliveries, one per channel the member can be written to, and each delivery is claimed by one
// instance, sent, and settled. A message is sent at most once per channel: a claim is one statement
// (on PostgreSQL passing over what another instance holds), a claim that ran out with its sender
// gone is not sent again (unknown), and a retry happens only where the message surely did not go
// (Telegram said wait, or nothing reached it). A message older than the bound is dropped, counted.
import type { NotificationKind } from '../../contract'
import { channelsOn, type NotifySettings } from './settings'
import type { FastifyInstance } from 'fastify'
import { hasDevRoutes, type ServerContext } from '../shared/context'
import { countDeliveries } from '../shared/http/metrics'
import { type Job, keepJob } from '../shared/job'
import { inTransaction } from '../shared/db'
import { type MemberEvent, SUPPORT_GRACE_MS } from './events'
import { messageOf } from './messages'
import * as repo from './repo'
import { pushLine } from './line'
import { sendTelegram, type SendOutcome } from './telegram'
import { payloadOf, sendWebPush } from './webPush'

/** How long a claim holds a delivery: well past a send's own timeout. */
export const CLAIM_MS = 60_000
/** Tries of one message before it fails for good, and the first wait between them (doubling). */
export const MAX_ATTEMPTS = 8
export const FIRST_RETRY_MS = 2_000
const BATCH = 50

export type DeliveryOutcome = 'sent' | 'failed' | 'dropped' | 'unknown' | 'retried' | 'blocked'

export interface OutboxOptions {
  /** Called once per outcome (GET /metrics counts them). */
  count?: (channel: repo.Channel, outcome: DeliveryOutcome) => void
  send?: (delivery: repo.ClaimedDelivery, settings: NotifySettings, ctx: ServerContext) => Promise<SendOutcome>
}

const defaultSend: NonNullable<OutboxOptions['send']> = (delivery, settings, ctx) => {
  const event = { kind: delivery.kind, ...JSON.parse(delivery.payload) } as MemberEvent
  const { variant, line } = ctx.config.current
  if (delivery.channel === 'webpush') return pushToBrowser(delivery, settings, ctx)
  if (delivery.channel === 'line') {
    // The button opens the LIFF app (inside LINE) on the screen, where the app is one.
    const message = messageOf(event, delivery.language, variant, settings.appUrl!, line?.liffId ? `https://liff.line.me/${line.liffId}/` : undefined)
    return pushLine(settings.line!, delivery.address, message, delivery.id)
  }
  return sendTelegram(settings.telegram!, delivery.address, messageOf(event, delivery.language, variant, settings.appUrl!))
}

/** Web Push: to the subscription the delivery names, while it lasts; the push service holds it no longer than the messages' bound. */
async function pushToBrowser(delivery: repo.ClaimedDelivery, settings: NotifySettings, ctx: ServerContext): Promise<SendOutcome> {
  const subscription = await repo.subscriptionById(ctx.db, Number(delivery.address))
  if (!subscription) return { outcome: 'failed', error: 'subscription ended' }
  const event = { kind: delivery.kind, ...JSON.parse(delivery.payload) } as MemberEvent
  const message = messageOf(event, delivery.language, ctx.config.current.variant, settings.appUrl!)
  const ttlSeconds = Math.max(1, Math.floor((settings.maxAgeMs - (ctx.now() - delivery.event_at)) / 1000))
  return sendWebPush(settings.webPush!, subscription, payloadOf(message, delivery.event_id), ttlSeconds)
}

/** Events not yet made into deliveries become them (in one transaction per batch); how many events were made so (support's answers in their grace wait). */
export async function fanOut(ctx: Pick<ServerContext, 'db' | 'now'>, settings: NotifySettings, count?: OutboxOptions['count']): Promise<number> {
  const channels = channelsOn(settings)
  const dropped: repo.Channel[] = []
  const marked = await inTransaction(ctx.db, async (trx) => {
    const taken = await repo.takeUnsentEvents(trx, BATCH)
    const now = ctx.now()
    // Support's answer waits its grace (an open chat reads it first); read by then, it is not sent.
    const events = taken.filter((event) => event.kind !== 'support_answered' || now - Number(event.created_at) >= SUPPORT_GRACE_MS)
    if (events.length === 0) return 0
    const sent = events.filter((event) => settings.events.has(event.kind as NotificationKind) && !(event.kind === 'support_answered' && event.read_at !== null))
    const members = [...new Set(sent.map((event) => Number(event.member_id)))]
    const deliveries: repo.NewDelivery[] = []
    for (const channel of channels) {
      const addresses = await repo.channelAddresses(trx, channel, members, now)
      for (const event of sent) {
        for (const address of addresses.get(Number(event.member_id)) ?? []) {
          const tooOld = now - Number(event.created_at) > settings.maxAgeMs
          if (tooOld) dropped.push(channel)
          deliveries.push({ eventId: Number(event.id), memberId: Number(event.member_id), channel, address, status: tooOld ? 'dropped' : 'pending', at: now })
        }
      }
    }
    await repo.insertDeliveries(trx, deliveries)
    await repo.markEventsOut(trx, events.map((event) => Number(event.id)), now)
    return events.length
  })
  for (const channel of dropped) count?.(channel, 'dropped')
  return marked
}

/** Claims what is due and sends it, one message after another; how many were claimed. */
export async function deliverDue(ctx: ServerContext, settings: NotifySettings, options: OutboxOptions = {}): Promise<number> {
  const { count, send = defaultSend } = options
  const now = ctx.now()
  for (const channel of await repo.settleAbandoned(ctx.db, now)) count?.(channel, 'unknown')
  const claimed = await repo.claimDue(ctx.db, now, now + CLAIM_MS, BATCH)
  for (const delivery of claimed) {
    const at = ctx.now()
    if (at - delivery.event_at > settings.maxAgeMs) {
      await repo.settleDelivery(ctx.db, delivery.id, { status: 'dropped', at, error: 'too old' })
      count?.(delivery.channel, 'dropped')
      continue
    }
    let result: SendOutcome
    try {
      result = await send(delivery, settings, ctx)
    } catch (error) {
      // Our own fault before any call (a message that cannot be written): it will not get better.
      result = { outcome: 'failed', error: (error as Error).message }
    }
    const done = ctx.now()
    switch (result.outcome) {
      case 'sent':
        await repo.settleDelivery(ctx.db, delivery.id, { status: 'sent', at: done })
        break
      case 'blocked':
        await repo.settleDelivery(ctx.db, delivery.id, { status: 'failed', at: done, error: result.error })
        // A messenger refused the member (blocked the bot): that channel goes off; a push service
        // said the subscription ended: that subscription goes, the member's others stay.
        if (delivery.channel === 'webpush') await repo.deleteSubscriptionById(ctx.db, Number(delivery.address))
        else await repo.blockChannel(ctx.db, delivery.member_id, delivery.channel, done)
        break
      case 'retry': {
        const last = delivery.attempts >= MAX_ATTEMPTS
        const wait = Math.max(result.afterMs ?? 0, FIRST_RETRY_MS * 2 ** (delivery.attempts - 1))
        await repo.settleDelivery(ctx.db, delivery.id, last ? { status: 'failed', at: done, error: result.error } : { status: 'pending', at: done, nextAt: done + wait, error: result.error })
        break
      }
      default:
        await repo.settleDelivery(ctx.db, delivery.id, { status: result.outcome, at: done, error: result.error })
    }
    count?.(delivery.channel, result.outcome === 'retry' ? (delivery.attempts >= MAX_ATTEMPTS ? 'failed' : 'retried') : result.outcome)
  }
  return claimed.length
}

/** One pass: every waiting event made into deliveries, then what is due sent. */
export async function outboxPass(ctx: ServerContext, settings: NotifySettings, options: OutboxOptions = {}): Promise<void> {
  // No channel (dev and test, until POST /dev/notify turns one on): the events wait.
  if (channelsOn(settings).length === 0) return
  while ((await fanOut(ctx, settings, options.count)) > 0);
  while ((await deliverDue(ctx, settings, options)) > 0);
}

/**
 * The notify area's job, on every instance: a pass at start and every `ctx.notify.everyMs` (0: never), with
 * the settings as they are then (dev and test change them at run time). It runs where a channel
 * is on, or in dev and test, where POST /dev/notify may turn one on; GET /metrics counts its
 * outcomes where the server has metrics.
 */
export function keepOutbox(app: FastifyInstance, ctx: ServerContext): Job | undefined {
  if (channelsOn(ctx.notify).length === 0 && !hasDevRoutes(ctx.mode)) return undefined
  const options: OutboxOptions = { count: app.metrics && countDeliveries(app.metrics) }
  // everyMs 0: never by itself, not even at start (the tests run each pass themselves).
  return keepJob(app, 'notification outbox pass', ctx.notify.everyMs, () => outboxPass(ctx, ctx.notify, options), { atStart: ctx.notify.everyMs > 0 })
}
