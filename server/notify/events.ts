// What a member is told of their money (issue 50): each event is written in the transaction that
// moved the money (tell), so it exists exactly when the money moved, on either dialect. The app's
// bell reads them (notifications); the messenger deliveries will read the same rows.
import type { ChannelState, DepositMethod, MemberNotification, RewardKind, NotificationChannels, NotificationChannelsUpdate, NotificationKind, Notifications } from '../../contract'
import { isLanguage } from '../../contract/lib/language'
import { inTransaction } from '../shared/db'
import { channelsOn } from './settings'
import type { ServerContext } from '../shared/context'
import type { Db } from '../shared/db'
import type { Member } from '../shared/members'
import { toMajor } from '../shared/money'
import * as repo from './repo'

/** The figures of each kind of event, in minor units, as they were when it happened. */
export type MemberEvent =
  | { kind: 'deposit_credited'; method: DepositMethod; reference: string; amountMinor: number; currency: string; balanceMinor: number }
  | { kind: 'deposit_refused'; method: DepositMethod; reference: string; reason: string; currency: string }
  | { kind: 'withdrawal_paid'; reference: string; amountMinor: number; currency: string; bankCode: string; bankAccountNo: string; bankReference?: string }
  | { kind: 'withdrawal_failed'; reference: string; amountMinor: number; currency: string; balanceMinor: number }
  | { kind: 'reward_received'; reward: RewardKind; reference: string; amountMinor: number; currency: string; balanceMinor: number }
  | { kind: 'support_answered'; reference: string; currency: string; preview: string }
  | { kind: 'prize_expiring'; reference: string; amountMinor: number; currency: string; prize: string; expiresAt: number }

/** How many the bell lists. */
export const NOTIFICATION_LIST_LIMIT = 50

/** Records `event` for the member, in `trx`: the transaction that moved (or refused) the money. */
export async function tell(trx: Db, memberId: number, event: MemberEvent, at: number): Promise<void> {
  const { kind, ...figures } = event
  await repo.insertEvent(trx, memberId, kind, JSON.stringify(figures), at)
}

/** How long support's answer waits before it is sent through a messenger: an open chat marks it read first, and it is not sent. */
export const SUPPORT_GRACE_MS = 15_000
const PREVIEW_MAX = 120
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

/** The first words of an agent's message, as plain text: a text's, a card's or buttons' `text`; nothing for a file. */
export function previewOf(payload: unknown): string {
  const text = typeof payload === 'string' ? payload : typeof (payload as { text?: unknown } | null)?.text === 'string' ? (payload as { text: string }).text : ''
  const plain = text.replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]).replace(/\s+/g, ' ').trim()
  return [...plain].length <= PREVIEW_MAX ? plain : `${[...plain].slice(0, PREVIEW_MAX - 1).join('')}…`
}

/**
 * Support answered the member (in `trx`, with the answer): told once until they read it, however
 * many messages the answer takes (the chat's read mark reads it, markSupportRead).
 */
export async function tellSupportAnswered(trx: Db, member: Member, roomId: number, payload: unknown, at: number): Promise<void> {
  if (await repo.hasUnreadEvent(trx, member.id, 'support_answered')) return
  await tell(trx, member.id, { kind: 'support_answered', reference: String(roomId), currency: member.currency, preview: previewOf(payload) }, at)
}

/** The member read the chat: support's answers are read in the bell too, and not sent through a messenger. */
export const markSupportRead = (db: Db, memberId: number, at: number): Promise<void> => repo.markKindRead(db, memberId, 'support_answered', at)

/** An event as the member reads it: major units, the time in ISO. */
function toNotification(row: repo.EventRow): MemberNotification {
  const event = { kind: row.kind, ...JSON.parse(row.payload) } as MemberEvent
  const base = { id: String(row.id), kind: event.kind as NotificationKind, createdAt: new Date(Number(row.created_at)).toISOString(), read: row.read_at !== null, currency: event.currency, reference: event.reference }
  switch (event.kind) {
    case 'deposit_credited':
      return { ...base, method: event.method, amount: toMajor(event.amountMinor), balance: toMajor(event.balanceMinor) }
    case 'deposit_refused':
      return { ...base, method: event.method, reason: event.reason }
    case 'withdrawal_paid':
      return { ...base, amount: toMajor(event.amountMinor), bankCode: event.bankCode, bankAccountNo: event.bankAccountNo, ...(event.bankReference ? { bankReference: event.bankReference } : {}) }
    case 'withdrawal_failed':
      return { ...base, amount: toMajor(event.amountMinor), balance: toMajor(event.balanceMinor) }
    case 'reward_received':
      return { ...base, reward: event.reward, amount: toMajor(event.amountMinor), balance: toMajor(event.balanceMinor) }
    case 'support_answered':
      return { ...base, ...(event.preview ? { preview: event.preview } : {}) }
    case 'prize_expiring':
      return { ...base, amount: toMajor(event.amountMinor), prize: event.prize, expiresAt: new Date(event.expiresAt).toISOString() }
  }
}

/** GET /api/notifications: the member's newest, and how many are unread. */
export async function notifications(ctx: ServerContext, member: Member): Promise<Notifications> {
  const { rows, unread } = await repo.listEvents(ctx.db, member.id, NOTIFICATION_LIST_LIMIT)
  return { unread, notifications: rows.map(toNotification) }
}

/** POST /api/notifications/read: the list was seen up to `upTo`. */
export async function markNotificationsRead(ctx: ServerContext, member: Member, upTo: string): Promise<{ unread: number }> {
  return { unread: await repo.markRead(ctx.db, member.id, Number(upTo), ctx.now()) }
}

/** GET /api/notifications/channels: the member's side of each channel the server writes through (Web Push: this session's). */
export async function notificationChannels(ctx: ServerContext, member: Member, sessionHash: string): Promise<NotificationChannels> {
  let language: string | null = null
  const channels: ChannelState[] = []
  for (const channel of channelsOn(ctx.notify)) {
    if (channel === 'webpush') {
      const subscribed = await repo.hasSubscription(ctx.db, sessionHash)
      channels.push({ channel, linked: subscribed, allowed: null, on: subscribed, blocked: false })
      continue
    }
    const read = await repo.readChannel(ctx.db, member.id, channel)
    language = read.language
    const { row } = read
    channels.push({ channel, linked: row.provider !== null, allowed: row.allowed === null ? null : row.allowed === 1, on: row.off_at === null, blocked: row.blocked_at !== null })
  }
  if (!channels.some((channel) => channel.channel !== 'webpush')) language = (await repo.readChannel(ctx.db, member.id, 'telegram')).language
  return { language: isLanguage(language) ? language : null, channels }
}

/**
 * PUT /api/notifications/channels: the app's language; the player turning a channel on or off; the
 * messenger's answer to the app's request to write (a yes also lifts a block: the player let the bot
 * write again).
 */
export async function updateNotificationChannels(ctx: ServerContext, member: Member, sessionHash: string, update: NotificationChannelsUpdate): Promise<NotificationChannels> {
  await inTransaction(ctx.db, async (trx) => {
    if (update.language) await repo.setLanguage(trx, member.id, update.language)
    for (const channel of ['telegram', 'line'] as const) {
      const change = update[channel]
      if (change?.allowed !== undefined) await repo.setChannelAllowed(trx, member.id, channel, change.allowed)
      if (change?.on !== undefined) await repo.setChannelOn(trx, member.id, channel, change.on, ctx.now())
    }
  })
  return notificationChannels(ctx, member, sessionHash)
}
