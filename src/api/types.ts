// The wire types of spec sections 3 and 7, derived from the schemas of contract.ts (type-only:
// nothing of TypeBox reaches the bundle), so the contract is written once for the app and the
// reference server. Money on the wire is in major units (baht, kip) with up to two decimals; the
// server keeps integer minor units internally.

import type { Static } from 'typebox'
import type * as Contract from './contract'
import type { ErrorCode } from './errorCodes'

export type Variant = 'th' | 'la'
export type Currency = 'THB' | 'LAK' | 'BAHT'

export type RuntimeConfig = Static<typeof Contract.RuntimeConfig>
export type HowtoVideos = RuntimeConfig['howto']
export type ConfigPatch = Static<typeof Contract.ConfigPatch>

/** Every error answer carries the spec 8 code (or a raw text) in `message`. */
export interface ErrorBody {
  message: ErrorCode | 'gone' | 'invalid token' | 'cannot verify identity' | (string & {})
}

/** A plain acknowledgement. */
export type MessageBody = Static<typeof Contract.MessageBody>

// ---- Lookups (GET /api/lookup/...) ----
export type Bank = Static<typeof Contract.Bank>
export type BanksResponse = Static<typeof Contract.BanksResponse>
export type Source = Static<typeof Contract.Source>
export type SourcesResponse = Static<typeof Contract.SourcesResponse>
export type RegisterOtpResponse = Static<typeof Contract.RegisterOtpResponse>
export type ActiveResponse = Static<typeof Contract.ActiveResponse>
export type ContactInfo = Static<typeof Contract.ContactInfo>
export type SiteInfo = Static<typeof Contract.SiteInfo>
export type HtmlListResponse = Static<typeof Contract.HtmlListResponse>
export type WithdrawLimits = Static<typeof Contract.WithdrawLimits>
export type EnableChatWidgetResponse = Static<typeof Contract.EnableChatWidgetResponse>
export type DepositBank = Static<typeof Contract.DepositBank>
export type WalletAccount = Static<typeof Contract.WalletAccount>
export type DepositLookup = Static<typeof Contract.DepositLookup>
export type SlipLookup = Static<typeof Contract.SlipLookup>
export type NoticeLookup = Static<typeof Contract.NoticeLookup>

// ---- OTP ----
export type OtpSendRequest = Static<typeof Contract.OtpSendRequest>
export type OtpSendResponse = Static<typeof Contract.OtpSendResponse>
export type OtpVerifyRequest = Static<typeof Contract.OtpVerifyRequest>
export type OtpVerifyResponse = Static<typeof Contract.OtpVerifyResponse>

// ---- Account ----
export type RegisterRequest = Static<typeof Contract.RegisterRequest>
export type ValidateAccountRequest = Static<typeof Contract.ValidateAccountRequest>
export type LoginRequest = Static<typeof Contract.LoginRequest>
export type LoginResponse = Static<typeof Contract.LoginResponse>
export type Profile = Static<typeof Contract.Profile>
export type BankAccount = Static<typeof Contract.BankAccount>
export type ProfileResponse = Static<typeof Contract.ProfileResponse>
export type UpdateProfileRequest = Static<typeof Contract.UpdateProfileRequest>
export type BankAccountNameRequest = Static<typeof Contract.BankAccountNameRequest>
export type ChangePasswordRequest = Static<typeof Contract.ChangePasswordRequest>

// ---- Deposits: QR, slip, gift link ----
export type QrProvider = Static<typeof Contract.QrProvider>
export type QrCreateRequest = Static<typeof Contract.QrCreateRequest>
export type QrState = Static<typeof Contract.QrState>
export type QrStatus = Static<typeof Contract.QrStatus>
export type SlipStatus = Static<typeof Contract.SlipStatus>
export type Slip = Static<typeof Contract.Slip>
export type SlipPageRequest = Static<typeof Contract.SlipPageRequest>
export type SlipPageResponse = Static<typeof Contract.SlipPageResponse>
export type SlipImageUrl = Static<typeof Contract.SlipImageUrl>
export type TruelinkRequest = Static<typeof Contract.TruelinkRequest>

// ---- Wallet ----
export type SlotCategory = Static<typeof Contract.SlotCategory>
export type Slot = Static<typeof Contract.Slot>
export type WalletAmount = Static<typeof Contract.WalletAmount>
export type WalletResponse = Static<typeof Contract.WalletResponse>
export type SlotsRefreshResponse = Static<typeof Contract.SlotsRefreshResponse>
export type GameCredentials = Static<typeof Contract.GameCredentials>
export type TransferRequest = Static<typeof Contract.TransferRequest>
export type TransferAllRequest = Static<typeof Contract.TransferAllRequest>
export type TransferResponse = Static<typeof Contract.TransferResponse>
export type WithdrawRequest = Static<typeof Contract.WithdrawRequest>
export type WithdrawalStatus = Static<typeof Contract.WithdrawalStatus>
export type WithdrawalDestination = Static<typeof Contract.WithdrawalDestination>
export type Withdrawal = Static<typeof Contract.Withdrawal>
export type WithdrawResponse = Static<typeof Contract.WithdrawResponse>
export type WithdrawalListQuery = Static<typeof Contract.WithdrawalListQuery>
export type WithdrawalList = Static<typeof Contract.WithdrawalList>
export type AutoLoginResponse = Static<typeof Contract.AutoLoginResponse>
export type Banner = Static<typeof Contract.Banner>
export type Invite = Static<typeof Contract.Invite>
export type InviteListResponse = Static<typeof Contract.InviteListResponse>
export type RefundCheck = Static<typeof Contract.RefundCheck>
export type Refund = Static<typeof Contract.Refund>
export type RefundListResponse = Static<typeof Contract.RefundListResponse>
