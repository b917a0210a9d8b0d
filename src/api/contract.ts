// The wire contract of spec sections 3 and 7 as JSON schemas (TypeBox), written once, each type
// exported beside its schema. The reference server validates bodies and shapes replies with them;
// the app imports only the types (`import type`), so none of TypeBox reaches the bundle. Money on
// the wire is in major units (baht, kip) with up to two decimals; the server keeps integer minor
// units internally. The routes themselves are described in contract/<area>.ts.
import { type Static, Type } from 'typebox'
import type { ErrorCode } from './errorCodes'
// The chat's constants have a module of their own, free of TypeBox: the app imports them as values.
import { CHAT_HISTORY_MAX, CHAT_TEXT_MAX } from './contract/chatLimits'

/** A string field with a ceiling: every string on the wire has one. */
const text = (maxLength: number) => Type.String({ maxLength })
/** A required text field: absent, null, empty or blank is KEY_MISSING (see the server's error handler). */
const filled = (maxLength: number) => Type.String({ maxLength, pattern: '\\S' })
/** An optional text field: may be missing, null or empty. */
const optional = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]))

/** Phone numbers travel as digits; the rules (10 digits, or 8 to 15 in Lao) are the server's. */
const phone = filled(32)
/** Passwords keep their spaces; 128 characters is far above any real one and bounds the hashing. */
const password = filled(128)
const name = filled(100)
const code = filled(32)

/** The two variants of the product (spec 1): Thailand, and Laos. */
export type Variant = 'th' | 'la'
/** A member's currency: baht, or in the Lao variant kip or baht. */
export type Currency = 'THB' | 'LAK' | 'BAHT'

/** Every error answer carries the spec 8 code (or a raw text) in `message`. */
export interface ErrorBody {
  message: ErrorCode | 'gone' | 'invalid token' | 'cannot verify identity' | (string & {})
  /** The limit a refusal names (WITHDRAW_MINIMUM, WITHDRAW_MAXIMUM, BONUS_CONDITION), major units of the member's currency. */
  limit?: number
  /** Beyond the spec: the balance the rule was checked against (BONUS_CONDITION), major units. */
  balance?: number
  /** Beyond the spec: the currency of `limit` and `balance` (the member's). */
  currency?: string
}

// ---- Runtime config (`/config.json`) ----

const HowtoVideos = Type.Object({
  wallet: text(2_000),
  play: text(2_000),
  balance: text(2_000),
  bonus: text(2_000),
  bonusCancel: text(2_000),
})
const ContactFallback = Type.Object({ lineName: text(200), lineLink: text(2_000) })
const Line = Type.Object({ liffId: text(64), mock: Type.Boolean() })
const Telegram = Type.Object({ botUsername: text(64), appName: text(64) })

/** `/config.json`, fetched before the first render. */
export const RuntimeConfig = Type.Object({
  /** Base URL of the wallet API; '' means the app's own origin. */
  apiBase: text(2_000),
  variant: Type.Union([Type.Literal('th'), Type.Literal('la')]),
  appName: text(100),
  /** Socket URL of the chat backend, or null when there is none. */
  chat: Type.Union([text(2_000), Type.Null()]),
  line: Type.Union([Line, Type.Null()]),
  telegram: Type.Union([Telegram, Type.Null()]),
  /** The five how-to videos of spec 2 ("How-to"). */
  howto: HowtoVideos,
  /** Shown on the contact page when the server has no contact text yet. */
  contact: ContactFallback,
  /** The passphrase the app encrypts a TrueMoney gift link with (crypto-js AES) before sending it. */
  truelinkSecret: text(256),
  /** Send an `Idempotency-Key` header on money calls (one key per player action). Only when the
   *  operator's API accepts the header (across origins, its CORS must allow it); absent = off. */
  idempotencyKeys: Type.Optional(Type.Boolean()),
})
export type RuntimeConfig = Static<typeof RuntimeConfig>
export type HowtoVideos = RuntimeConfig['howto']

