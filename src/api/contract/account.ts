// Account routes (spec 7 "Account", "OTP"): signing in and out, registration and its OTP, and the
// member's own profile, bank account name and password. Types only from the schemas.
import type * as C from '../contract'
import type { Static } from 'typebox'
import { endpoint } from './endpoint'

type MessageBody = Static<typeof C.MessageBody>

export const accountEndpoints = {
  login: endpoint<void, Static<typeof C.LoginRequest>, Static<typeof C.LoginResponse>>('POST', '/api/login'),
  logout: endpoint<void, void, MessageBody>('POST', '/api/logout'),
  otpSend: endpoint<void, Static<typeof C.OtpSendRequest>, Static<typeof C.OtpSendResponse>>('POST', '/api/otp/send'),
  otpVerify: endpoint<void, Static<typeof C.OtpVerifyRequest>, Static<typeof C.OtpVerifyResponse>>('POST', '/api/otp/verify'),
  /** Step 3 of registration, checked by the server before step 4 (spec 4). */
  validate: endpoint<void, Static<typeof C.ValidateAccountRequest>, MessageBody>('POST', '/api/account/validate'),
  /** Registration: answered 201. */
  register: endpoint<void, Static<typeof C.RegisterRequest>, MessageBody>('POST', '/api/account'),
  profile: endpoint<void, void, Static<typeof C.ProfileResponse>>('GET', '/api/account/profile'),
  updateProfile: endpoint<void, Static<typeof C.UpdateProfileRequest>, MessageBody>('PUT', '/api/account/profile'),
  bankAccountName: endpoint<void, Static<typeof C.BankAccountNameRequest>, MessageBody>('PUT', '/api/account/bankAccountName'),
  changePassword: endpoint<void, Static<typeof C.ChangePasswordRequest>, MessageBody>('PUT', '/api/account/changepwd'),
}
