// Account routes and their schemas (spec 7 "Account"): registration, and the member's own profile,
// bank account name and password. Signing in and out is auth.ts's, the OTP otp.ts's.
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { MessageBody, code, filled, name, optional, password, phone, text } from './shared'

/** The verified OTP token of the phone, when registration asks for one (otp.ts). */
const otpToken = optional(128)

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
  /** Step 3 of registration, checked by the server before step 4 (spec 4). */
  validate: endpoint<void, Static<typeof ValidateAccountRequest>, MessageBody>('POST', '/api/account/validate'),
  /** Registration: answered 201. */
  register: endpoint<void, Static<typeof RegisterRequest>, MessageBody>('POST', '/api/account'),
  profile: endpoint<void, void, Static<typeof ProfileResponse>>('GET', '/api/account/profile'),
  updateProfile: endpoint<void, Static<typeof UpdateProfileRequest>, MessageBody>('PUT', '/api/account/profile'),
  bankAccountName: endpoint<void, Static<typeof BankAccountNameRequest>, MessageBody>('PUT', '/api/account/bankAccountName'),
  changePassword: endpoint<void, Static<typeof ChangePasswordRequest>, MessageBody>('PUT', '/api/account/changepwd'),
}