/** A partial config (APP_CONFIG, POST /dev/config); `howto` and `contact` merge key by key. */
export const ConfigPatch = Type.Object(
  {
    apiBase: Type.Optional(RuntimeConfig.properties.apiBase),
    variant: Type.Optional(RuntimeConfig.properties.variant),
    appName: Type.Optional(RuntimeConfig.properties.appName),
    chat: Type.Optional(RuntimeConfig.properties.chat),
    line: Type.Optional(RuntimeConfig.properties.line),
    telegram: Type.Optional(RuntimeConfig.properties.telegram),
    howto: Type.Optional(Type.Partial(HowtoVideos, { additionalProperties: false })),
    contact: Type.Optional(Type.Partial(ContactFallback, { additionalProperties: false })),
    truelinkSecret: Type.Optional(RuntimeConfig.properties.truelinkSecret),
    idempotencyKeys: RuntimeConfig.properties.idempotencyKeys,
  },
  { additionalProperties: false },
)
export type ConfigPatch = Static<typeof ConfigPatch>

// ---- Shared replies ----

export const MessageBody = Type.Object({ message: text(200) })
export type MessageBody = Static<typeof MessageBody>

export const ErrorBody = Type.Object({ message: text(200), limit: Type.Optional(Type.Number()), balance: Type.Optional(Type.Number()), currency: Type.Optional(text(8)) })

// ---- Lookups ----

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

export const WithdrawLimits = Type.Object({ withdrawMin: Type.Number(), withdrawMax: Type.Number() })
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

// ---- OTP ----

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

// ---- Account ----

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

// ==== Deposits: QR codes, slips, gift links (spec 3, 4, 5, 7) ====

/** The QR deposit providers of spec 7. */
export const QrProvider = Type.Union([Type.Literal('KBANK'), Type.Literal('WW'), Type.Literal('E2P')])
export type QrProvider = Static<typeof QrProvider>
export const QrProviderParams = Type.Object({ provider: QrProvider })
export const QrIdParams = Type.Object({ qrcodeId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) })

/** Major units; the server refuses more than 2 decimals and converts to integer minor units. */
const depositAmount = Type.Number({ exclusiveMinimum: 0, maximum: 1e9 })

export const QrCreateRequest = Type.Object({ amount: depositAmount }, { additionalProperties: false })
export type QrCreateRequest = Static<typeof QrCreateRequest>

/** Where a QR stands. Not in the spec: an operator's API may leave it out (see QrState.status). */
export const QrStatus = Type.Union([Type.Literal('open'), Type.Literal('paid'), Type.Literal('expired'), Type.Literal('cancelled')])
export type QrStatus = Static<typeof QrStatus>

/**
 * GET /api/qrcode/:provider?qrcodeId=: the QR the app shows, so the answer is that QR's state even
 * once it is paid, cancelled or expired. Optional, beyond the spec: an API that ignores it answers
 * the provider's open QR (or none), and one that does not know the id answers the same.
 */
export const QrStateQuery = Type.Object({ qrcodeId: Type.Optional(QrIdParams.properties.qrcodeId) })

/** A member's QR for one provider; `hasQrcode: false` carries a message when the provider is off. */
export const QrState = Type.Object({
  qrcodeId: Type.Union([text(64), Type.Null()]),
  hasQrcode: Type.Boolean(),
  /** SVG markup (one path, no script); sanitize before rendering. Null when there is no QR. */
  qrcode: Type.Union([text(60_000), Type.Null()]),
  amount: Type.Union([Type.Number(), Type.Null()]),
  /** Whole seconds left until the QR expires, counted when the answer was made; 0 without a QR. */
  expireIn: Type.Integer({ minimum: 0 }),
  /** '' normally; the operator's text when the provider is off. */
  message: text(500),
  /**
   * Beyond the spec, optional: 'open' for a QR to pay; for the QR asked by `qrcodeId` once it is
   * closed, 'paid', 'expired' or 'cancelled' (then `hasQrcode` is false and `qrcode` null). An
   * answer without it says nothing of a QR that is gone: the app then only knows it is closed.
   */
  status: Type.Optional(QrStatus),
  /** Beyond the spec, optional, for a paid QR asked by `qrcodeId`: the statement's reference of the deposit. */
  reference: Type.Optional(text(64)),
  /** Beyond the spec, optional, for a paid QR asked by `qrcodeId`: when the money arrived (ISO 8601). */
  paidAt: Type.Optional(text(40)),
})
export type QrState = Static<typeof QrState>

