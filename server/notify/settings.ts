// The messengers' messages' settings (issue 50), read from the environment at start (env.ts):
// APP_URL for the buttons, a channel's credentials, the kinds sent, how late one may still go.
import type { NotificationKind } from '../../contract'
import type { Channel } from './repo'

export interface TelegramSettings {
  /** TELEGRAM_BOT_TOKEN. */
  token: string
  /** The Bot API's address (tests run their own); default Telegram's. */
  apiUrl: string
}

export interface LineSettings {
  /** LINE_CHANNEL_ACCESS_TOKEN: the Messaging API channel of the operator's official account. */
  token: string
  /** The Messaging API's address (tests run their own); default LINE's. */
  apiUrl: string
}

declare module '../shared/context' {
  interface ServerContext {
    /** The messengers' messages (issue 50): NOTIFY_OFF without the settings. */
    notify: NotifySettings
  }
}

export interface WebPushSettings {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, P-256: web-push generate-vapid-keys). */
  publicKey: string
  privateKey: string
  /** VAPID_SUBJECT: how a push service reaches the operator (mailto: or https:). */
  subject: string
  /** Push services a subscription may point at besides the browsers' own (dev: the server's stand-in). */
  extraOrigins: readonly string[]
}

export interface NotifySettings {
  /** APP_URL: the address players open the app at; each message's button opens a screen under it. */
  appUrl?: string
  /** The bot that writes to players (TELEGRAM_BOT_TOKEN, TELEGRAM_API_URL). */
  telegram?: TelegramSettings
  /** The official account that pushes to players (LINE_CHANNEL_ACCESS_TOKEN, LINE_API_URL). */
  line?: LineSettings
  /** Web Push to the browser and the home-screen app (VAPID_*). */
  webPush?: WebPushSettings
  /** NOTIFY_EVENTS: the kinds of event sent through the messengers (the bell lists every one). */
  events: ReadonlySet<NotificationKind>
  /** NOTIFY_MAX_AGE_MINUTES: a message not sent by then is dropped rather than sent late. */
  maxAgeMs: number
  /** NOTIFY_PRIZE_EXPIRY_HOURS: how long before a wheel prize not claimed expires that the member is told (once); undefined: never. */
  prizeReminderMs?: number
  /** How often each instance looks for work; default a second. */
  everyMs: number
}

export const NOTIFY_KINDS: readonly NotificationKind[] = ['deposit_credited', 'deposit_refused', 'withdrawal_paid', 'withdrawal_failed', 'reward_received', 'support_answered', 'prize_expiring']
export const DEFAULT_NOTIFY_MAX_AGE_MS = 60 * 60 * 1000
export const DEFAULT_NOTIFY_EVERY_MS = 1_000
export const NOTIFY_OFF: NotifySettings = { events: new Set(NOTIFY_KINDS), maxAgeMs: DEFAULT_NOTIFY_MAX_AGE_MS, everyMs: DEFAULT_NOTIFY_EVERY_MS }

/** The channels these settings send through. */
export const channelsOn = (settings: NotifySettings): Channel[] => {
  if (!settings.appUrl) return []
  return [...(settings.telegram ? ['telegram' as const] : []), ...(settings.line ? ['line' as const] : []), ...(settings.webPush ? ['webpush' as const] : [])]
}

