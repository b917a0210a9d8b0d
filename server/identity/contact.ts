// The phone number from Telegram (issue 31 section 3): the contact the player shared through the
// Mini App's requestContact, as Telegram signed it (`contact=<json>&auth_date=..&hash=..`). It is
// signed like init data, by the bot token's HMAC (Telegram adds no third-party signature to it), so
// only a server holding the token can believe it. It is believed only for the Telegram user of the
// init data sent with it, and once: a contact is not a way to fill in or verify someone else's phone.
import type { FastifyRequest } from 'fastify'
import { validate } from '@tma.js/init-data-node'
import * as C from '../../contract'
import { insertVerified } from '../otp/repo'
import { type ServerContext, variantOf } from '../shared/context'
import { fail } from '../shared/http/errors'
import { messengerLoginLimits, releaseAttempt, takeAttempt } from '../shared/limits'
import { findMemberByUsername } from '../shared/members'
import { localPhone } from '../shared/phone'
import { getSetting } from '../shared/settings'
import { randomToken, sha256 } from '../shared/tokens'
import * as repo from './repo'
import { telegramContactOn } from './settings'
import { CLOCK_SKEW_MS, signedFields, verifyTelegram } from './telegram'

interface VerifiedContact {
  /** As Telegram signed it (international, digits). */
  phone: string
  replayKey: string
  validUntil: number
}

/** Telegram's contact JSON, read only after its signature passed. */
function contactOf(raw: string): { userId: number; phone: string } | undefined {
  try {
    const contact: unknown = JSON.parse(new URLSearchParams(raw).get('contact') ?? '')
    if (!contact || typeof contact !== 'object') return undefined
    const { user_id: userId, phone_number: phone } = contact as Record<string, unknown>
    if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || typeof phone !== 'string') return undefined
    return { userId, phone }
  } catch {
    return undefined
  }
}

/** The contact's phone, when Telegram signed it lately for the player whose init data comes with it. */
export async function verifyContact(ctx: ServerContext, initData: string, raw: string): Promise<VerifiedContact> {
  const settings = ctx.identity
  const token = settings.telegramBotToken
  if (token === undefined) throw fail(404, 'IDENTITY_OFF')
  const now = ctx.now()
  // Who opened the app: init data checked as at a messenger sign-in (and not used up by this).
  const player = await verifyTelegram(settings, initData, now)
  try {
    validate(raw, token, { expiresIn: 0 })
  } catch {
    throw fail(401, 'CONTACT_INVALID')
  }
  const contact = contactOf(raw)
  // Init data passes the HMAC too: a string without a contact in it is no contact.
  if (!contact) throw fail(401, 'CONTACT_INVALID')
  const issuedAt = Number(new URLSearchParams(raw).get('auth_date')) * 1000
  const maxAgeMs = settings.telegramMaxAgeSeconds * 1000
  if (!Number.isFinite(issuedAt) || issuedAt > now + CLOCK_SKEW_MS) throw fail(401, 'CONTACT_INVALID')
  if (now - issuedAt > maxAgeMs) throw fail(401, 'CONTACT_EXPIRED')
  if (String(contact.userId) !== player.subject) throw fail(403, 'CONTACT_NOT_YOURS')
  return {
    phone: contact.phone,
    replayKey: sha256(`telegram-contact\n${signedFields(raw)}`),
    validUntil: issuedAt + maxAgeMs,
  }
}

/** POST /api/telegram/contact (open: the player is signing in or registering): the phone, and the OTP step's proof where allowed. */
export async function telegramContact(ctx: ServerContext, request: FastifyRequest, body: C.TelegramContactRequest): Promise<C.TelegramContactResponse> {
  if (!telegramContactOn(ctx.identity)) throw fail(404, 'IDENTITY_OFF')
  // Counted before the checks, as a messenger sign-in is.
  const attempt = await takeAttempt(ctx.db, messengerLoginLimits(ctx.limits, request.ip), ctx.now(), request.log)
  const verified = await verifyContact(ctx, body.initData, body.contact)
  const phone = localPhone(variantOf(ctx), verified.phone)
  const now = ctx.now()
  if (!(await repo.useCredential(ctx.db, verified.replayKey, verified.validUntil, now))) throw fail(401, 'CONTACT_USED')
  await releaseAttempt(ctx.db, attempt)
  // The OTP step's own proof, for this phone only and used up by the registration it opens;
  // none for a registered phone (that is a sign-in) or while registration asks no OTP.
  const skips = ctx.identity.telegramContactSkipsOtp && (await getSetting(ctx.db, 'registerOTP')) && !(await findMemberByUsername(ctx.db, phone))
  // Nothing of the contact or its phone is logged: only that one was checked.
  request.log.info({ provider: 'telegram', skipsOtp: skips }, 'telegram contact verified')
  if (!skips) return { phone }
  const otpToken = randomToken(24)
  await insertVerified(ctx.db, phone, sha256(otpToken), now)
  return { phone, otpToken }
}
