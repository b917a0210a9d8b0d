// The operator API (issue 33): what staff do behind the counter, under /ops/api/, apart from the
// player's API. Staff sign in with their own accounts; each route needs a role (server/ops/roles.ts).
// Not handed on by index.ts: the player's app never calls it; the staff console imports it itself.
import { type Static, Type } from 'typebox'
import { slipReasonCodes } from './errorCodes'
import { endpoint } from './endpoint'
import { ChatButton, ChatGenericCard, ChatItem, ChatMediaPayload } from './chat'
import { CHAT_TEXT_MAX } from './chatLimits'
import { Slip } from './deposit'
import { BonusOffer, SettingsSchema } from './opsSettings'
import { filled, text } from './shared'
import { Withdrawal } from './wallet'

export { BonusOffer, SettingsSchema } from './opsSettings'

export const staffRoles = ['support', 'cashier', 'admin'] as const
export type StaffRole = (typeof staffRoles)[number]
export const StaffRole = Type.Union([Type.Literal('support'), Type.Literal('cashier'), Type.Literal('admin')])

/** A staff username: what they sign in with, lower case. */
export const STAFF_USERNAME_PATTERN = '^[a-z0-9][a-z0-9._-]{2,31}$'
export const StaffUsername = Type.String({ pattern: STAFF_USERNAME_PATTERN })

/**
 * What a staff member must do before anything else (issue 47): `password`, choose their own after
 * an admin's reset; `totp`, set up the code from an authenticator app their role needs (admins
 * always, everyone when the `staffTotp` switch says so). Until then their session opens only
 * `me`, the password change, the setup and sign-out (403 SETUP_REQUIRED).
 */
export const StaffSetup = Type.Union([Type.Literal('password'), Type.Literal('totp'), Type.Null()])
export type StaffSetup = Static<typeof StaffSetup>

export const Staff = Type.Object({
  id: Type.String(),
  username: text(32),
  name: text(100),
  role: StaffRole,
  active: Type.Boolean(),
  /** Signs in with a code from an authenticator app besides the password. */
  totp: Type.Boolean(),
  setup: StaffSetup,
})
export type Staff = Static<typeof Staff>

/** A TOTP code: six digits from the staff member's authenticator app. */
export const TotpCode = Type.String({ pattern: '^[0-9]{6}$' })

/** `code`: the authenticator's code, for a staff member who has one (else 401 TOTP_REQUIRED once the password is right). */
export const OpsLoginRequest = Type.Object({ username: filled(64), password: Type.String({ minLength: 1, maxLength: 256 }), code: Type.Optional(TotpCode) }, { additionalProperties: false })
export type OpsLoginRequest = Static<typeof OpsLoginRequest>
export const OpsLoginResponse = Type.Object({ token: text(128), staff: Staff })
export type OpsLoginResponse = Static<typeof OpsLoginResponse>

/** A member as staff see them in a queue or a lookup: the phone masked. */
export const MemberRef = Type.Object({
  id: Type.String(),
  /** The phone number, all but its last 4 digits masked. */
  phone: text(32),
  name: text(100),
  currency: text(8),
})
export type MemberRef = Static<typeof MemberRef>

/**
 * The first of two people's decision (issue 47): a slip approved, or a withdrawal paid, for more
 * than the admin's threshold, waiting for another staff member to confirm the same decision.
 */
export const Approval = Type.Object({
  by: Type.Object({ id: Type.String(), username: text(32) }),
  /** Major units, in `currency`. */
  amount: Type.Number(),
  currency: text(8),
  /** The bank's reference the first person gave (a slip's refNo, a payout's bankReference), if any. */
  reference: Type.Union([text(64), Type.Null()]),
  at: text(40),
})
export type Approval = Static<typeof Approval>
/** A decision that waits for a second person: nothing has moved yet. */
export const AwaitingSecond = Type.Object({ awaitingSecond: Approval })
export type AwaitingSecond = Static<typeof AwaitingSecond>

/** A slip or gift link waiting to be read (oldest first). */
export const QueuedSlip = Type.Object({
  reference: text(64),
  kind: Type.Union([Type.Literal('slip'), Type.Literal('truelink')]),
  member: MemberRef,
  /** The gift link as sent, for the cashier to redeem; null for a slip. */
  link: Type.Union([text(2_000), Type.Null()]),
  /** A slip's image: GET /ops/api/slips/:reference/image. */
  hasImage: Type.Boolean(),
  /** What the member said the slip shows (issue 51), for reference only: the approval is what the slip shows. Null when not said. */
  claimedAmount: Type.Union([Type.Number(), Type.Null()]),
  createdAt: text(40),
  /** A first approval waiting for a second person; null when none. */
  approval: Type.Union([Approval, Type.Null()]),
})
export type QueuedSlip = Static<typeof QueuedSlip>
export const SlipQueue = Type.Object({ slips: Type.Array(QueuedSlip) })
export type SlipQueue = Static<typeof SlipQueue>

