// The notify area's dev stand-ins (issue 50), under /dev in dev and test modes only: the messages'
// settings switched at run time (the browser suite's servers start without them), and a Bot API
// that keeps what the bot sent, so a test reads the message a player would get.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { type Static, Type } from 'typebox'
import { fail } from '../shared/http/errors'

/** POST /dev/notify: APP_URL and the Bot API's address (null: the messages off). */
const NotifyPatch = Type.Object({
  appUrl: Type.Union([Type.String({ pattern: '^https?://', maxLength: 300 }), Type.Null()]),
  telegramApiUrl: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 300 })),
}, { additionalProperties: false })

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

  app.post('/notify', { schema: { body: NotifyPatch } }, async (request) => {
    const { appUrl, telegramApiUrl } = request.body
    const token = ctx.identity.telegramBotToken
    if (appUrl !== null && token === undefined) throw fail(404, 'IDENTITY_OFF')
    ctx.notify = appUrl === null
      ? { ...ctx.notify, appUrl: undefined, telegram: undefined }
      : { ...ctx.notify, appUrl, telegram: { token: token!, apiUrl: (telegramApiUrl ?? ctx.notify.telegram?.apiUrl ?? '').replace(/\/+$/, '') } }
    return { appUrl: ctx.notify.appUrl ?? null }
  })

  // Telegram's Bot API as far as the bot uses it: sendMessage, answered as Telegram does.
  app.post<{ Params: { bot: string }; Body: Static<typeof SendMessage> }>('/telegram-bot/:bot/sendMessage', { schema: { body: SendMessage } }, async (request) => {
    const token = request.params.bot.replace(/^bot/, '')
    sent.push({ token, ...request.body })
    return { ok: true, result: { message_id: sent.length, chat: { id: Number(request.body.chat_id), type: 'private' }, text: request.body.text } }
  })

  app.get<{ Querystring: { chatId?: string } }>('/telegram-bot/messages', async (request) => ({
    messages: sent.filter((message) => request.query.chatId === undefined || String(message.chat_id) === request.query.chatId),
  }))
}
