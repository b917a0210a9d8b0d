// OTP routes and their schemas (spec 7 "OTP"): a code sent to the phone, and its check; a verified
// token is what registration presents (account.ts).
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { filled, optional, phone, text } from './shared'

/** `otpToken`: the token of an earlier send, once verified; the server answers OTP_VERIFIED (the
 *  wizard skips the code) only to the player who presents it. */
const otpToken = optional(128)

export const OtpSendRequest = Type.Object({ phoneNumber: phone, otpToken })
export type OtpSendRequest = Static<typeof OtpSendRequest>
export const OtpSendResponse = Type.Object({
  otpRef: text(16),
  otpToken: text(128),
  /** 'OK' when a code was sent, 'OTP_VERIFIED' when the number is already verified. */
  code: Type.Union([Type.Literal('OK'), Type.Literal('OTP_VERIFIED')]),
})
export type OtpSendResponse = Static<typeof OtpSendResponse>
export const OtpVerifyRequest = Type.Object({ otpToken: filled(128), otpCode: filled(16) })
export type OtpVerifyRequest = Static<typeof OtpVerifyRequest>
export const OtpVerifyResponse = Type.Object({ code: Type.Literal('OTP_CODE_VALID') })
export type OtpVerifyResponse = Static<typeof OtpVerifyResponse>

export const otpEndpoints = {
  send: endpoint<void, OtpSendRequest, OtpSendResponse>('POST', '/api/otp/send'),
  verify: endpoint<void, OtpVerifyRequest, OtpVerifyResponse>('POST', '/api/otp/verify'),
}