/** Upload status: the app treats SUCCESS and FAILED as final and anything else as in progress (spec 4). */
export const SlipStatus = Type.Union([Type.Literal('PROCESSING'), Type.Literal('SUCCESS'), Type.Literal('FAILED')])
export type SlipStatus = Static<typeof SlipStatus>

/** One slip upload or gift link, as the statement's slip table lists it (spec 3 "Slip"). */
export const Slip = Type.Object({
  createdAt: text(40),
  /** Major units; 0 until the slip is read. */
  amount: Type.Number(),
  status: SlipStatus,
  /** A spec 8 slip reason code when failed, else null. */
  note: Type.Union([text(64), Type.Null()]),
  /** A gift link, shortened so the voucher is not repeated whole; null for a slip. */
  link: Type.Union([text(2_000), Type.Null()]),
  /** Names this upload: GET /api/statement/slip/reference/:reference gives its image. */
  reference: text(64),
})
export type Slip = Static<typeof Slip>

export const SlipPageRequest = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000 }),
  limit: Type.Integer({ minimum: 1, maximum: 100 }),
})
export type SlipPageRequest = Static<typeof SlipPageRequest>
export const SlipPageResponse = Type.Object({ total: Type.Integer({ minimum: 0 }), slips: Type.Array(Slip) })
export type SlipPageResponse = Static<typeof SlipPageResponse>

