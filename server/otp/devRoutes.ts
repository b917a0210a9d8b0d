// The OTP area's dev stand-ins, at their /dev/ paths in dev and test modes only (routes.ts names
// them): the last code sent to a phone, and the SMS gateway switched down or up.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { fail } from '../shared/http/errors'
import { lastOtpForPhone } from './repo'
import { SwitchableOtpSender } from './sms'

/** What GET /dev/otp/:phone answers: the last code sent to that phone. */
export const DevOtpResponse = Type.Object({ otpCode: Type.String(), otpRef: Type.String() })
export type DevOtpResponse = { otpCode: string; otpRef: string }

const PhoneParams = Type.Object({ phone: Type.String({ maxLength: 32 }) })
const SmsSwitch = Type.Object({ down: Type.Boolean() }, { additionalProperties: false })

export const otpDevRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.get('/dev/otp/:phone', { schema: { params: PhoneParams, response: { 200: DevOtpResponse } } }, async (request) => {
    const otp = await lastOtpForPhone(ctx.db, request.params.phone)
    if (!otp) throw fail(404, 'NO_DATA')
    return { otpCode: otp.code, otpRef: otp.ref }
  })

  app.post('/dev/sms', { schema: { body: SmsSwitch, response: { 200: SmsSwitch } } }, async (request) => {
    if (!(ctx.sms instanceof SwitchableOtpSender)) throw new Error('the SMS gateway has no switch in this mode')
    ctx.sms.down = request.body.down
    return { down: ctx.sms.down }
  })
}
