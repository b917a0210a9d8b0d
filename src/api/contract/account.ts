// Account routes and their schemas (spec 7 "Account", "OTP"): signing in and out, registration and its OTP, and the
// member's own profile, bank account name and password.
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { MessageBody, code, filled, name, optional, password, phone, text } from './shared'

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

const identity = {
  name,
  /** The phone number. */
  username: phone,
  password,
  sourceCode: optional(32),
  inviteCode: optional(64),
  /** LAK or BAHT in the Lao variant; THB (or nothing) otherwise. */
  currency: optional(8),
  /** The verified OTP token of this phone (beyond spec 3): required by the server while OTP
   *  registration is on, and used up by the registration. */
  otpToken,
}

/** POST /api/account: the whole registration. */
export const RegisterRequest = Type.Object({
  ...identity,
  bankCode: code,
  /** First and last name joined by one space. */
  bankAccountName: filled(200),
  bankAccountNo: filled(32),
})
export type RegisterRequest = Static<typeof RegisterRequest>

/** POST /api/account/validate: the same payload; step 3 sends it before the bank is chosen. */
export const ValidateAccountRequest = Type.Object({
  ...identity,
  bankCode: optional(32),
  bankAccountName: optional(200),
  bankAccountNo: optional(32),
})
export type ValidateAccountRequest = Static<typeof ValidateAccountRequest>

export const LoginRequest = Type.Object({ username: phone, password })
export type LoginRequest = Static<typeof LoginRequest>
/**
 * `passwordChangeRequired`: the password that signed in is shorter than today's rule allows (it
 * was set before the rule); the app asks the member to change it. Absent otherwise, and from an
 * operator's API that does not know it.
 */
export const LoginResponse = Type.Object({ token: text(128), passwordChangeRequired: Type.Optional(Type.Boolean()) })
export type LoginResponse = Static<typeof LoginResponse>

export const Profile = Type.Object({
  _id: text(64),
  username: text(32),
  name: text(100),
  createdAt: text(40),
  bankCode: text(32),
  bankAccountName: text(200),
  bankAccountNo: text(64),
})
export type Profile = Static<typeof Profile>

export const BankAccount = Type.Object({
  bankCode: text(32),
  bankAccountName: text(200),
  bankAccountNo: text(64),
  bank: Type.Object({ nameTH: text(200), nameEN: text(200) }),
})
export type BankAccount = Static<typeof BankAccount>

export const ProfileResponse = Type.Object({ profile: Profile, bankAccount: BankAccount })
export type ProfileResponse = Static<typeof ProfileResponse>

export const UpdateProfileRequest = Type.Object({
  name,
  bankCode: code,
  bankAccountName: filled(200),
  bankAccountNo: filled(32),
})
export type UpdateProfileRequest = Static<typeof UpdateProfileRequest>

export const BankAccountNameRequest = Type.Object({ bankCode: code, bankAccountName: filled(200) })
export type BankAccountNameRequest = Static<typeof BankAccountNameRequest>

export const ChangePasswordRequest = Type.Object({ oldPassword: password, newPassword: password })
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>


export const accountEndpoints = {
  login: endpoint<void, Static<typeof LoginRequest>, Static<typeof LoginResponse>>('POST', '/api/login'),
  logout: endpoint<void, void, MessageBody>('POST', '/api/logout'),
  otpSend: endpoint<void, Static<typeof OtpSendRequest>, Static<typeof OtpSendResponse>>('POST', '/api/otp/send'),
  otpVerify: endpoint<void, Static<typeof OtpVerifyRequest>, Static<typeof OtpVerifyResponse>>('POST', '/api/otp/verify'),
  /** Step 3 of registration, checked by the server before step 4 (spec 4). */
  validate: endpoint<void, Static<typeof ValidateAccountRequest>, MessageBody>('POST', '/api/account/validate'),
  /** Registration: answered 201. */
  register: endpoint<void, Static<typeof RegisterRequest>, MessageBody>('POST', '/api/account'),
  profile: endpoint<void, void, Static<typeof ProfileResponse>>('GET', '/api/account/profile'),
  updateProfile: endpoint<void, Static<typeof UpdateProfileRequest>, MessageBody>('PUT', '/api/account/profile'),
  bankAccountName: endpoint<void, Static<typeof BankAccountNameRequest>, MessageBody>('PUT', '/api/account/bankAccountName'),
  changePassword: endpoint<void, Static<typeof ChangePasswordRequest>, MessageBody>('PUT', '/api/account/changepwd'),
}