export const SlipReferenceParams = Type.Object({ reference: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' }) })
/** A short-lived address of the slip image that only its owner was given. */
export const SlipImageUrl = Type.Object({ url: text(2_000) })
export type SlipImageUrl = Static<typeof SlipImageUrl>

// ---- Statement (spec 3 "Statement entry", spec 7 "Statement") ----

/** What a statement row records: the activities of spec 8's statement labels. */
export const StatementType = Type.Union([
  Type.Literal('deposit'), Type.Literal('bonus'), Type.Literal('finish_bonus'), Type.Literal('withdraw'), Type.Literal('transfer'),
])
export type StatementType = Static<typeof StatementType>
/** Where a bonus row's money came from, with its description (a bonus's or promotion's name, a prize's label). */
const StatementLink = Type.Optional(Type.Object({ description: text(2_000) }))
/** One row of the member's statement: a view of their ledger movements, slips, withdrawals and transfers. */
export const StatementEntry = Type.Object({
  /** Unique among the member's rows; what the player quotes to support (the receipt's reference). */
  reference: text(64),
  statementType: StatementType,
  /** WALLET, a game code, a bank code or a deposit way (slip, truelink, qrcode); null where none applies. */
  from: Type.Union([text(32), Type.Null()]),
  to: Type.Union([text(32), Type.Null()]),
  /** SUCCESS and FAILED are final; anything else is in progress (spec 4). */
  status: SlipStatus,
  /** Major units of `currency`, never signed: the sign is the statement type's (spec 4). */
  amount: Type.Number({ minimum: 0 }),
  currency: text(8),
  createdAt: text(40),
  /** A slip's reason code when it failed, a withdrawal's `review` while held; else null. */
  note: Type.Union([text(64), Type.Null()]),
  bonus: StatementLink,
  promotion: StatementLink,
  invite: StatementLink,
  refund: StatementLink,
  luckydraw: StatementLink,
  /** A withdrawal's destination, the account number masked but its last 4 digits. */
  destination: Type.Optional(Type.Object({ bankCode: text(32), bankAccountName: text(200), bankAccountNo: text(64) })),
})
export type StatementEntry = Static<typeof StatementEntry>
export const StatementResponse = Type.Object({ total: Type.Integer({ minimum: 0 }), statements: Type.Array(StatementEntry) })
export type StatementResponse = Static<typeof StatementResponse>

/** POST /api/wallet/truelink: the gift link encrypted as `CryptoJS.AES.encrypt(link, secret).toString()`. */
export const TruelinkRequest = Type.Object({ link: filled(4_000) }, { additionalProperties: false })
export type TruelinkRequest = Static<typeof TruelinkRequest>

// ---- Wallet, game accounts, transfers and withdrawals (spec 3 and 7) ----

/**
 * An amount sent by the app: major units as a JSON number, or a decimal string from a form. The
 * server parses it strictly (at most 2 decimals, positive, below its ceiling).
 */
const amountIn = Type.Union([Type.Number(), Type.String({ maxLength: 32 })])
/** WALLET or a game code. */
const account = filled(32)

export const SlotCategory = Type.Union([Type.Literal('slot'), Type.Literal('sport'), Type.Literal('lotto')])
export type SlotCategory = Static<typeof SlotCategory>

/** A game account card: amounts are major units, `ftWalletSlot` the multiplier shown beside it. */
export const Slot = Type.Object({
  code: text(32),
  name: text(100),
  category: SlotCategory,
  isActive: Type.Boolean(),
  amount: Type.Number(),
  ftWalletSlot: Type.Number(),
  logo: text(2_000),
  background: text(2_000),
  web: Type.Union([text(2_000), Type.Null()]),
  android: Type.Union([text(2_000), Type.Null()]),
  ios: Type.Union([text(2_000), Type.Null()]),
})
export type Slot = Static<typeof Slot>

export const WalletAmount = Type.Object({ amount: Type.Number(), currency: text(8) })
export type WalletAmount = Static<typeof WalletAmount>

/** GET /api/wallet. */
export const WalletResponse = Type.Object({
  profile: Type.Object({ _id: text(64), name: text(100), username: text(32), coin: Type.Number() }),
  bankAccount: BankAccount,
  wallet: WalletAmount,
  invite: Type.Object({ amount: Type.Number(), success: Type.Number(), fail: Type.Number() }),
  slots: Type.Array(Slot),
})
export type WalletResponse = Static<typeof WalletResponse>

/** GET /api/wallet/refresh/slot: the balances again, without the profile. */
export const SlotsRefreshResponse = Type.Object({ wallet: WalletAmount, slots: Type.Array(Slot) })
export type SlotsRefreshResponse = Static<typeof SlotsRefreshResponse>

export const SlotCodeParams = Type.Object({ slotCode: text(32) })

/** GET /api/wallet/account/:slotCode and /resetpassword/:slotCode. */
export const GameCredentials = Type.Object({
  username: text(64),
  password: text(64),
  /** Form-state fields of one provider's login form, when it has one. */
  event: Type.Optional(Type.Record(Type.String(), text(200))),
})
export type GameCredentials = Static<typeof GameCredentials>

export const TransferRequest = Type.Object({ from: account, to: account, amount: amountIn }, { additionalProperties: false })
export type TransferRequest = Static<typeof TransferRequest>
export const TransferAllRequest = Type.Object({ to: account }, { additionalProperties: false })
export type TransferAllRequest = Static<typeof TransferAllRequest>
export const TransferResponse = Type.Object({
  message: Type.Literal('SUCCESS'),
  /** What moved, major units. */
  amount: Type.Number(),
  wallet: WalletAmount,
  /**
   * Reference server: the statement's references of what reached its target (`T12`), one per
   * account moved, for the receipt. Absent from an operator's API that does not say them.
   */
  references: Type.Optional(Type.Array(text(32), { maxItems: 100 })),
  /**
   * Reference server, transferAll: the games whose provider could not be reached; their money
   * stayed where it was (or came back to the wallet). Absent when every game answered.
   */
  unreachable: Type.Optional(Type.Array(text(32))),
})
export type TransferResponse = Static<typeof TransferResponse>

export const WithdrawRequest = Type.Object({ amount: amountIn }, { additionalProperties: false })
export type WithdrawRequest = Static<typeof WithdrawRequest>
/** requested: waiting to be paid; review: held after a bank account change; then paid or failed. */
export const WithdrawalStatus = Type.Union([
  Type.Literal('requested'), Type.Literal('review'), Type.Literal('paid'), Type.Literal('failed'),
])
export type WithdrawalStatus = Static<typeof WithdrawalStatus>
/**
 * Where a withdrawal is paid: the member's bank account when it was requested, kept with it, so a
 * later bank account change never redirects it. Every member answer masks the account number
 * but its last 4 digits (`xxxxxx7890`); the operator's settlement answer carries it whole.
 */
export const WithdrawalDestination = Type.Object({ bankCode: text(32), bankAccountName: text(200), bankAccountNo: text(64) })
export type WithdrawalDestination = Static<typeof WithdrawalDestination>
export const Withdrawal = Type.Object({
  id: text(32),
  /** Major units of `currency`, the member's. */
  amount: Type.Number(),
  currency: text(8),
  status: WithdrawalStatus,
  createdAt: text(40),
  destination: WithdrawalDestination,
})
export type Withdrawal = Static<typeof Withdrawal>
export const WithdrawResponse = Type.Object({ message: Type.Literal('SUCCESS'), withdrawal: Withdrawal, wallet: WalletAmount })
export type WithdrawResponse = Static<typeof WithdrawResponse>

/** GET /api/wallet/withdrawals?page=&limit=: query strings of digits (page from 1, limit 1 to 100); default page 1 of 10. */
export const WithdrawalListQuery = Type.Object({
  page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  limit: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|100)$' })),
})
export type WithdrawalListQuery = Static<typeof WithdrawalListQuery>
/** The member's own withdrawals, newest first. */
export const WithdrawalList = Type.Object({ total: Type.Integer({ minimum: 0 }), withdrawals: Type.Array(Withdrawal) })
export type WithdrawalList = Static<typeof WithdrawalList>

/** GET /api/invite/banners and /api/refund/banners (spec 3 "Banners"): shown before their modal. */
export const Banner = Type.Object({ image: text(2_000), html: Type.Optional(text(50_000)) })
export type Banner = Static<typeof Banner>
export const BannersResponse = Type.Array(Banner)

// ---- Bonus and promotion (spec 3, 7) ----

/** GET /api/bonus/check/active (spec 3 "Bonus active check"): `status` true while the member holds
 *  a bonus, `type` its kind (bonus or promotion), `code` and `name` which one, `turnover` its progress. While one is active
 *  a withdrawal must take the whole balance (spec 1). */
export const BonusActiveCheck = Type.Object({
  status: Type.Boolean(),
  type: Type.Optional(Type.Union([text(32), Type.Null()])),
  code: Type.Optional(text(32)),
  name: Type.Optional(text(100)),
  /** How far the held bonus's turnover is (issue 29): what was played so far of what it needs, in major units. */
  turnover: Type.Optional(Type.Object({ played: Type.Number({ minimum: 0 }), target: Type.Number({ minimum: 0 }) })),
})
export type BonusActiveCheck = Static<typeof BonusActiveCheck>

/** How often a bonus may be received: in all (limit), per day or per week (spec 3, 4). */
export const BonusType = Type.Union([Type.Literal('limit'), Type.Literal('day'), Type.Literal('week')])
/** The member's record of one bonus (spec 3): the latest one's id and whether it is held, and
 *  when each was received (`updatedAt`, ISO), which the card counts against `maxReceived`. */
export const UserBonus = Type.Object({
  _id: text(32),
  isActive: Type.Boolean(),
  received: Type.Array(Type.Object({ updatedAt: text(40) })),
})
export type UserBonus = Static<typeof UserBonus>
/** GET /api/bonus: one card of the bonus page (spec 3 "Bonus list item"). */
export const BonusItem = Type.Object({
  code: text(32),
  name: text(100),
  type: BonusType,
  maxReceived: Type.Integer({ minimum: 1 }),
  /** The cancel threshold: a bonus can be cancelled while the balance is below this percent of deposit plus bonus (spec 1). */
  percentFail: Type.Integer({ minimum: 0, maximum: 100 }),
  /** What it pays: this percent of the wallet when received, at most `maxBonus` (major units). */
  percent: Type.Integer({ minimum: 1 }),
  maxBonus: Type.Number(),
  /** The play it asks before it ends: deposit plus bonus times this. */
  turnover: Type.Integer({ minimum: 0 }),
  banners: Type.Array(Banner),
  userBonus: Type.Union([UserBonus, Type.Null()]),
})
export type BonusItem = Static<typeof BonusItem>
export const BonusList = Type.Array(BonusItem)
/** A bonus or promotion code in a path: letters, digits, `_` and `-`; promotion codes are upper-cased by the app. */
export const BonusCodeParams = Type.Object({ code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }) })
/** GET /api/promotion/find/{code} (spec 3 "Promotion found"), and the promotion held (`current`). */
export const Promotion = Type.Object({
  code: text(32),
  percentFail: Type.Integer({ minimum: 0, maximum: 100 }),
  description: text(2_000),
})
export type Promotion = Static<typeof Promotion>
/** A promotion, or `{}` when there is none by that code (spec 7: "promotion or empty"). */
export const PromotionOrEmpty = Type.Union([Promotion, Type.Object({}, { additionalProperties: false })])
export type PromotionOrEmpty = Static<typeof PromotionOrEmpty>
/** GET /api/bonus/check/minimum (defined, unused by the app): whether the held bonus may be cancelled
 *  now, and the balance (major units) it must fall below. */