/** Approve with the amount read (major units) and the bank's reference, or reject with a spec 8 reason. */
export const SlipDecision = Type.Union([
  Type.Object({
    status: Type.Literal('success'),
    amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }),
    refNo: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' })),
  }, { additionalProperties: false }),
  Type.Object({ status: Type.Literal('failed'), note: Type.Unsafe<(typeof slipReasonCodes)[number]>(Type.Union(slipReasonCodes.map((code) => Type.Literal(code)))) }, { additionalProperties: false }),
])
export type SlipDecision = Static<typeof SlipDecision>

/** A withdrawal waiting to be paid (oldest first), with the whole account to pay: `review` ones
 *  are in the payout hold after a change of bank account. */
export const QueuedWithdrawal = Type.Object({ ...Withdrawal.properties, member: MemberRef, approval: Type.Union([Approval, Type.Null()]) })
export type QueuedWithdrawal = Static<typeof QueuedWithdrawal>
export const WithdrawalQueue = Type.Object({ withdrawals: Type.Array(QueuedWithdrawal) })
export type WithdrawalQueue = Static<typeof WithdrawalQueue>

/** Paid, with the bank's reference of the transfer; or failed, the money back in the wallet, and why. */
export const WithdrawalDecision = Type.Union([
  Type.Object({ status: Type.Literal('paid'), bankReference: Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$' }) }, { additionalProperties: false }),
  Type.Object({ status: Type.Literal('failed'), reason: filled(200) }, { additionalProperties: false }),
])
export type WithdrawalDecision = Static<typeof WithdrawalDecision>

/** A decision's answer: the slip or withdrawal as decided, or, above the threshold, the first person's decision waiting for a second. */
export const SlipDecided = Type.Union([Slip, AwaitingSecond])
export type SlipDecided = Static<typeof SlipDecided>
export const WithdrawalDecided = Type.Union([Withdrawal, AwaitingSecond])
export type WithdrawalDecided = Static<typeof WithdrawalDecided>

/** One row of the audit trail. `before` and `after` are what changed, as the action recorded it. */
export const AuditEntry = Type.Object({
  id: Type.String(),
  staff: Type.Union([Type.Object({ id: Type.String(), username: text(32) }), Type.Null()]),
  action: text(64),
  item: Type.Union([text(200), Type.Null()]),
  memberId: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  address: text(64),
  at: text(40),
})
export type AuditEntry = Static<typeof AuditEntry>
/** Newest first; `before` (an id) pages back. */
export const AuditQuery = Type.Object({
  item: Type.Optional(text(200)),
  before: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
  limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
}, { additionalProperties: false })
export type AuditQuery = Static<typeof AuditQuery>
export const AuditPage = Type.Object({ entries: Type.Array(AuditEntry) })
export type AuditPage = Static<typeof AuditPage>

/** The books check (server/wallet/books.ts): `balanced` when every rule of the ledger holds. */
export const BooksReport = Type.Object({
  totals: Type.Record(Type.String(), Type.Number()),
  unbalancedMovements: Type.Integer(),
  loneMovements: Type.Integer(),
  mixedCurrencyMovements: Type.Integer(),
  negativeMemberAccounts: Type.Integer(),
  cacheMismatches: Type.Integer(),
  strandedInTransit: Type.Record(Type.String(), Type.Number()),
  movements: Type.Integer(),
  postings: Type.Integer(),
  balanced: Type.Boolean(),
})
export type BooksReport = Static<typeof BooksReport>

/** Which day's book (server/wallet/dayBook.ts): a date of the operator's time zone; none, today there. */
export const DayBookQuery = Type.Object({ date: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })) }, { additionalProperties: false })
export type DayBookQuery = Static<typeof DayBookQuery>
const DayLine = { count: Type.Integer({ minimum: 0 }), amountMinor: Type.Integer() }
/** One day of the ledger per currency (issue 52 §1): money in and out by method, and held at the close. */
export const DayBook = Type.Object({
  day: Type.String(),
  timeZone: Type.String(),
  from: Type.Integer(),
  to: Type.Integer(),
  currencies: Type.Array(Type.Object({
    currency: Type.String(),
    deposits: Type.Array(Type.Object({ method: Type.String(), ...DayLine })),
    withdrawals: Type.Object({ paid: Type.Object(DayLine), failed: Type.Object(DayLine) }),
    rewards: Type.Object({ bonus: Type.Object(DayLine), cashback: Type.Object(DayLine), invite: Type.Object(DayLine), wheel: Type.Object(DayLine) }),
    games: Type.Array(Type.Object({ game: Type.String(), inMinor: Type.Integer(), outMinor: Type.Integer() })),
    other: Type.Array(Type.Object({ kind: Type.String(), ...DayLine })),
    netMinor: Type.Integer(),
    held: Type.Object({ walletsMinor: Type.Integer(), gamesMinor: Type.Integer() }),
  })),
})
export type DayBook = Static<typeof DayBook>

