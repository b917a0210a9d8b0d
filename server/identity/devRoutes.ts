// Dev stand-ins of the messenger identity (dev and test only, under /dev): the operator's settings
// changed at run time, and credentials as Telegram and LINE would sign them, so the browser tests
// can sign in from a messenger without one. LINE's stand-in key is made when the routes register,
// never in demo or production (the routes are not registered there).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sign } from '@tma.js/init-data-node'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { Type } from 'typebox'
import * as C from '../../src/api/contract'
import { fail } from '../shared/http/errors'
import { randomToken } from '../shared/tokens'
import { LINE_ISSUER, LINE_JWKS_URL, runtimeIdentity } from './settings'

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]))

/** POST /dev/identity: null unsets a setting, an absent one stays. */
const IdentityPatch = Type.Object({
  telegramBotToken: nullable(Type.String({ minLength: 1, maxLength: 200 })),
  telegramBotId: nullable(Type.String({ pattern: '^[0-9]{1,15}$' })),
  lineChannelId: nullable(Type.String({ minLength: 1, maxLength: 64 })),
  lineJwksUrl: nullable(Type.String({ minLength: 1, maxLength: 2_000 })),
  stepUpMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 60 })),
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
  authDate: Type.Optional(Type.Integer({ minimum: 1 })),
}, { additionalProperties: false })

/** A LINE ID token lives an hour. */
const ID_TOKEN_SECONDS = 3600

export const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  const { publicKey, privateKey } = await generateKeyPair('ES256')
  const kid = randomToken(8)
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] }

  app.post('/identity', { schema: { body: IdentityPatch, response: { 200: IdentityAnswer } } }, async (request) => {
    const { telegramBotToken, telegramBotId, lineChannelId, lineJwksUrl, stepUpMinutes } = request.body
    const next = { ...ctx.identity }
    if (telegramBotToken !== undefined) next.telegramBotToken = telegramBotToken ?? undefined
    if (telegramBotId !== undefined) next.telegramBotId = telegramBotId === null ? undefined : Number(telegramBotId)
    if (lineChannelId !== undefined) next.lineChannelId = lineChannelId ?? undefined
    if (lineJwksUrl !== undefined) next.lineJwksUrl = lineJwksUrl ?? LINE_JWKS_URL
    if (stepUpMinutes !== undefined) next.stepUpMinutes = stepUpMinutes
    ctx.identity = next
    return { identity: runtimeIdentity(next) }
  })

  app.get('/line/jwks', async () => jwks)

  app.post('/line/id-token', { schema: { body: IdTokenRequest } }, async (request) => {
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

  app.post('/telegram/init-data', { schema: { body: InitDataRequest } }, async (request) => {
    const token = ctx.identity.telegramBotToken
    if (token === undefined) throw fail(404, 'IDENTITY_OFF')
    const { userId, firstName = 'Player', authDate } = request.body
    // A query id of its own: two init data asked in one second are two credentials, as two opens of the app would be.
    const data = { query_id: randomToken(12), user: { id: userId, first_name: firstName } }
    const initData = sign(data, token, new Date(authDate === undefined ? ctx.now() : authDate * 1000))
    return { initData }
  })
}
