// The runtime config (`/config.json`, spec 6): fetched before the first render, and the partial
// config an operator gives (APP_CONFIG, POST /dev/config).
import { type Static, Type } from 'typebox'
import { text } from './shared'

const HowtoVideos = Type.Object({
  wallet: text(2_000),
  play: text(2_000),
  balance: text(2_000),
  bonus: text(2_000),
  bonusCancel: text(2_000),
})
const ContactFallback = Type.Object({ lineName: text(200), lineLink: text(2_000) })
const Line = Type.Object({ liffId: text(64), mock: Type.Boolean() })
const Telegram = Type.Object({ botUsername: text(64), appName: text(64) })

/** `/config.json`, fetched before the first render. */
export const RuntimeConfig = Type.Object({
  /** Base URL of the wallet API; '' means the app's own origin. */
  apiBase: text(2_000),
  variant: Type.Union([Type.Literal('th'), Type.Literal('la')]),
  appName: text(100),
  /** Socket URL of the chat backend, or null when there is none. */
  chat: Type.Union([text(2_000), Type.Null()]),
  line: Type.Union([Line, Type.Null()]),
  telegram: Type.Union([Telegram, Type.Null()]),
  /** The five how-to videos of spec 2 ("How-to"). */
  howto: HowtoVideos,
  /** Shown on the contact page when the server has no contact text yet. */
  contact: ContactFallback,
  /** The passphrase the app encrypts a TrueMoney gift link with (crypto-js AES) before sending it. */
  truelinkSecret: text(256),
  /** Send an `Idempotency-Key` header on money calls (one key per player action). Only when the
   *  operator's API accepts the header (across origins, its CORS must allow it); absent = off. */
  idempotencyKeys: Type.Optional(Type.Boolean()),
  /** Sign-in by a linked messenger (issue 31): which ones the server verifies (its operator
   *  settings, never APP_CONFIG), and how long a password given again lets the session withdraw or
   *  change the bank account. Absent: off, the app behaves as without it. `telegramContact`: the
   *  server can verify the phone Telegram signs (it holds the bot token), so the app may offer it.
   *  `passkeys`: quick unlock by a passkey in a plain browser (the server's WebAuthn relying party is set;
   *  the server always says, absent is off). */
  identity: Type.Optional(Type.Object({
    telegram: Type.Boolean(), line: Type.Boolean(), passkeys: Type.Optional(Type.Boolean()), stepUpMinutes: Type.Integer({ minimum: 1 }), telegramContact: Type.Optional(Type.Boolean()),
  })),
  /** The messengers the server writes to members through of their money (issue 50; its settings,
   *  never APP_CONFIG). Absent: none, the app asks nothing of it. */
  messages: Type.Optional(Type.Array(Type.Union([Type.Literal('telegram'), Type.Literal('line'), Type.Literal('webpush')]), { maxItems: 4 })),
  /** Web Push's application server key (VAPID_PUBLIC_KEY, base64url), with `webpush` in `messages`. */
  vapidPublicKey: Type.Optional(Type.String({ maxLength: 100 })),
})
export type RuntimeConfig = Static<typeof RuntimeConfig>
export type HowtoVideos = RuntimeConfig['howto']

/** A partial config (APP_CONFIG, POST /dev/config); `howto` and `contact` merge key by key. */
export const ConfigPatch = Type.Object(
  {
    apiBase: Type.Optional(RuntimeConfig.properties.apiBase),
    variant: Type.Optional(RuntimeConfig.properties.variant),
    appName: Type.Optional(RuntimeConfig.properties.appName),
    chat: Type.Optional(RuntimeConfig.properties.chat),
    line: Type.Optional(RuntimeConfig.properties.line),
    telegram: Type.Optional(RuntimeConfig.properties.telegram),
    howto: Type.Optional(Type.Partial(HowtoVideos, { additionalProperties: false })),
    contact: Type.Optional(Type.Partial(ContactFallback, { additionalProperties: false })),
    truelinkSecret: Type.Optional(RuntimeConfig.properties.truelinkSecret),
    idempotencyKeys: RuntimeConfig.properties.idempotencyKeys,
  },
  { additionalProperties: false },
)
export type ConfigPatch = Static<typeof ConfigPatch>