/** Matching with the bank (issue 52 §2, server/deposit/bankMatch.ts). An account of the operator's
 *  is named by its bank and number, 'KBANK:0481234567'. */
const BankAccountKey = Type.String({ pattern: '^[A-Z0-9]{2,10}:[0-9-]{4,20}$' })
export const BankAccount = Type.Object({ key: BankAccountKey, bankCode: text(10), accountNo: text(20), accountName: text(100), currency: text(8) })
export type BankAccount = Static<typeof BankAccount>
export const BankAccounts = Type.Object({ accounts: Type.Array(BankAccount) })
export type BankAccounts = Static<typeof BankAccounts>
export const statementFormats = ['KBANK', 'SCB', 'generic'] as const
export type StatementFormat = (typeof statementFormats)[number]
/** A statement's CSV as the bank gave it (UTF-8), at most 5 MB. */
export const STATEMENT_MAX_CHARS = 5_000_000
export const StatementUpload = Type.Object({
  account: BankAccountKey,
  format: Type.Union([Type.Literal('KBANK'), Type.Literal('SCB'), Type.Literal('generic')]),
  fileName: filled(200),
  text: Type.String({ minLength: 1, maxLength: STATEMENT_MAX_CHARS }),
}, { additionalProperties: false })
export type StatementUpload = Static<typeof StatementUpload>
/** `added`: credits new to the books (a statement imported again adds none); `matched`: credits matched to a deposit by this import. */
export const StatementImported = Type.Object({ read: Type.Integer({ minimum: 0 }), added: Type.Integer({ minimum: 0 }), matched: Type.Integer({ minimum: 0 }) })
export type StatementImported = Static<typeof StatementImported>
export const BankDifferencesQuery = Type.Object({ account: BankAccountKey }, { additionalProperties: false })
export type BankDifferencesQuery = Static<typeof BankDifferencesQuery>
/** A credit in the bank with no deposit in the books. */
export const BankCredit = Type.Object({ id: Type.String(), postedAt: Type.String(), amount: Type.Number(), balance: Type.Union([Type.Number(), Type.Null()]), description: Type.String() })
export type BankCredit = Static<typeof BankCredit>
/** A deposit in the books with no credit in the bank: 'qrcode:<reference>' or 'slip:<reference>'. */
export const UnbankedDeposit = Type.Object({
  deposit: Type.String(),
  method: Type.Union([Type.Literal('qrcode'), Type.Literal('slip')]),
  member: Type.Object({ id: Type.String(), phone: Type.String(), name: Type.String() }),
  amount: Type.Number(),
  at: Type.String(),
})
export type UnbankedDeposit = Static<typeof UnbankedDeposit>
/** The differences of an account over the time its imported statements cover (`from`, `to`; null before any). */
export const BankDifferences = Type.Object({
  account: BankAccount,
  from: Type.Union([Type.String(), Type.Null()]),
  to: Type.Union([Type.String(), Type.Null()]),
  matched: Type.Integer({ minimum: 0 }),
  inBankOnly: Type.Array(BankCredit),
  inBooksOnly: Type.Array(UnbankedDeposit),
})
export type BankDifferences = Static<typeof BankDifferences>
/** Why a difference is in order (a note for the audit trail). */
export const CreditNote = Type.Object({ account: BankAccountKey, note: filled(500) }, { additionalProperties: false })
export type CreditNote = Static<typeof CreditNote>
export const DepositNote = Type.Object({ account: BankAccountKey, deposit: Type.String({ pattern: '^(qrcode|slip):[A-Za-z0-9]{1,64}$' }), note: filled(500) }, { additionalProperties: false })
export type DepositNote = Static<typeof DepositNote>

