// LINE's ID token (`liff.getIDToken()`), verified with jose against LINE's published keys: ES256,
// issuer https://access.line.me, audience our channel id, not expired by the server's clock. Never
// the profile or the decoded token the client could send instead.
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose'
import { fail } from '../shared/http/errors'
import { sha256 } from '../shared/tokens'
import { LINE_ISSUER, type IdentitySettings } from './settings'
import type { VerifiedIdentity } from './verified'

/** One key set per address, kept across requests (jose caches the keys and refetches for an unknown key id). */
const keySets = new Map<string, JWTVerifyGetKey>()
const keysAt = (url: string): JWTVerifyGetKey => {
  let keys = keySets.get(url)
  if (!keys) keySets.set(url, (keys = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000 })))
  return keys
}

/** Failures of fetching the keys: LINE (or the network) is down, not the player's token. */
const UNREACHABLE = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JOSE_GENERIC', 'ERR_JWKS_INVALID'])

export async function verifyLine(settings: IdentitySettings, idToken: string, now: number): Promise<VerifiedIdentity> {
  const audience = settings.lineChannelId
  if (audience === undefined) throw fail(404, 'IDENTITY_OFF')
  let payload
  try {
    ({ payload } = await jwtVerify(idToken, keysAt(settings.lineJwksUrl), {
      algorithms: ['ES256'],
      issuer: LINE_ISSUER,
      audience,
      currentDate: new Date(now),
      requiredClaims: ['sub', 'exp', 'iat'],
    }))
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw fail(401, 'IDENTITY_EXPIRED')
    if (!(error instanceof errors.JOSEError) || UNREACHABLE.has(error.code)) throw fail(503, 'IDENTITY_UNAVAILABLE')
    throw fail(401, 'IDENTITY_INVALID')
  }
  if (typeof payload.sub !== 'string' || payload.sub === '' || payload.exp === undefined) throw fail(401, 'IDENTITY_INVALID')
  const [header, body] = idToken.split('.')
  return {
    provider: 'line',
    subject: payload.sub,
    name: typeof payload.name === 'string' ? payload.name.slice(0, 200) : '',
    // The signed part: the signature's own encoding could vary, what it signs cannot.
    replayKey: sha256(`line\n${header}.${body}`),
    validUntil: payload.exp * 1000,
  }
}
