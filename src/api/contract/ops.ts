// The operator API (issue 33): what staff do behind the counter, under /ops/api/, apart from the
// player's API. Staff sign in with their own accounts; each route needs a role (server/ops/roles.ts).
// Not handed on by index.ts: the player's app never calls it; the staff console imports it itself.
import { type Static, Type } from 'typebox'
import { slipReasonCodes } from './errorCodes'
import { endpoint } from './endpoint'
import { Slip } from './deposit'
import { filled, text } from './shared'
import { Withdrawal } from './wallet'

export const staffRoles = ['support', 'cashier', 'admin'] as const
export type StaffRole = (typeof staffRoles)[number]
export const StaffRole = Type.Union([Type.Literal('support'), Type.Literal('cashier'), Type.Literal('admin')])

/** A staff username: what they sign in with, lower case. */
export const STAFF_USERNAME_PATTERN = '^[a-z0-9][a-z0-9._-]{2,31}$'
export const StaffUsername = Type.String({ pattern: STAFF_USERNAME_PATTERN })

export const Staff = Type.Object({
  id: Type.String(),
  username: text(32),
  name: text(100),
  role: StaffRole,
  active: Type.Boolean(),
})
export type Staff = Static<typeof Staff>

export const OpsLoginRequest = Type.Object({ username: filled(64), password: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false })
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

/** A slip or gift link waiting to be read (oldest first). */
export const QueuedSlip = Type.Object({
  reference: text(64),
  kind: Type.Union([Type.Literal('slip'), Type.Literal('truelink')]),
  member: MemberRef,
  /** The gift link as sent, for the cashier to redeem; null for a slip. */
  link: Type.Union([text(2_000), Type.Null()]),
  /** A slip's image: GET /ops/api/slips/:reference/image. */
  hasImage: Type.Boolean(),
  createdAt: text(40),
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
export const QueuedWithdrawal = Type.Object({ ...Withdrawal.properties, member: MemberRef })
export type QueuedWithdrawal = Static<typeof QueuedWithdrawal>
export const WithdrawalQueue = Type.Object({ withdrawals: Type.Array(QueuedWithdrawal) })
export type WithdrawalQueue = Static<typeof WithdrawalQueue>

/** Paid, with the bank's reference of the transfer; or failed, the money back in the wallet, and why. */
export const WithdrawalDecision = Type.Union([
  Type.Object({ status: Type.Literal('paid'), bankReference: Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$' }) }, { additionalProperties: false }),
  Type.Object({ status: Type.Literal('failed'), reason: filled(200) }, { additionalProperties: false }),
])
export type WithdrawalDecision = Static<typeof WithdrawalDecision>

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

export const NewStaff = Type.Object({
  username: StaffUsername,
  name: filled(100),
  role: StaffRole,
  /** At least OPS_PASSWORD_MIN_LENGTH characters. */
  password: Type.String({ maxLength: 256 }),
}, { additionalProperties: false })
export type NewStaff = Static<typeof NewStaff>
export const StaffChange = Type.Object({ role: Type.Optional(StaffRole), active: Type.Optional(Type.Boolean()) }, { additionalProperties: false })
export type StaffChange = Static<typeof StaffChange>
export const StaffList = Type.Object({ staff: Type.Array(Staff) })
export type StaffList = Static<typeof StaffList>

/** What the operator API answers beyond the player API's codes: FORBIDDEN_ROLE (403), a route the
 *  staff member's role may not use; ALREADY_DECIDED (409), a slip or withdrawal another staff member
 *  (or the demo bank) decided first; LAST_ADMIN (409), a change that would leave no active admin;
 *  STAFF_EXISTS (409), a username taken. */
export const opsErrorCodes = ['FORBIDDEN_ROLE', 'ALREADY_DECIDED', 'LAST_ADMIN', 'STAFF_EXISTS'] as const

/** A staff password's least length: longer than a member's, as it opens every member's money. */
export const OPS_PASSWORD_MIN_LENGTH = 12

export const IdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) })
export const ReferenceParams = Type.Object({ reference: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' }) })

const ops = '/ops/api'
export const opsEndpoints = {
  login: endpoint<void, OpsLoginRequest, OpsLoginResponse>('POST', `${ops}/login`),
  logout: endpoint<void, void, { message: string }>('POST', `${ops}/logout`),
  me: endpoint<void, void, Staff>('GET', `${ops}/me`),
  slips: endpoint<void, void, SlipQueue>('GET', `${ops}/slips`),
  decideSlip: endpoint<{ reference: string }, SlipDecision, Slip>('POST', `${ops}/slips/:reference`),
  withdrawals: endpoint<void, void, WithdrawalQueue>('GET', `${ops}/withdrawals`),
  decideWithdrawal: endpoint<{ id: string }, WithdrawalDecision, Withdrawal>('POST', `${ops}/withdrawals/:id`),
  books: endpoint<void, void, BooksReport>('GET', `${ops}/books`),
  audit: endpoint<void, void, AuditPage, AuditQuery>('GET', `${ops}/audit`),
  staff: endpoint<void, void, StaffList>('GET', `${ops}/staff`),
  addStaff: endpoint<void, NewStaff, Staff>('POST', `${ops}/staff`),
  changeStaff: endpoint<{ id: string }, StaffChange, Staff>('POST', `${ops}/staff/:id`),
  endStaffSessions: endpoint<{ id: string }, void, { message: string }>('DELETE', `${ops}/staff/:id/sessions`),
} as const