export const NewStaff = Type.Object({
  username: StaffUsername,
  name: filled(100),
  role: StaffRole,
  /** At least OPS_PASSWORD_MIN_LENGTH characters. */
  password: Type.String({ maxLength: 256 }),
}, { additionalProperties: false })
export type NewStaff = Static<typeof NewStaff>
/** An admin's reset of a staff member's sign-in: a new password they must change at their next
 *  sign-in; their second factor is removed and their sessions end. */
export const StaffReset = Type.Object({ password: Type.String({ maxLength: 256 }) }, { additionalProperties: false })
export type StaffReset = Static<typeof StaffReset>
/** A staff member's own new password, given with the current one. */
export const StaffPasswordChange = Type.Object({ oldPassword: Type.String({ minLength: 1, maxLength: 256 }), newPassword: Type.String({ maxLength: 256 }) }, { additionalProperties: false })
export type StaffPasswordChange = Static<typeof StaffPasswordChange>
/** A secret for the staff member's authenticator app: `uri` (otpauth://) for its QR code, `secret` to type in. */
export const TotpSetup = Type.Object({ secret: text(64), uri: text(512) })
export type TotpSetup = Static<typeof TotpSetup>
export const TotpConfirm = Type.Object({ code: TotpCode }, { additionalProperties: false })
export type TotpConfirm = Static<typeof TotpConfirm>

export const StaffChange = Type.Object({ role: Type.Optional(StaffRole), active: Type.Optional(Type.Boolean()) }, { additionalProperties: false })
export type StaffChange = Static<typeof StaffChange>
export const StaffList = Type.Object({ staff: Type.Array(Staff) })
export type StaffList = Static<typeof StaffList>

/** What the operator API answers beyond the player API's codes: FORBIDDEN_ROLE (403), a route the
 *  staff member's role may not use; ALREADY_DECIDED (409), a slip or withdrawal another staff member
 *  (or the demo bank) decided first, or a chat session another staff member ended first; LAST_ADMIN (409), a change that would leave no active admin;
 *  STAFF_EXISTS (409), a username taken. Issue 47: TOTP_REQUIRED (401), the password is right and the
 *  authenticator's code must come with it; SETUP_REQUIRED (403), the staff member must first change
 *  their password or set up their code (Staff.setup); WRONG_CODE (400), a setup's code that is not
 *  the authenticator's; TOTP_ENABLED (409), a setup asked by one who has a code already;
 *  SAME_APPROVER (409), the second person of a decision must be another than the first;
 *  DUTY_SEPARATION (403), this staff member credited (or paid out) the member within the admin's
 *  window and may not now pay them out (or credit them). Issue 52 §2: STATEMENT_NO_HEADER (400), a
 *  bank statement with no header row of its format; STATEMENT_BAD_LINE (400), a line whose date,
 *  time or amount cannot be read, its number in `limit`. SELF_RESET (403): an admin's reset of their
 *  own sign-in; their own password is changed with the old one. OWN_APPROVAL (403): a note that a
 *  slip is in order without a bank credit, by who approved it. */
export const opsErrorCodes = ['FORBIDDEN_ROLE', 'ALREADY_DECIDED', 'LAST_ADMIN', 'STAFF_EXISTS', 'TOTP_REQUIRED', 'SETUP_REQUIRED', 'WRONG_CODE', 'TOTP_ENABLED',
  'SAME_APPROVER', 'DUTY_SEPARATION', 'STATEMENT_NO_HEADER', 'STATEMENT_BAD_LINE', 'SELF_RESET', 'OWN_APPROVAL'] as const

/** A staff password's least length: longer than a member's, as it opens every member's money. */
export const OPS_PASSWORD_MIN_LENGTH = 12

export const IdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) })
export const ReferenceParams = Type.Object({ reference: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' }) })

// ---- The chat inbox (duty chat) ----

/**
 * A conversation: one guest's or member's chat room, by its id (never the guest's id, which opens
 * the guest's chat to whoever holds it). `waiting` when its current session's last message is the
 * player's: someone must answer. `sessionId` is the session a staff member sees, and ends.
 */
export const Conversation = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('guest'), Type.Literal('member')]),
  member: Type.Union([MemberRef, Type.Null()]),
  sessionId: text(64),
  waiting: Type.Boolean(),
  /** The current session's last message; null when the session has none yet (just ended). */
  lastMessage: Type.Union([ChatItem, Type.Null()]),
  /** When the player last read the chat; null if never. */
  customerReadAt: Type.Union([text(40), Type.Null()]),
})
export type Conversation = Static<typeof Conversation>