export const BonusMinimum = Type.Object({ status: Type.Boolean(), minimum: Type.Number() })
export type BonusMinimum = Static<typeof BonusMinimum>

/** POST /api/invite and /api/refund: one page of 10 (spec 9). */
export const PageRequest = SlipPageRequest

/** POST /api/invite (spec 3 "Invite list"): the friends who registered with the member's code. */
export const Invite = Type.Object({
  from: Type.Object({ name: text(100) }),
  /** The invite bonus earned from this friend, major units. */
  amount: Type.Number(),
  createdAt: text(40),
})
export type Invite = Static<typeof Invite>
export const InviteListResponse = Type.Object({ invites: Type.Array(Invite), type: text(32), isXArea: Type.Boolean() })
export type InviteListResponse = Static<typeof InviteListResponse>

/** GET /api/refund/check (spec 3 "Refund check"): the lost-bet refund waiting to be received. */
export const RefundCheck = Type.Object({
  result: Type.Boolean(),
  /** True while the member holds a bonus: then the refund cannot be received (spec 4). */
  bonus: Type.Boolean(),
  info: Type.Union([text(500), Type.Null()]),
  refundAmount: Type.Number(),
  refundSuccess: Type.Integer({ minimum: 0 }),
  refundFail: Type.Integer({ minimum: 0 }),
  /** The operator's rule (issue 29): `percent` of losses back, counted each `period` (day, week or month). */
  rate: Type.Optional(Type.Object({ percent: Type.Number(), period: text(16) })),
})
export type RefundCheck = Static<typeof RefundCheck>
/** POST /api/refund (spec 3 "Refund log"). */
export const Refund = Type.Object({ refundAmount: Type.Number(), createdAt: text(40) })
export type Refund = Static<typeof Refund>
export const RefundListResponse = Type.Object({ refunds: Type.Array(Refund) })
export type RefundListResponse = Static<typeof RefundListResponse>

