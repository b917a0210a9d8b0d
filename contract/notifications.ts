// What the player is told of their money (issue 50): the bell's list and its unread count. Each
// notification is an event of the member's own, written with the money it reports.
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { text } from './shared'

/**
 * A deposit credited (a QR paid, a slip or gift link approved) or refused (a slip or gift link); a
 * withdrawal paid or failed (its money back); a reward received (a bonus, cashback, an invite bonus,
 * a wheel prize); support answered while the chat was closed; a wheel prize not claimed about to
 * expire (where the operator turns that on).
 */
export const NotificationKind = Type.Union([
  Type.Literal('deposit_credited'), Type.Literal('deposit_refused'),
  Type.Literal('withdrawal_paid'), Type.Literal('withdrawal_failed'),
  Type.Literal('reward_received'), Type.Literal('support_answered'), Type.Literal('prize_expiring'),
])
export type NotificationKind = Static<typeof NotificationKind>

/** What a reward was: a bonus taken, cashback (the refund of losses), the invite bonus, a wheel prize. */
export const RewardKind = Type.Union([Type.Literal('bonus'), Type.Literal('cashback'), Type.Literal('invite'), Type.Literal('wheel')])
export type RewardKind = Static<typeof RewardKind>

export const DepositMethod = Type.Union([Type.Literal('qrcode'), Type.Literal('slip'), Type.Literal('truelink')])
export type DepositMethod = Static<typeof DepositMethod>

/** One event, as it was when it happened (a later change of balance or bank account leaves it as it was). */
export const MemberNotification = Type.Object({
  /** Digits; a later event has a greater id. */
  id: text(20),
  kind: NotificationKind,
  createdAt: text(40),
  read: Type.Boolean(),
  /** Major units of `currency`: what was credited, refused, paid or given back. Absent for a refusal of an unread slip. */
  amount: Type.Optional(Type.Number()),
  currency: text(8),
  /** The wallet's balance right after a credit or a failed withdrawal's return, major units. */
  balance: Type.Optional(Type.Number()),
  /** Deposits: how the money came. */
  method: Type.Optional(DepositMethod),
  /** A reward: which. */
  reward: Type.Optional(RewardKind),
  /** A prize about to expire: its name on the wheel, and when it expires (ISO). */
  prize: Type.Optional(text(100)),
  expiresAt: Type.Optional(text(40)),
  /** Support's answer: its first words (plain text). */
  preview: Type.Optional(text(200)),
  /** A refusal's spec 8 slip reason code. */
  reason: Type.Optional(text(64)),
  /** Deposits: the upload's or QR's reference (a slip's opens its status). Withdrawals: the withdrawal's id. Rewards: the movement's id. Support: the chat room's id. */
  reference: text(64),
  /** A paid withdrawal: the bank's reference of the transfer, when the payer gave one. */
  bankReference: Type.Optional(text(64)),
  /** A withdrawal's destination: the bank, and the account number masked but its last 4 digits. */
  bankCode: Type.Optional(text(32)),
  bankAccountNo: Type.Optional(text(64)),
})
export type MemberNotification = Static<typeof MemberNotification>

/** GET /api/notifications: the newest 50, newest first, and how many of all the member's are unread. */
export const Notifications = Type.Object({
  unread: Type.Integer({ minimum: 0 }),
  notifications: Type.Array(MemberNotification, { maxItems: 50 }),
})
export type Notifications = Static<typeof Notifications>

/** POST /api/notifications/read: every notification up to and including `upTo` is read (the list was seen). */
export const NotificationsReadRequest = Type.Object({ upTo: Type.String({ pattern: '^[1-9][0-9]{0,18}$' }) }, { additionalProperties: false })
export type NotificationsReadRequest = Static<typeof NotificationsReadRequest>
export const NotificationsRead = Type.Object({ unread: Type.Integer({ minimum: 0 }) })
export type NotificationsRead = Static<typeof NotificationsRead>

/** A messenger the server writes to members through (issue 50 §2), or Web Push to this browser. */
export const MessageChannel = Type.Union([Type.Literal('telegram'), Type.Literal('line'), Type.Literal('webpush')])
export type MessageChannel = Static<typeof MessageChannel>

export const MessageLanguage = Type.Union([Type.Literal('th'), Type.Literal('la'), Type.Literal('en')])

/** The member's side of one channel the server has on. */
export const ChannelState = Type.Object({
  channel: MessageChannel,
  /** The member's account on it is linked: the messages have somewhere to go. Web Push: this session (this browser) has a subscription. */
  linked: Type.Boolean(),
  /** The messenger lets us write to the player (Telegram: the bot's write access; LINE: a friend of the official account): true; false, refused or not a friend; null, not known. */
  allowed: Type.Union([Type.Boolean(), Type.Null()]),
  /** The player has not turned it off in the profile. */
  on: Type.Boolean(),
  /** The messenger refused our last message (the player blocked the bot): off until it allows us again. */
  blocked: Type.Boolean(),
})
export type ChannelState = Static<typeof ChannelState>

/** GET and PUT /api/notifications/channels: the language the messages are written in (null: the variant's) and each channel. */
export const NotificationChannels = Type.Object({
  language: Type.Union([MessageLanguage, Type.Null()]),
  channels: Type.Array(ChannelState, { maxItems: 4 }),
})
export type NotificationChannels = Static<typeof NotificationChannels>

/** PUT /api/notifications/channels: the app's language; a channel turned on or off, or the messenger's answer to the app's request to write. */
export const NotificationChannelsUpdate = Type.Object({
  language: Type.Optional(MessageLanguage),
  telegram: Type.Optional(Type.Object({ on: Type.Optional(Type.Boolean()), allowed: Type.Optional(Type.Boolean()) }, { additionalProperties: false })),
  line: Type.Optional(Type.Object({ on: Type.Optional(Type.Boolean()), allowed: Type.Optional(Type.Boolean()) }, { additionalProperties: false })),
}, { additionalProperties: false })
export type NotificationChannelsUpdate = Static<typeof NotificationChannelsUpdate>

/**
 * PUT /api/notifications/push: this browser's push subscription (PushSubscription.toJSON()), kept
 * for this session and removed with it. `endpoint` must be a browser's push service.
 */
export const PushSubscriptionRequest = Type.Object({
  endpoint: Type.String({ pattern: '^https?://', maxLength: 1000 }),
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  keys: Type.Object({
    p256dh: Type.String({ pattern: '^[A-Za-z0-9_-]+={0,2}$', maxLength: 100 }),
    auth: Type.String({ pattern: '^[A-Za-z0-9_-]+={0,2}$', maxLength: 40 }),
  }),
})
export type PushSubscriptionRequest = Static<typeof PushSubscriptionRequest>

export const notificationEndpoints = {
  list: endpoint<void, void, Notifications>('GET', '/api/notifications'),
  read: endpoint<void, NotificationsReadRequest, NotificationsRead>('POST', '/api/notifications/read'),
  channels: endpoint<void, void, NotificationChannels>('GET', '/api/notifications/channels'),
  updateChannels: endpoint<void, NotificationChannelsUpdate, NotificationChannels>('PUT', '/api/notifications/channels'),
  subscribePush: endpoint<void, PushSubscriptionRequest, NotificationChannels>('PUT', '/api/notifications/push'),
  unsubscribePush: endpoint<void, void, NotificationChannels>('DELETE', '/api/notifications/push'),
}