const messageId = Type.String({ pattern: '^[0-9]{1,18}$' })

/** `waiting` (the default): the player spoke last in the current session; `open`: the current
 *  session has any message. Newest first (by last message); `before` (a message id) pages back. */
export const InboxQuery = Type.Object({
  state: Type.Optional(Type.Union([Type.Literal('waiting'), Type.Literal('open')])),
  before: Type.Optional(messageId),
}, { additionalProperties: false })
export type InboxQuery = Static<typeof InboxQuery>
export const Inbox = Type.Object({ conversations: Type.Array(Conversation) })
export type Inbox = Static<typeof Inbox>

/** A conversation's messages, every session, newest first; `before` (a message id) pages back. */
export const ConversationQuery = Type.Object({
  before: Type.Optional(messageId),
  limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
}, { additionalProperties: false })
export type ConversationQuery = Static<typeof ConversationQuery>
export const ConversationPage = Type.Object({ conversation: Conversation, messages: Type.Array(ChatItem) })
export type ConversationPage = Static<typeof ConversationPage>

const strictButton = Type.Object({ ...ChatButton.properties }, { additionalProperties: false })
const strictCard = Type.Object({ ...ChatGenericCard.properties, buttons: Type.Optional(Type.Array(strictButton, { maxItems: 5 })) }, { additionalProperties: false })
const chatLine = text(CHAT_TEXT_MAX)

/** A staff reply: each message type the chat shows (spec 2 "Chat widget", spec 3), in the shape the
 *  app reads; a media message names a file by its full http(s) address (staff upload nothing). */
export const OpsChatMessage = Type.Union([
  Type.Object({ message_type: Type.Literal('text'), payload: filled(CHAT_TEXT_MAX) }, { additionalProperties: false }),
  Type.Object({
    message_type: Type.Literal('buttons'),
    payload: Type.Object({ text: chatLine, buttons: Type.Array(strictButton, { minItems: 1, maxItems: 10 }) }, { additionalProperties: false }),
  }, { additionalProperties: false }),
  Type.Object({
    message_type: Type.Literal('quick_replies'),
    payload: Type.Object({ text: chatLine, quick_replies: Type.Array(strictButton, { minItems: 1, maxItems: 13 }) }, { additionalProperties: false }),
  }, { additionalProperties: false }),
  Type.Object({
    message_type: Type.Literal('generic'),
    payload: Type.Object({ elements: Type.Array(strictCard, { minItems: 1, maxItems: 10 }) }, { additionalProperties: false }),
  }, { additionalProperties: false }),
  Type.Object({
    message_type: Type.Literal('media'),
    payload: Type.Object({
      ...ChatMediaPayload.properties,
      url: Type.Literal(true),
      filePath: Type.String({ maxLength: 2_000, pattern: '^https?://[^\\s]+$' }),
    }, { additionalProperties: false }),
  }, { additionalProperties: false }),
  // A sticker (issue 51 §5): a picture shown without a bubble, by its https address (the app's
  // policy loads pictures from https hosts), with words for a screen reader.
  Type.Object({
    message_type: Type.Literal('sticker'),
    payload: Type.Object({ url: Type.String({ maxLength: 2_000, pattern: '^https://[^\\s]+$' }), alt: Type.Optional(text(100)) }, { additionalProperties: false }),
  }, { additionalProperties: false }),
])
export type OpsChatMessage = Static<typeof OpsChatMessage>
export const OpsChatReply = Type.Object({ message: OpsChatMessage }, { additionalProperties: false })
export type OpsChatReply = Static<typeof OpsChatReply>

/** Ends the session the staff member sees: a later message starts a new one (the app shows
 *  'End Conversation' between). Once: a session ended already answers 409 ALREADY_DECIDED. */
export const EndSession = Type.Object({ sessionId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) }, { additionalProperties: false })
export type EndSession = Static<typeof EndSession>

// ---- Member lookup (duty lookup) ----

/** Digits of a phone (whole, or exactly its last 4), a whole bank account number, or a member id;
 *  spaces and dashes are ignored. */
export const MemberSearchQuery = Type.Object({ q: Type.String({ pattern: '^[0-9][0-9 -]{0,31}$' }) }, { additionalProperties: false })
export type MemberSearchQuery = Static<typeof MemberSearchQuery>

