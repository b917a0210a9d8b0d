import { randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import { otpEndpoints as O } from '../../contract/otp'
import { otpDevRoutes } from './devRoutes'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { findMemberByUsername } from '../shared/members'
import { variantOf } from '../shared/context'
import { fail, tooSoon } from '../shared/http/errors'
import { lastRateEvent, otpPhoneLimit, otpRequestLimits, otpVerifyLimits, releaseAttempt, takeAttempt } from '../shared/limits'
import { checkPhone } from '../shared/phone'
import { randomToken, sha256 as hash } from '../shared/tokens'
import { maskPhone } from '../shared/mask'
import * as repo from './repo'
import { isMembersAddress } from '../auth/repo'

export const OTP_TTL_MS = 5 * 60 * 1000
export const RESEND_AFTER_MS = 60 * 1000
export const MAX_WRONG_CODES = 5

function randomRef(): string {
  return Array.from({ length: 4 }, () => String.fromCharCode(65 + randomInt(26))).join('')
}

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** POST /api/otp/send and /api/otp/verify. */
const otpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(O.send, { body: C.OtpSendRequest, response: { 200: C.OtpSendResponse } }),
    handler: async (request) => {
      const phone = request.body.phoneNumber.trim()
      checkPhone(variantOf(ctx), phone)
      // Per address and for everyone before anything is looked up: whether a phone is registered
      // is an answer too, and a machine hears only a handful of them. Where members sign in, the
      // cap for everyone alerts but lets them through (issue 47).
      const known = await isMembersAddress(ctx.db, request.ip, ctx.now())
      await takeAttempt(ctx.db, otpRequestLimits(ctx.limits, request.ip, known), ctx.now(), request.log)
      if (await findMemberByUsername(ctx.db, phone)) throw fail(409, 'EXISTING_USER')
      const now = ctx.now()
      // Only the player holding the phone's verified token skips the code (spec 4): anyone else
      // asking for a verified phone gets a code sent to it, as for any other phone.
      const presented = request.body.otpToken?.trim() ?? ''
      if (await repo.findUsableVerification(ctx.db, presented, phone, now)) return { code: 'OTP_VERIFIED' as const, otpRef: '', otpToken: '' }

      const last = await lastRateEvent(ctx.db, 'otp_send', phone)
      if (last !== undefined && now - last < RESEND_AFTER_MS) throw tooSoon('REQUEST_LIMIT_1MIN', last + RESEND_AFTER_MS - now)
      // Per phone, counted before the SMS goes (SMS pumping).
      const sent = await takeAttempt(ctx.db, [otpPhoneLimit(ctx.limits, phone)], now, request.log)

      const code = String(randomInt(1_000_000)).padStart(6, '0')
      const ref = randomRef()
      const otpToken = randomToken(24)
      await repo.insertOtp(ctx.db, {
        phone,
        tokenHash: hash(otpToken),
        code,
        ref,
        createdAt: now,
        expiresAt: now + OTP_TTL_MS,
      })
      try {
        await ctx.sms.sendOtp({ phone, code, reference: ref })
      } catch (error) {
        request.log.error({ err: error, phone: maskPhone(phone) }, 'OTP SMS failed')
        // No code reached the player: they may ask again at once (the phone's send is not counted,
        // nor its minute's wait); the address and global counts stay, so a failing gateway is not
        // a way around them.
        await releaseAttempt(ctx.db, sent)
        throw fail(502, 'OTP_SEND_FAIL')
      }
      request.log.info({ phone: maskPhone(phone), ref }, 'OTP sent')
      return { code: 'OK' as const, otpRef: ref, otpToken }
    },
  })

  app.route({
    ...routeOf(O.verify, { body: C.OtpVerifyRequest, response: { 200: C.OtpVerifyResponse } }),
    handler: async (request) => {
      await takeAttempt(ctx.db, otpVerifyLimits(ctx.limits, request.ip), ctx.now(), request.log)
      const otpToken = request.body.otpToken.trim()
      const otpCode = request.body.otpCode.trim()
      const otp = await repo.findOtpByTokenHash(ctx.db, hash(otpToken))
      if (!otp) throw fail(400, 'OTP_TOKEN_INVALID')
      const now = ctx.now()
      if (now >= otp.expiresAt) throw fail(400, 'OTP_EXPIRED')
      // The check is counted before the comparison, in one statement: checks in parallel, on any
      // number of instances, compare at most MAX_WRONG_CODES codes in all.
      const checks = await repo.takeCodeCheck(ctx.db, otp.id, MAX_WRONG_CODES)
      if (checks === undefined) throw fail(429, 'OTP_BLOCK')
      if (!sameCode(otpCode, otp.code)) {
        throw checks >= MAX_WRONG_CODES ? fail(429, 'OTP_BLOCK') : fail(400, 'OTP_CODE_INVALID')
      }
      // A repeated verify of a verified token (double tap) succeeds again without a new record.
      await repo.markOtpVerified(ctx.db, otp, now)
      return { code: 'OTP_CODE_VALID' as const }
    },
  })
}

export const otpArea: AreaRoutes = { open: otpRoutes, dev: otpDevRoutes }
