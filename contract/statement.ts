// Statement routes and their schemas (spec 7 "Statement"): the member's paged statement. The slip table and a slip's
// image address are the deposit routes' (contract/deposit.ts).
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { statementTypes } from './statementTypes'
import { literals, PageRequest, SlipStatus, text } from './shared'

/** What a statement row records: the activities of spec 8's statement labels (errorCodes.ts's one list). */
export const StatementType = Type.Union(literals(statementTypes))
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
  /** Beyond the spec, optional (issue 51): a slip's amount as the player said it, while staff have not read it. */
  claimedAmount: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
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

/** A calendar month, `2026-11`: the statement's month filter, counted in the operator's zone. */
export const StatementMonth = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' })

/**
 * POST /api/statement: a page, and beyond the spec two optional filters (issue 51): only these
 * statement types, only this month. An API that ignores them answers the whole statement.
 */
export const StatementRequest = Type.Object({
  ...PageRequest.properties,
  statementTypes: Type.Optional(Type.Array(StatementType, { minItems: 1, maxItems: 5, uniqueItems: true })),
  month: Type.Optional(StatementMonth),
})
export type StatementRequest = Static<typeof StatementRequest>

/** Spec 9: statement and slip lists page by 10. */
export const STATEMENT_PAGE_SIZE = 10

export const statementEndpoints = {
  statement: endpoint<void, StatementRequest, Static<typeof StatementResponse>>('POST', '/api/statement'),
}