export const AutoLoginParams = Type.Object({ game: text(32), username: text(64) })
export const AutoLoginPasswordParams = Type.Object({ game: text(32), username: text(64), password: text(64) })
export const AutoLoginResponse = Type.Object({ link: text(2_000) })
export type AutoLoginResponse = Static<typeof AutoLoginResponse>

// ---- Spin wheel (spec 3, 7) ----

/** One slice of the wheel (spec 3 "Spin setup"), in order from the pointer clockwise. */
export const SpinSlice = Type.Object({
  code: text(32),
  label: text(40),
  bgColor: text(16),
  textColor: text(16),
  htmlDescription: Type.Optional(text(5_000)),
})
export type SpinSlice = Static<typeof SpinSlice>
/** A name the operator gives in each language (issue 29); `name` stays the one for any other. */
export const LanguageNames = Type.Object({ th: Type.Optional(text(100)), la: Type.Optional(text(100)), en: Type.Optional(text(100)) })
export type LanguageNames = Static<typeof LanguageNames>
/** GET /api/spinwheel/setup: the wheel of the campaign running (null when none) and the member's coins. */
export const SpinSetup = Type.Object({
  result: Type.Object({
    activeSpinwheel: Type.Union([Type.Object({ name: text(100), names: Type.Optional(LanguageNames), slices: Type.Array(SpinSlice) }), Type.Null()]),
    userCoin: Type.Integer({ minimum: 0 }),
  }),
})
export type SpinSetup = Static<typeof SpinSetup>
/** POST /api/spinwheel/spin (spec 3 "Spin result"): the slice the server drew, and the coins left. */
export const SpinResult = Type.Object({
  success: Type.Boolean(),
  error: Type.Union([text(64), Type.Null()]),
  result: Type.Union([Type.Object({ code: text(32), label: text(40), remainingCoin: Type.Integer({ minimum: 0 }), amount: Type.Number() }), Type.Null()]),
})
export type SpinResult = Static<typeof SpinResult>
/** GET /api/spinwheel/coupon (spec 3 "Coupon"): the prizes won, newest first; each claimable until `expiresAt`. */
export const SpinCoupon = Type.Object({
  _id: text(32),
  prize: Type.Object({ slice: Type.Object({ label: text(40) }), name: text(100), names: Type.Optional(LanguageNames) }),
  amount: Type.Number(),
  createdAt: text(40),
  expiresAt: text(40),
  claimed: Type.Boolean(),
})
export type SpinCoupon = Static<typeof SpinCoupon>
export const SpinCoupons = Type.Array(SpinCoupon)
export const CouponClaimRequest = Type.Object({ coupon: filled(32) }, { additionalProperties: false })
/** GET /api/spinwheel/active: whether a spin campaign runs. */
export const SpinActive = Type.Object({ isActive: Type.Boolean() })

