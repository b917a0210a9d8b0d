// The notify area's dev stand-ins (issue 50), under /dev in dev and test modes only: the messages'
// settings switched at run time (the browser suite's servers start without them), and a Bot API,
// a Messaging API and a push service that keep what they were sent, so a test reads the message a
// player would get.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { type Static, Type } from 'typebox'
import webPush from 'web-push'
import { fail } from '../shared/http/errors'

/** POST /dev/notify: APP_URL and the Bot API's address (null: the messages off). */
const NotifyPatch = Type.Object({
  appUrl: Type.Union([Type.String({ pattern: '^https?://', maxLength: 300 }), Type.Null()]),
  telegramApiUrl: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 300 })),
  /** The Messaging API's address: LINE's pushes on too, with DEV_LINE_ACCESS_TOKEN. */
  lineApiUrl: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 300 })),
  /** The push service subscriptions may point at (the stand-in below): Web Push on too, with the dev VAPID keys. */
  pushServiceUrl: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 300 })),
  /** NOTIFY_PRIZE_EXPIRY_HOURS at run time (null: off). */
  prizeExpiryHours: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 720 }), Type.Null()])),
}, { additionalProperties: false })

/** The dev servers' VAPID keys, made at start: a dev server's pushes are signed, as production's are. */
const devVapid = webPush.generateVAPIDKeys()

/** The access token the dev servers push with (the stand-in below checks it). */
export const DEV_LINE_ACCESS_TOKEN = 'dev-line-channel-access-token'

/** A push as the bot sends it. */
const Push = Type.Object({ to: Type.String({ maxLength: 64 }), messages: Type.Array(Type.Unknown(), { maxItems: 5 }) })
type Pushed = Static<typeof Push> & { retryKey: string }

/** sendMessage's fields the bot sends. */
const SendMessage = Type.Object({
  chat_id: Type.Union([Type.String({ maxLength: 32 }), Type.Integer()]),
  text: Type.String({ maxLength: 4096 }),
  reply_markup: Type.Optional(Type.Unknown()),
})
type SentMessage = { token: string } & Static<typeof SendMessage>

export const notifyDevRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  const sent: SentMessage[] = []

  app.post('/dev/notify', { schema: { body: NotifyPatch } }, async (request) => {
    const { appUrl, telegramApiUrl, lineApiUrl, pushServiceUrl, prizeExpiryHours } = request.body
    const token = ctx.identity.telegramBotToken
    if (prizeExpiryHours !== undefined) ctx.notify = { ...ctx.notify, prizeReminderMs: prizeExpiryHours === null ? undefined : prizeExpiryHours * 60 * 60_000 }
    if (appUrl !== null && token === undefined && lineApiUrl === undefined && pushServiceUrl === undefined) throw fail(404, 'IDENTITY_OFF')
    const address = (url: string) => url.replace(/\/+$/, '')
    ctx.notify = appUrl === null
      ? { ...ctx.notify, appUrl: undefined, telegram: undefined, line: undefined, webPush: undefined }
      : {
        ...ctx.notify,
        appUrl,
        telegram: token === undefined || telegramApiUrl === undefined ? undefined : { token, apiUrl: address(telegramApiUrl) },
        line: lineApiUrl === undefined ? undefined : { token: DEV_LINE_ACCESS_TOKEN, apiUrl: address(lineApiUrl) },
        webPush: pushServiceUrl === undefined ? undefined : { ...devVapid, subject: 'mailto:dev@wallet.invalid', extraOrigins: [new URL(pushServiceUrl).origin] },
      }
    return { appUrl: ctx.notify.appUrl ?? null }
  })

  // Telegram's Bot API as far as the bot uses it: sendMessage, answered as Telegram does.
  app.post<{ Params: { bot: string }; Body: Static<typeof SendMessage> }>('/dev/telegram-bot/:bot/sendMessage', { schema: { body: SendMessage } }, async (request) => {
    const token = request.params.bot.replace(/^bot/, '')
    sent.push({ token, ...request.body })
    return { ok: true, result: { message_id: sent.length, chat: { id: Number(request.body.chat_id), type: 'private' }, text: request.body.text } }
  })

  // LINE's Messaging API as far as the official account uses it: a push, once per retry key.
  const pushed: Pushed[] = []
  app.post<{ Body: Static<typeof Push> }>('/dev/line-api/v2/bot/message/push', { schema: { body: Push } }, async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${DEV_LINE_ACCESS_TOKEN}`) return reply.code(401).send({ message: 'Authentication failed' })
    const retryKey = String(request.headers['x-line-retry-key'] ?? '')
    if (retryKey && pushed.some((push) => push.retryKey === retryKey)) return reply.code(409).send({ message: 'The retry key is already accepted' })
    pushed.push({ ...request.body, retryKey })
    return { sentMessages: [{ id: String(pushed.length) }] }
  })
  app.get<{ Querystring: { to?: string } }>('/dev/line-api/messages', async (request) => ({
    messages: pushed.filter((push) => request.query.to === undefined || push.to === request.query.to),
  }))

  // A browser's push service as the server uses it: a message to a subscription's address, kept
  // as it came (encrypted to the browser's keys: the test holding them reads it).
  const pushes: { id: string; ttl: string; urgency: string; authorization: string; encoding: string; body: string }[] = []
  app.register(async (pushService) => {
    pushService.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    // Its body is encrypted (Content-Encoding aes128gcm), not compressed: not for @fastify/compress to undo.
    pushService.post<{ Params: { id: string }; Body: Buffer }>('/dev/push-service/:id', { decompress: false }, async (request, reply) => {
      const { headers } = request
      pushes.push({ id: request.params.id, ttl: String(headers.ttl ?? ''), urgency: String(headers.urgency ?? ''), authorization: String(headers.authorization ?? ''), encoding: String(headers['content-encoding'] ?? ''), body: request.body.toString('base64') })
      return reply.code(201).send()
    })
    pushService.get<{ Querystring: { id?: string } }>('/dev/push-service/messages', async (request) => ({
      messages: pushes.filter((push) => request.query.id === undefined || push.id === request.query.id),
    }))
  })

  app.get<{ Querystring: { chatId?: string } }>('/dev/telegram-bot/messages', async (request) => ({
    messages: sent.filter((message) => request.query.chatId === undefined || String(message.chat_id) === request.query.chatId),
  }))
}
