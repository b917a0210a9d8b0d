// Telegram's init data (the Mini App's raw `initData` string), verified as Telegram documents it:
// by the bot token's HMAC-SHA256, or without the token by the Ed25519 `signature` Telegram adds
// for third parties, against its published key. The string is checked exactly as the app sent it;
// nothing is believed before the check passes. The library's own expiry check reads the machine's
// clock, so it is off and auth_date is compared with the server's (ctx.now, movable in tests).
import { parse, validate, validate3rd } from '@tma.js/init-data-node'
import { fail } from '../shared/http/errors'
import { sha256 } from '../shared/tokens'
import type { IdentitySettings } from './settings'
import type { VerifiedIdentity } from './verified'

/** How far ahead of our clock an auth_date may be (Telegram's clock and ours differ a little). */
export const CLOCK_SKEW_MS = 5 * 60 * 1000

/**
 * What Telegram signed, as both checks rebuild it: every field but `hash` and `signature`, decoded,
 * `key=value` sorted. Two encodings of the same signed fields (order, percent-escapes) are one
 * credential, so the replay memory is keyed by this, not by the string sent.
 */
export function signedFields(raw: string): string {
  const pairs: string[] = []
  new URLSearchParams(raw).forEach((value, key) => {
    if (key !== 'hash' && key !== 'signature') pairs.push(`${key}=${value}`)
  })
  return pairs.sort().join('\n')
}

export async function verifyTelegram(settings: IdentitySettings, raw: string, now: number): Promise<VerifiedIdentity> {
  const { telegramBotToken: token, telegramBotId: botId } = settings
  if (token === undefined && botId === undefined) throw fail(404, 'IDENTITY_OFF')
  try {
    if (token !== undefined) validate(raw, token, { expiresIn: 0 })
    else await validate3rd(raw, botId!, { expiresIn: 0, test: settings.telegramTestEnv })
  } catch {
    // Which check failed stays here: the answer and the log say only that it did.
    throw fail(401, 'IDENTITY_INVALID')
  }
  let data: ReturnType<typeof parse>
  try {
    data = parse(raw)
  } catch {
    throw fail(401, 'IDENTITY_INVALID')
  }
  const issuedAt = data.auth_date.getTime()
  const maxAgeMs = settings.telegramMaxAgeSeconds * 1000
  if (!Number.isFinite(issuedAt) || issuedAt > now + CLOCK_SKEW_MS) throw fail(401, 'IDENTITY_INVALID')
  if (now - issuedAt > maxAgeMs) throw fail(401, 'IDENTITY_EXPIRED')
  const user = data.user
  if (!user || !Number.isSafeInteger(user.id)) throw fail(401, 'IDENTITY_INVALID')
  return {
    provider: 'telegram',
    subject: String(user.id),
    name: [user.first_name, user.last_name].filter(Boolean).join(' ').slice(0, 200),
    replayKey: sha256(`telegram\n${signedFields(raw)}`),
    validUntil: issuedAt + maxAgeMs,
    // The bot may write to the player (issue 50): signed with the rest, so believed.
    ...(user.allows_write_to_pm === true ? { canMessage: true as const } : {}),
  }
}