// ---- Chat (spec 3 "Conversation item", "Media payload", "Button", "Generic card"; spec 7 "Chat") ----

export { CHAT_HISTORY_MAX, CHAT_JOIN_EVENT, CHAT_MESSAGING_EVENT, CHAT_TEXT_MAX, type ChatSocketAuth } from './contract/chatLimits'
/** A guest id (kept in localStorage `guest-id`) and a client message id: random, URL-safe. */
const chatId = Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' })

/** Button (spec 3): `web` opens payload as a link, `call` dials it, `postback` sends it back;
 *  any other type sends the title as text. */
export const ChatButton = Type.Object({ title: text(200), type: text(32), payload: Type.Optional(text(2_000)) })
export type ChatButton = Static<typeof ChatButton>

/** Generic card (spec 3), one slide of a carousel. */
export const ChatGenericCard = Type.Object({
  image_url: Type.Optional(text(2_000)),
  title: text(200),
  subtitle: Type.Optional(text(1_000)),
  buttons: Type.Optional(Type.Array(ChatButton, { maxItems: 5 })),
})
export type ChatGenericCard = Static<typeof ChatGenericCard>

export const ChatFileType = Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('file')])
export type ChatFileType = Static<typeof ChatFileType>

/** Media payload (spec 3): `url` true when filePath is a full address, false for a path the
 *  upload answered (served by the chat server). */
export const ChatMediaPayload = Type.Object({
  message: Type.Optional(text(CHAT_TEXT_MAX)),
  url: Type.Boolean(),
  fileType: ChatFileType,
  filePath: text(2_000),
  name: text(255),
})
export type ChatMediaPayload = Static<typeof ChatMediaPayload>

/** Delivery state of a message (spec 3): its client id, and on the sender's device its status. */
export const ChatDeliverStatus = Type.Union([Type.Literal('uploading_file'), Type.Literal('sending'), Type.Literal('failed'), Type.Literal('succeed')])
export type ChatDeliverStatus = Static<typeof ChatDeliverStatus>
export const ChatDeliver = Type.Object({
  id: chatId,
  status: Type.Optional(ChatDeliverStatus),
  progress: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
})
export type ChatDeliver = Static<typeof ChatDeliver>

/**
 * A message as stored and sent out. Known types (spec 3): text (payload a string), buttons
 * ({ text, buttons }), media (ChatMediaPayload), quick_replies ({ text, quick_replies }), generic
 * ({ elements }), postback ({ title, payload }). The payload is not narrowed here: an agent's
 * console may send types or shapes the app does not know, which it shows as a placeholder.
 */