/** A member as a lookup shows them: the phone and the bank account number masked. */
export const MemberSummary = Type.Object({
  ...MemberRef.properties,
  bankCode: text(16),
  /** All but its last 4 digits masked. */
  bankAccountNo: text(32),
  active: Type.Boolean(),
  createdAt: text(40),
  /** The wallet's balance, major units. */
  balance: Type.Number(),
})
export type MemberSummary = Static<typeof MemberSummary>
export const MemberSearch = Type.Object({ members: Type.Array(MemberSummary) })
export type MemberSearch = Static<typeof MemberSearch>

/** A ledger movement of the member's: what it changed on each of their accounts (the wallet or a game), major units. */
export const MemberMovement = Type.Object({
  id: Type.String(),
  kind: text(32),
  note: text(200),
  createdAt: text(40),
  changes: Type.Array(Type.Object({ account: text(64), amount: Type.Number() })),
})
export type MemberMovement = Static<typeof MemberMovement>
// Corrections (issue 52 §3, duty corrections: admins).

/** Which way a correction moves a member's wallet. */
export const CorrectionDirection = Type.Union([Type.Literal('credit'), Type.Literal('debit')])
export type CorrectionDirection = Static<typeof CorrectionDirection>
const StaffName = Type.Object({ id: Type.String(), username: text(32) })
/**
 * No staff action changes a balance directly: a correction of a member's wallet is proposed by
 * one admin and applied by another, as one ledger movement of its own kind (`correction`), or
 * refused. Applied or refused, it is decided once.
 */
export const Correction = Type.Object({
  id: Type.String(),
  member: MemberRef,
  direction: CorrectionDirection,
  /** Major units of the member's currency, never signed: `direction` says which way. */
  amount: Type.Number({ exclusiveMinimum: 0 }),
  reason: text(1000),
  status: Type.Union([Type.Literal('pending'), Type.Literal('applied'), Type.Literal('refused')]),
  madeBy: StaffName,
  madeAt: text(40),
  decidedBy: Type.Union([StaffName, Type.Null()]),
  decidedAt: Type.Union([text(40), Type.Null()]),
  decisionReason: Type.Union([text(1000), Type.Null()]),
})
export type Correction = Static<typeof Correction>
/** The corrections waiting for a second admin, oldest first. */
export const CorrectionList = Type.Object({ corrections: Type.Array(Correction) })
export type CorrectionList = Static<typeof CorrectionList>
export const NewCorrection = Type.Object({
  direction: CorrectionDirection,
  amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }),
  reason: filled(1000),
}, { additionalProperties: false })
export type NewCorrection = Static<typeof NewCorrection>
/** Applied (the money moves) or refused, each with the reason the audit keeps. Its maker may
 *  refuse it (take it back), never apply it (409 SAME_APPROVER). */
export const CorrectionDecision = Type.Object({
  status: Type.Union([Type.Literal('applied'), Type.Literal('refused')]),
  reason: filled(1000),
}, { additionalProperties: false })
export type CorrectionDecision = Static<typeof CorrectionDecision>

