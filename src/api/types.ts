// The wire contract of spec sections 3 and 7, written once: the app and the reference server
// (`server/`) both import it. Money on the wire is in major units (baht, kip) with up to two
// decimals; the server keeps integer minor units internally.

import type { ErrorCode } from './errorCodes'

export type Variant = 'th' | 'la'
export type Currency = 'THB' | 'LAK' | 'BAHT'

/** `public/config.json`, fetched before the first render. */
export interface RuntimeConfig {
  /** Base URL of the wallet API; '' means the app's own origin. */
  apiBase: string
  variant: Variant
  appName: string
  /** Socket URL of the chat backend, or null when there is none. */
  chat: string | null
  line: { liffId: string; mock: boolean } | null
  telegram: { botUsername: string; appName: string } | null
  /** The five how-to videos of spec 2 ("How-to"). */
  howto: HowtoVideos
  /** Shown on the contact page when the server has no contact text yet. */
  contact: { lineName: string; lineLink: string }
}

export interface HowtoVideos {
  wallet: string
  play: string
  balance: string
  bonus: string
  bonusCancel: string
}

/** Every error answer carries the spec 8 code (or a raw text) in `message`. */
export interface ErrorBody {
  message: ErrorCode | 'gone' | 'invalid token' | 'cannot verify identity' | (string & {})
}

/** A plain acknowledgement. */
export interface MessageBody {
  message: string
}

// ---- Lookups (GET /api/lookup/...) ----

export interface Bank {
  code: string
  nameTH: string
  nameEN: string
}
export type BanksResponse = Bank[]

export interface Source {
  code: string
  description: string
}
export type SourcesResponse = Source[]

export interface RegisterOtpResponse {
  registerOTP: boolean
}

export interface ActiveResponse {
  /** Spin wheel campaign active. */
  isActive: boolean
  /** The whole service is gone. */
  terminated: boolean
}

export interface ContactInfo {
  /** Admin-provided HTML; sanitize before rendering. */
  contactText: string
  lineLink: string
  lineName: string
  /** URL of the line QR image, or '' when none is set. */
  lineQR: string
}

export interface SiteInfo {
  name: string
  website: string
}

/** Conditions and agreements: lists of admin HTML. */
export type HtmlListResponse = string[]

export interface WithdrawLimits {
  withdrawMin: number
  withdrawMax: number
}

export interface EnableChatWidgetResponse {
  enableChatWidget: boolean
}

// ---- OTP ----

export interface OtpSendRequest {
  phoneNumber: string
}
export interface OtpSendResponse {
  otpRef: string
  otpToken: string
  /** 'OK' when a code was sent, 'OTP_VERIFIED' when the number is already verified. */
  code: 'OK' | 'OTP_VERIFIED'
}
export interface OtpVerifyRequest {
  otpToken: string
  otpCode: string
}
export interface OtpVerifyResponse {
  code: 'OTP_CODE_VALID'
}

// ---- Account ----

export interface RegisterRequest {
  name: string
  /** The phone number. */
  username: string
  password: string
  sourceCode: string
  inviteCode: string
  bankCode: string
  /** First and last name joined by one space. */
  bankAccountName: string
  bankAccountNo: string
  /** LAK or BAHT in the Lao variant; THB otherwise. */
  currency: Currency
}

export interface LoginRequest {
  username: string
  password: string
}
export interface LoginResponse {
  token: string
}

export interface Profile {
  _id: string
  username: string
  name: string
  createdAt: string
  bankCode: string
  bankAccountName: string
  bankAccountNo: string
}

export interface BankAccount {
  bankCode: string
  bankAccountName: string
  bankAccountNo: string
  bank: { nameTH: string; nameEN: string }
}

export interface ProfileResponse {
  profile: Profile
  bankAccount: BankAccount
}

export interface UpdateProfileRequest {
  name: string
  bankCode: string
  bankAccountName: string
  bankAccountNo: string
}

export interface BankAccountNameRequest {
  bankCode: string
  bankAccountName: string
}

export interface ChangePasswordRequest {
  oldPassword: string
  newPassword: string
}

// ---- Lookups used by later screens (shapes fixed now so the server can serve them) ----

export interface DepositBank {
  bankCode: string
  /** AUTO, QR, WW, E2P, ... */
  bankType: string
  mode: string
  bank: { nameTH: string; nameEN: string }
  bankAccountName: string
  bankAccountNo: string
  currency: Currency
}
export interface WalletAccount {
  walletAccountName: string
  mode: string
}
export interface DepositLookup {
  banks: DepositBank[]
  wallets: WalletAccount[]
  isManual: boolean
}

/** Slip upload is closed in a daily window (spec 1); times are HH:mm in the server's zone. */
export interface SlipLookup {
  isOpen: boolean
  closedFrom: string
  closedTo: string
}

/** Notice text with a `{percentFail}` placeholder the app fills from the bonus. */
export interface NoticeLookup {
  notice: string
}
