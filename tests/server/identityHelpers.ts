// Shared by the messenger identity's tests (issue 31): credentials as Telegram and LINE sign them,
// and LINE's key set served on loopback.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { sign, signData } from '@tma.js/init-data-node'
import { exportJWK, generateKeyPair, type CryptoKey, SignJWT } from 'jose'
import { IDENTITY_OFF, type IdentitySettings, LINE_ISSUER } from '../../server/identity/settings'
import { call } from './helpers'

export const BOT_TOKEN = '7000000001:AAFakeTokenForTheServerSuiteOnly_0123456789'
export const CHANNEL_ID = '1650000001'

/**
 * Init data Telegram itself signed for third parties: the example of Telegram's documentation
 * ("Validating data for Third-Party Use", bot 7342037359, production key). The library checks its
 * Ed25519 signature against Telegram's keys only (validate3rd takes no key of ours), so a real
 * signature is what proves our use of it; its auth_date is 2024-12-07 07:59:47 UTC.
 */
export const TELEGRAM_SIGNED = {
  botId: 7342037359,
  userId: '279058397',
  authDate: 1733584787,
  initData: 'user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D&chat_instance=8134722200314281151&chat_type=private&auth_date=1733584787&signature=zL-ucjNyREiHDE8aihFwpfR9aggP2xiAo3NSpfe-p7IbCisNlDKlo7Kb6G4D0Ao2mBrSgEk4maLSdv6MLIlADQ&hash=2174df5b000556d044f3f020384e879c8efcab55ddea2ced4eb752e93e7080d6',
}

let queries = 0
/** Init data signed with BOT_TOKEN (a query id of its own, so two are two credentials). */
export function initData(userId: number, authDateMs: number, firstName = 'Somchai', token = BOT_TOKEN, { allowsWrite = false } = {}): string {
  queries += 1
  const user = { id: userId, first_name: firstName, ...(allowsWrite ? { allows_write_to_pm: true } : {}) }
  return sign({ query_id: `q${queries}`, user }, token, new Date(authDateMs))
}

/**
 * A contact as Telegram's getRequestedContact answers it (`contact=<json>&auth_date=..&hash=..`),
 * signed like init data with `token`: the fields but `hash`, `key=value` sorted, by the bot token's HMAC.
 */
export function signedContact(userId: number, phone: string, authDateMs: number, token = BOT_TOKEN): string {
  const fields = {
    contact: JSON.stringify({ user_id: userId, phone_number: phone, first_name: 'Somchai', last_name: 'Jaidee' }),
    auth_date: String(Math.floor(authDateMs / 1000)),
  }
  const hash = signData(Object.entries(fields).map(([key, value]) => `${key}=${value}`).sort().join('\n'), token)
  return new URLSearchParams({ ...fields, hash }).toString()
}

export const telegramContact = (app: FastifyInstance, initData: string, contact: string, address?: string) =>
  call(app, 'POST', '/api/telegram/contact', { body: { initData, contact }, address })

export interface LineKeys {
  url: string
  key: CryptoKey
  kid: string
  /** A key of the same kind that the key set does not publish. */
  stranger: CryptoKey
  close: () => Promise<void>
}

/** LINE's key set on loopback: one ES256 key, as https://api.line.me/oauth2/v2.1/certs publishes LINE's. */
export async function serveLineKeys(): Promise<LineKeys> {
  const { publicKey, privateKey } = await generateKeyPair('ES256')
  const { privateKey: stranger } = await generateKeyPair('ES256')
  const kid = 'test-key-1'
  const body = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] })
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/certs`,
    key: privateKey,
    kid,
    stranger,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export interface IdTokenClaims {
  sub?: string
  name?: string
  aud?: string
  iss?: string
  /** Epoch ms. */
  issuedAt: number
  expiresInSeconds?: number
  key: CryptoKey
  kid: string
}

let tokens = 0
export async function idToken({ sub = 'U1234567890abcdef', name = 'Somchai LINE', aud = CHANNEL_ID, iss = LINE_ISSUER, issuedAt, expiresInSeconds = 3600, key, kid }: IdTokenClaims): Promise<string> {
  tokens += 1
  const iat = Math.floor(issuedAt / 1000)
  return new SignJWT({ name })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setJti(`t${tokens}`).setSubject(sub).setIssuer(iss).setAudience(aud)
    .setIssuedAt(iat).setExpirationTime(iat + expiresInSeconds)
    .sign(key)
}

export const identitySettings = (overrides: Partial<IdentitySettings>): IdentitySettings => ({ ...IDENTITY_OFF, ...overrides })

export const messengerLogin = (app: FastifyInstance, provider: 'telegram' | 'line', credential: string, address?: string) =>
  call(app, 'POST', '/api/login/messenger', { body: { provider, credential }, address })

export const link = (app: FastifyInstance, token: string, provider: 'telegram' | 'line', credential: string) =>
  call(app, 'POST', '/api/account/identities', { token, body: { provider, credential } })