/** How a session was opened (issue 52 §3: sessions and devices). */
export const SessionOpenedBy = Type.Union([Type.Literal('password'), Type.Literal('messenger'), Type.Literal('passkey'), Type.Literal('quickUnlock')])
export const MemberDetail = Type.Object({
  member: Type.Object({ ...MemberSummary.properties, bankAccountName: text(200) }),
  /** Since when staff suspended the member (issue 52 §3); null: not suspended. */
  suspendedAt: Type.Union([Type.String(), Type.Null()]),
  games: Type.Array(Type.Object({ code: text(32), balance: Type.Number() })),
  /** The last 10, newest first. */
  movements: Type.Array(MemberMovement),
  /** Requested or in review, the account masked. */
  withdrawals: Type.Array(Withdrawal),
  /** The last 10 slips and gift links, newest first. */
  slips: Type.Array(Type.Object({ reference: text(64), kind: Type.Union([Type.Literal('slip'), Type.Literal('truelink')]), status: text(16), amount: Type.Number(), createdAt: text(40) })),
  /** The sessions open now, newest first. */
  sessions: Type.Array(Type.Object({ openedAt: text(40), expiresAt: text(40), openedBy: SessionOpenedBy })),
  linked: Type.Array(Type.Object({ provider: Type.Union([Type.Literal('telegram'), Type.Literal('line')]), name: text(200), linkedAt: text(40) })),
  /** The member's devices that sign in without the password: passkeys and Telegram quick unlocks, oldest first. */
  devices: Type.Array(Type.Object({ kind: Type.Union([Type.Literal('passkey'), Type.Literal('quickUnlock')]), addedAt: text(40), lastUsedAt: Type.Union([text(40), Type.Null()]) })),
  /** Staff's notes, newest first. */
  notes: Type.Array(Type.Object({ staff: Type.Union([Type.String(), Type.Null()]), note: text(1000), at: text(40) })),
  /** The member's last 10 corrections, newest first (any state). */
  corrections: Type.Array(Correction),
  /** The member's last 10 bonuses and promotions, newest first: active, completed, cancelled or withdrawn. */
  bonuses: Type.Array(Type.Object({
    code: text(32),
    /** The offer's name; null when the offer is gone. */
    name: Type.Union([text(200), Type.Null()]),
    kind: Type.Union([Type.Literal('bonus'), Type.Literal('promotion')]),
    status: text(16),
    amount: Type.Number(),
    turnover: Type.Number(),
    turnoverTarget: Type.Number(),
    createdAt: text(40),
    endedAt: Type.Union([text(40), Type.Null()]),
  })),
  /** The member's chat: its conversation (GET /ops/api/chat/:id) and last 10 messages, newest first; null before the first message. */
  chat: Type.Union([Type.Object({ conversation: Type.String(), messages: Type.Array(ChatItem) }), Type.Null()]),
})
export type MemberDetail = Static<typeof MemberDetail>

/** What staff do for one member (issue 52 §3), each with the reason the audit trail keeps. */
export const memberActions = ['suspend', 'lift', 'endSessions', 'resetOtpWait', 'unlinkTelegram', 'unlinkLine', 'note'] as const
export type MemberAction = (typeof memberActions)[number]
export const MemberActionParams = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,18}$' }),
  action: Type.Union([
    Type.Literal('suspend'), Type.Literal('lift'), Type.Literal('endSessions'), Type.Literal('resetOtpWait'),
    Type.Literal('unlinkTelegram'), Type.Literal('unlinkLine'), Type.Literal('note'),
  ]),
})
export const MemberActionBody = Type.Object({ reason: filled(1000) }, { additionalProperties: false })
export type MemberActionBody = Static<typeof MemberActionBody>

// ---- Switches and offers (duty settings) ----

/** Some of the switches, each whole (a rule such as `spin` is replaced, not merged). */
export const SettingsPatch = Type.Partial(SettingsSchema, { additionalProperties: false, minProperties: 1 })
export type SettingsPatch = Static<typeof SettingsPatch>
export type OperatorSettings = Static<typeof SettingsSchema>

/** An offer as stored, with how many times it was received (against its quota). */
export const StoredOffer = Type.Object({ ...BonusOffer.properties, claimed: Type.Integer({ minimum: 0 }) })
export type StoredOffer = Static<typeof StoredOffer>
export const OfferList = Type.Object({ offers: Type.Array(StoredOffer) })
export type OfferList = Static<typeof OfferList>
export const OfferCodeParams = Type.Object({ code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }) })
export type BonusOfferBody = Static<typeof BonusOffer>

/** The daily window in which slip upload is closed (spec 5), Bangkok time, wrapping midnight. */
const clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' })
export const SlipWindowHours = Type.Object({ closedFrom: clock, closedTo: clock }, { additionalProperties: false })
export type SlipWindowHours = Static<typeof SlipWindowHours>

// ---- Live updates ----

/** The staff console's socket.io handshake (same server and path as the chat): its staff token.
 *  The socket hears the events of its role's duties, and is cut when its session ends. */
export interface OpsSocketAuth {
  staffToken: string
}
/** Events to a staff socket: a slip or gift link to read (duty slips), a withdrawal to pay
 *  (withdrawals), a conversation that changed (chat). */
export const OPS_EVENTS = { slips: 'ops:slip', withdrawals: 'ops:withdrawal', chat: 'ops:chat' } as const
/** A slip (its reference) or a withdrawal (its id): `new` joins the queue, `decided` leaves it. */
export interface OpsQueueEvent {
  id: string
  /** `approval`: a first person decided; it waits for a second. */
  state: 'new' | 'approval' | 'decided'
}
/** A conversation (its id): `waiting` after a player's message, `answered` after a staff (or
 *  the dev stand-in's) message, `ended` when its session ended. */
export interface OpsChatEvent {
  id: string
  state: 'waiting' | 'answered' | 'ended'
}

