// Dev stand-ins of the messenger identity (dev and test only, under /dev): the operator's settings
// changed at run time, and credentials as Telegram and LINE would sign them, so the browser tests
// can sign in from a messenger without one. LINE's stand-in key is made when the routes register,
// never in demo or production (the routes are not registered there).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sign, signData } from '@tma.js/init-data-node'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { Type } from 'typebox'
import * as C from '../../contract'
import { fail } from '../shared/http/errors'
import { randomToken } from '../shared/tokens'
import { forgetLineKeys } from './line'
import { LINE_ISSUER, LINE_JWKS_URL, runtimeIdentity } from './settings'

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]))

/** POST /dev/identity: null unsets a setting, an absent one stays. */
const IdentityPatch = Type.Object({
  telegramBotToken: nullable(Type.String({ minLength: 1, maxLength: 200 })),
  telegramBotId: nullable(Type.String({ pattern: '^[0-9]{1,15}$' })),
  lineChannelId: nullable(Type.String({ minLength: 1, maxLength: 64 })),
  lineJwksUrl: nullable(Type.String({ minLength: 1, maxLength: 2_000 })),
  stepUpMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 60 })),
  telegramContactSkipsOtp: Type.Optional(Type.Boolean()),
  /** Passkeys on for this origin (its host the RP ID, as the e2e server's), or off with null. */
  webauthnOrigin: nullable(Type.String({ minLength: 1, maxLength: 200 })),
}, { additionalProperties: false })

const IdentityAnswer = Type.Object({ identity: C.RuntimeConfig.properties.identity })

const IdTokenRequest = Type.Object({
  sub: Type.String({ minLength: 1, maxLength: 100 }),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  aud: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  iss: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  expiresInSeconds: Type.Optional(Type.Integer({ minimum: -86_400, maximum: 86_400 })),
}, { additionalProperties: false })

const InitDataRequest = Type.Object({
  userId: Type.Integer({ minimum: 1 }),
  firstName: Type.Optional(Type.String({ maxLength: 100 })),
  /** The player let the bot write to them (allows_write_to_pm, issue 50). */
  allowsWrite: Type.Optional(Type.Boolean()),
  authDate: Type.Optional(Type.Integer({ minimum: 1 })),
}, { additionalProperties: false })

const ContactRequest = Type.Object({
  userId: Type.Integer({ minimum: 1 }),
  /** International, as Telegram gives it: `66812345678`. */
  phone: Type.String({ pattern: '^\\+?[0-9]{4,20}$' }),
  firstName: Type.Optional(Type.String({ maxLength: 100 })),
  authDate: Type.Optional(Type.Integer({ minimum: 1 })),
}, { additionalProperties: false })

/** A LINE ID token lives an hour. */
const ID_TOKEN_SECONDS = 3600

export const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  const { publicKey, privateKey } = await generateKeyPair('ES256')
  const kid = randomToken(8)
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] }

  app.post('/dev/identity', { schema: { body: IdentityPatch, response: { 200: IdentityAnswer } } }, async (request) => {
    const { telegramBotToken, telegramBotId, lineChannelId, lineJwksUrl, stepUpMinutes, telegramContactSkipsOtp, webauthnOrigin } = request.body
    if (lineJwksUrl && !URL.canParse(lineJwksUrl)) throw fail(400, 'KEY_INVALID')
    if (webauthnOrigin && (!URL.canParse(webauthnOrigin) || new URL(webauthnOrigin).origin !== webauthnOrigin)) throw fail(400, 'KEY_INVALID')
    const next = { ...ctx.identity }
    if (telegramBotToken !== undefined) next.telegramBotToken = telegramBotToken ?? undefined
    if (telegramBotId !== undefined) next.telegramBotId = telegramBotId === null ? undefined : Number(telegramBotId)
    if (lineChannelId !== undefined) next.lineChannelId = lineChannelId ?? undefined
    if (lineJwksUrl !== undefined) {
      next.lineJwksUrl = lineJwksUrl ?? LINE_JWKS_URL
      forgetLineKeys(next.lineJwksUrl)
    }
    if (stepUpMinutes !== undefined) next.stepUpMinutes = stepUpMinutes
    if (telegramContactSkipsOtp !== undefined) next.telegramContactSkipsOtp = telegramContactSkipsOtp
    if (webauthnOrigin !== undefined) {
      next.webauthnOrigin = webauthnOrigin ?? undefined
      next.webauthnRpId = webauthnOrigin === null ? undefined : new URL(webauthnOrigin).hostname
    }
    ctx.identity = next
    return { identity: runtimeIdentity(next) }
  })

  app.get('/dev/line/jwks', async () => jwks)

  app.post('/dev/line/id-token', { schema: { body: IdTokenRequest } }, async (request) => {
    const { sub, name, aud = ctx.identity.lineChannelId, iss = LINE_ISSUER, expiresInSeconds = ID_TOKEN_SECONDS } = request.body
    if (aud === undefined) throw fail(400, 'KEY_MISSING')
    const issuedAt = Math.floor(ctx.now() / 1000)
    const idToken = await new SignJWT(name === undefined ? {} : { name })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      // Two tokens asked in one second are two credentials, as two sign-ins at LINE would be.
      .setJti(randomToken(12))
      .setSubject(sub).setIssuer(iss).setAudience(aud)
      .setIssuedAt(issuedAt).setExpirationTime(issuedAt + expiresInSeconds)
      .sign(privateKey)
    return { idToken }
  })

  app.post('/dev/telegram/init-data', { schema: { body: InitDataRequest } }, async (request) => {
    const token = ctx.identity.telegramBotToken
    if (token === undefined) throw fail(404, 'IDENTITY_OFF')
    const { userId, firstName = 'Player', authDate, allowsWrite } = request.body
    // A query id of its own: two init data asked in one second are two credentials, as two opens of the app would be.
    const data = { query_id: randomToken(12), user: { id: userId, first_name: firstName, ...(allowsWrite ? { allows_write_to_pm: true } : {}) } }
    const initData = sign(data, token, new Date(authDate === undefined ? ctx.now() : authDate * 1000))
    return { initData }
  })

  app.post('/dev/telegram/contact', { schema: { body: ContactRequest } }, async (request) => {
    const token = ctx.identity.telegramBotToken
    if (token === undefined) throw fail(404, 'IDENTITY_OFF')
    const { userId, phone, firstName = 'Player', authDate = Math.floor(ctx.now() / 1000) } = request.body
    // As getRequestedContact answers: the contact JSON and auth_date, signed like init data.
    const fields = { auth_date: String(authDate), contact: JSON.stringify({ user_id: userId, phone_number: phone, first_name: firstName }) }
    const hash = signData(Object.entries(fields).map(([key, value]) => `${key}=${value}`).sort().join('\n'), token)
    return { contact: new URLSearchParams({ ...fields, hash }).toString() }
  })
}
