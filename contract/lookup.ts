// Lookup routes and their schemas (spec 7 "Lookups"): what anyone may read (the register wizard's lists, the
// service check, contact) and what only a member reads (deposit, withdraw limits, agreements,
// notice, slip window).
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { text } from './shared'

export const Bank = Type.Object({ code: text(32), nameTH: text(200), nameEN: text(200) })
export type Bank = Static<typeof Bank>
export const BanksResponse = Type.Array(Bank)
export type BanksResponse = Static<typeof BanksResponse>

export const Source = Type.Object({ code: text(32), description: text(200) })
export type Source = Static<typeof Source>
export const SourcesResponse = Type.Array(Source)
export type SourcesResponse = Static<typeof SourcesResponse>

export const RegisterOtpResponse = Type.Object({ registerOTP: Type.Boolean() })
export type RegisterOtpResponse = Static<typeof RegisterOtpResponse>

export const ActiveResponse = Type.Object({
  /** Spin wheel campaign active. */
  isActive: Type.Boolean(),
  /** The whole service is gone. */
  terminated: Type.Boolean(),
})
export type ActiveResponse = Static<typeof ActiveResponse>

export const ContactInfo = Type.Object({
  /** Admin-provided HTML; sanitize before rendering. */
  contactText: text(20_000),
  lineLink: text(2_000),
  lineName: text(200),
  /** URL of the line QR image, or '' when none is set. */
  lineQR: text(2_000),
})
export type ContactInfo = Static<typeof ContactInfo>

export const SiteInfo = Type.Object({ name: text(200), website: text(2_000) })
export type SiteInfo = Static<typeof SiteInfo>

/** Conditions and agreements: lists of admin HTML. */
export const HtmlListResponse = Type.Array(text(50_000))
export type HtmlListResponse = Static<typeof HtmlListResponse>

/** The longest payout time an operator may say (a week), in minutes. */
export const PAYOUT_MINUTES_MAX = 7 * 24 * 60

export const WithdrawLimits = Type.Object({
  withdrawMin: Type.Number(),
  withdrawMax: Type.Number(),
  /** How long a requested withdrawal usually takes to reach the bank, in minutes; absent when the operator says nothing. */
  payoutMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: PAYOUT_MINUTES_MAX })),
})
export type WithdrawLimits = Static<typeof WithdrawLimits>

export const EnableChatWidgetResponse = Type.Object({ enableChatWidget: Type.Boolean() })
export type EnableChatWidgetResponse = Static<typeof EnableChatWidgetResponse>

export const DepositBank = Type.Object({
  bankCode: text(32),
  /** AUTO, QR, WW, E2P, ... */
  bankType: text(32),
  mode: text(32),
  bank: Type.Object({ nameTH: text(200), nameEN: text(200) }),
  bankAccountName: text(200),
  bankAccountNo: text(64),
  currency: Type.Union([Type.Literal('THB'), Type.Literal('LAK'), Type.Literal('BAHT')]),
})
export type DepositBank = Static<typeof DepositBank>
export const WalletAccount = Type.Object({
  walletAccountName: text(200),
  /** Reference server: the wallet's number, shown with a copy button (issue 18). */
  walletAccountNo: Type.Optional(text(32)),
  mode: text(32),
})
export type WalletAccount = Static<typeof WalletAccount>
export const DepositLookup = Type.Object({
  banks: Type.Array(DepositBank),
  wallets: Type.Array(WalletAccount),
  isManual: Type.Boolean(),
  /** The bank (KBANK) QR's minimum amount, major units: the operator's (spec 9, not shown). */
  bankQrMinimum: Type.Optional(Type.Number({ minimum: 0 })),
})
export type DepositLookup = Static<typeof DepositLookup>

/** Slip upload is closed in a daily window (spec 1); times are HH:mm in the server's zone. */
export const SlipLookup = Type.Object({ isOpen: Type.Boolean(), closedFrom: text(5), closedTo: text(5) })
export type SlipLookup = Static<typeof SlipLookup>

/** Notice text with a `{percentFail}` placeholder the app fills from the bonus. */
export const NoticeLookup = Type.Object({ notice: text(20_000) })
export type NoticeLookup = Static<typeof NoticeLookup>

const lookup = <Reply>(name: string) => endpoint<void, void, Reply>('GET', `/api/lookup/${name}`)

/** Readable without a session. */
export const publicLookupEndpoints = {
  banks: lookup<Static<typeof BanksResponse>>('banks'),
  sources: lookup<Static<typeof SourcesResponse>>('sources'),
  registerOTP: lookup<Static<typeof RegisterOtpResponse>>('registerOTP'),
  active: lookup<Static<typeof ActiveResponse>>('active'),
  contact: lookup<Static<typeof ContactInfo>>('contact'),
  info: lookup<Static<typeof SiteInfo>>('info'),
  conditions: lookup<Static<typeof HtmlListResponse>>('conditions'),
  enableChatWidget: lookup<Static<typeof EnableChatWidgetResponse>>('enableChatWidget'),
}

/** A member's only. */
export const memberLookupEndpoints = {
  deposit: lookup<Static<typeof DepositLookup>>('deposit'),
  withdraw: lookup<Static<typeof WithdrawLimits>>('withdraw'),
  agreements: lookup<Static<typeof HtmlListResponse>>('agreements'),
  notice: lookup<Static<typeof NoticeLookup>>('notice'),
  slip: lookup<Static<typeof SlipLookup>>('slip'),
}