const ops = '/ops/api'
export const opsEndpoints = {
  login: endpoint<void, OpsLoginRequest, OpsLoginResponse>('POST', `${ops}/login`),
  logout: endpoint<void, void, { message: string }>('POST', `${ops}/logout`),
  me: endpoint<void, void, Staff>('GET', `${ops}/me`),
  changePassword: endpoint<void, StaffPasswordChange, { message: string }>('POST', `${ops}/me/password`),
  totpSetup: endpoint<void, void, TotpSetup>('POST', `${ops}/me/totp`),
  totpConfirm: endpoint<void, TotpConfirm, Staff>('POST', `${ops}/me/totp/confirm`),
  slips: endpoint<void, void, SlipQueue>('GET', `${ops}/slips`),
  decideSlip: endpoint<{ reference: string }, SlipDecision, SlipDecided>('POST', `${ops}/slips/:reference`),
  withdrawals: endpoint<void, void, WithdrawalQueue>('GET', `${ops}/withdrawals`),
  decideWithdrawal: endpoint<{ id: string }, WithdrawalDecision, WithdrawalDecided>('POST', `${ops}/withdrawals/:id`),
  books: endpoint<void, void, BooksReport>('GET', `${ops}/books`),
  dayBook: endpoint<void, void, DayBook, DayBookQuery>('GET', `${ops}/books/day`),
  bankAccounts: endpoint<void, void, BankAccounts>('GET', `${ops}/bank/accounts`),
  importStatement: endpoint<void, StatementUpload, StatementImported>('POST', `${ops}/bank/statements`),
  bankDifferences: endpoint<void, void, BankDifferences, BankDifferencesQuery>('GET', `${ops}/bank/differences`),
  noteCredit: endpoint<{ id: string }, CreditNote, BankDifferences>('POST', `${ops}/bank/credits/:id/note`),
  noteDeposit: endpoint<void, DepositNote, BankDifferences>('POST', `${ops}/bank/deposits/note`),
  audit: endpoint<void, void, AuditPage, AuditQuery>('GET', `${ops}/audit`),
  staff: endpoint<void, void, StaffList>('GET', `${ops}/staff`),
  addStaff: endpoint<void, NewStaff, Staff>('POST', `${ops}/staff`),
  changeStaff: endpoint<{ id: string }, StaffChange, Staff>('POST', `${ops}/staff/:id`),
  endStaffSessions: endpoint<{ id: string }, void, { message: string }>('DELETE', `${ops}/staff/:id/sessions`),
  resetStaff: endpoint<{ id: string }, StaffReset, Staff>('POST', `${ops}/staff/:id/reset`),
  inbox: endpoint<void, void, Inbox, InboxQuery>('GET', `${ops}/chat`),
  conversation: endpoint<{ id: string }, void, ConversationPage, ConversationQuery>('GET', `${ops}/chat/:id`),
  reply: endpoint<{ id: string }, OpsChatReply, ChatItem>('POST', `${ops}/chat/:id/messages`),
  endSession: endpoint<{ id: string }, EndSession, Conversation>('POST', `${ops}/chat/:id/end`),
  members: endpoint<void, void, MemberSearch, MemberSearchQuery>('GET', `${ops}/members`),
  member: endpoint<{ id: string }, void, MemberDetail>('GET', `${ops}/members/:id`),
  memberAction: endpoint<{ id: string; action: MemberAction }, MemberActionBody, MemberDetail>('POST', `${ops}/members/:id/:action`),
  corrections: endpoint<void, void, CorrectionList>('GET', `${ops}/corrections`),
  proposeCorrection: endpoint<{ id: string }, NewCorrection, Correction>('POST', `${ops}/members/:id/corrections`),
  decideCorrection: endpoint<{ id: string }, CorrectionDecision, Correction>('POST', `${ops}/corrections/:id`),
  settings: endpoint<void, void, OperatorSettings>('GET', `${ops}/settings`),
  changeSettings: endpoint<void, SettingsPatch, OperatorSettings>('POST', `${ops}/settings`),
  slipWindow: endpoint<void, void, SlipWindowHours>('GET', `${ops}/slip-window`),
  changeSlipWindow: endpoint<void, SlipWindowHours, SlipWindowHours>('PUT', `${ops}/slip-window`),
  offers: endpoint<void, void, OfferList>('GET', `${ops}/bonus-offers`),
  putOffer: endpoint<{ code: string }, BonusOfferBody, StoredOffer>('PUT', `${ops}/bonus-offers/:code`),
} as const