export const ChatMessage = Type.Object({
  message_type: text(32),
  payload: Type.Unknown(),
  deliver: Type.Optional(ChatDeliver),
})
export type ChatMessage = Static<typeof ChatMessage>

/** Conversation item (spec 3). `sender` is `customer` (the player) or anyone else (the agent). */
export const ChatItem = Type.Object({
  _id: text(32),
  sender: text(32),
  message: ChatMessage,
  createdAt: text(40),
  session_id: text(64),
  userId: Type.Union([text(64), Type.Null()]),
  guestId: Type.Union([text(64), Type.Null()]),
  username: Type.Optional(text(100)),
  name: Type.Optional(text(100)),
  deviceToken: Type.Optional(text(200)),
})
export type ChatItem = Static<typeof ChatItem>

/** Who a chat call is for: a guest by its id, or the signed-in member by profile id (the bearer
 *  token must be that member's). Exactly one of the two. */
export const ChatWho = Type.Object({ userId: Type.Optional(text(64)), guestId: Type.Optional(chatId) }, { additionalProperties: false })
export type ChatWho = Static<typeof ChatWho>

const deliverId = Type.Object({ id: chatId }, { additionalProperties: false })
/** What the player can send: text (not blank, spec 5), an uploaded file, a postback button's payload. */
export const ChatOutgoing = Type.Union([
  Type.Object({ message_type: Type.Literal('text'), payload: filled(CHAT_TEXT_MAX), deliver: deliverId }, { additionalProperties: false }),
  Type.Object({ message_type: Type.Literal('media'), payload: ChatMediaPayload, deliver: deliverId }, { additionalProperties: false }),
  Type.Object({
    message_type: Type.Literal('postback'),
    payload: Type.Object({ title: filled(200), payload: text(2_000) }, { additionalProperties: false }),
    deliver: deliverId,
  }, { additionalProperties: false }),
])
export type ChatOutgoing = Static<typeof ChatOutgoing>

/** POST /api/chat/send-message: the conversation object; a `deliver.id` sent before answers the
 *  message stored then (a resend after a lost answer is not a second message). */
export const ChatSendRequest = Type.Object({
  userId: ChatWho.properties.userId,
  guestId: ChatWho.properties.guestId,
  message: ChatOutgoing,
}, { additionalProperties: false })
export type ChatSendRequest = Static<typeof ChatSendRequest>

/** POST /api/chat/history: newest first, `limit` at most CHAT_HISTORY_MAX. */
export const ChatHistoryRequest = Type.Object({
  userId: ChatWho.properties.userId,
  guestId: ChatWho.properties.guestId,
  limit: Type.Integer({ minimum: 1, maximum: CHAT_HISTORY_MAX }),
  skip: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
}, { additionalProperties: false })
export type ChatHistoryRequest = Static<typeof ChatHistoryRequest>
export const ChatHistoryResponse = Type.Array(ChatItem)
export type ChatHistoryResponse = Static<typeof ChatHistoryResponse>

/** GET /api/chat/config: the room prefix; a room is `${PREFIX}-${guestId or profile id}`. */
export const ChatConfig = Type.Object({ PREFIX: text(64) })
export type ChatConfig = Static<typeof ChatConfig>

/** The upload's answer: the stored file's path, for a media payload with `url: false`. */
export const ChatUploadResponse = Type.Object({ path: text(2_000) })
export type ChatUploadResponse = Static<typeof ChatUploadResponse>

/** POST /dev/chat/reply: an agent's message of any type to a guest or a member; `newSession`
 *  starts a new session id first (the app then shows 'End Conversation' between the two). */
export const ChatDevReply = Type.Object({
  userId: ChatWho.properties.userId,
  guestId: ChatWho.properties.guestId,
  message: Type.Object({ message_type: filled(32), payload: Type.Unknown() }, { additionalProperties: false }),
  newSession: Type.Optional(Type.Boolean()),
}, { additionalProperties: false })
export type ChatDevReply = Static<typeof ChatDevReply>
