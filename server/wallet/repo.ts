// The wallet area's data: its tables' row types and their SQL (withdrawals.ts and transfers.ts keep the rules).
import type { Generated } from 'kysely'
import { type Db, isPostgres, type Tables } from '../shared/db'
import type { MovementClaim, MovementRecord } from '../shared/ledger'

declare module '../shared/db' {
  /** The wallet area's tables (the migrations make them). */
  interface Tables {
    withdrawals: {
      id: Generated<number>
      member_id: number
      amount_minor: number
      currency: string
      status: string
      requested_movement_id: number
      settled_movement_id: number | null
      created_at: number
      settled_at: number | null
      /** Where it is paid: the member's bank account when it was requested; never changed (a trigger refuses). */
      bank_code: string
      bank_account_no: string
      bank_account_name: string
      /** The bank's reference of the payout, given by whoever paid it (issue 33). */
      bank_reference: string | null
      /** Why a failed one was not paid. */
      failure_reason: string | null
    }
    /** Transfers between the wallet and games, step by step (wallet/transfers.ts). */
    game_transfers: {
      id: Generated<number>
      member_id: number
      from_code: string
      to_code: string
      amount_minor: number
      currency: string
      status: string
      reserve_movement_id: number
      finish_movement_id: number | null
      created_at: number
      updated_at: number
    }
    /** Corrections of a member's wallet, proposed by one admin and decided by another (corrections.ts). */
    corrections: {
      id: Generated<number>
      member_id: number
      currency: string
      /** Signed: positive credits the wallet, negative debits it. */
      amount_minor: number
      reason: string
      made_by: number
      made_at: number
      status: Generated<string>
      decided_by: number | null
      decided_at: number | null
      decision_reason: string | null
      movement_id: number | null
    }
  }
}

// ---- Withdrawals ----

const withdrawalColumns = [
  'id', 'amount_minor', 'currency', 'status', 'created_at', 'member_id', 'bank_code', 'bank_account_no', 'bank_account_name',
] as const

export interface WithdrawalRow {
  id: number | string
  amount_minor: number | string
  currency: string
  status: string
  created_at: number | string
  member_id: number | string
  bank_code: string
  bank_account_no: string
  bank_account_name: string
}

/**
 * The member's bank account and payout hold as committed now. On PostgreSQL the row stays locked
 * to the end of the transaction, so a bank account change lands either before this withdrawal (it
 * then sees the new account and its hold) or after it (and sends it to review), never in between;
 * SQLite runs one transaction at a time.
 */
export async function lockPayee(trx: Db, memberId: number) {
  const query = trx.selectFrom('members')
    .select(['bank_code', 'bank_account_no', 'bank_account_name', 'payout_hold_until'])
    .where('id', '=', memberId)
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirstOrThrow()
}

export type NewWithdrawal = Omit<Tables['withdrawals'], 'id' | 'settled_movement_id' | 'settled_at' | 'bank_reference' | 'failure_reason'>

export async function insertWithdrawal(trx: Db, withdrawal: NewWithdrawal): Promise<WithdrawalRow> {
  return trx.insertInto('withdrawals').values(withdrawal).returning(withdrawalColumns).executeTakeFirstOrThrow()
}

/**
 * Settles a withdrawal still waiting (requested or review); undefined when it is not waiting (or
 * not there). The conditional update is the claim: of two settlements at once, one finds nothing to do.
 */
export async function claimWithdrawalSettlement(
  trx: Db,
  id: number,
  settlement: { status: 'paid'; bankReference?: string } | { status: 'failed'; reason?: string },
  at: number,
): Promise<WithdrawalRow | undefined> {
  const details = settlement.status === 'paid' ? { bank_reference: settlement.bankReference ?? null } : { failure_reason: settlement.reason ?? null }
  return trx.updateTable('withdrawals').set({ status: settlement.status, settled_at: at, ...details })
    .where('id', '=', id).where('status', 'in', ['requested', 'review'])
    .returning(withdrawalColumns)
    .executeTakeFirst()
}

/** Withdrawals waiting to be paid (requested, or in review during a payout hold), oldest first,
 *  with their member: the cashier's queue (issue 33). */
export async function waitingWithdrawals(db: Db, limit: number, statuses: readonly string[] = ['requested', 'review'], before = Number.MAX_SAFE_INTEGER) {
  return db.selectFrom('withdrawals')
    .innerJoin('members', 'members.id', 'withdrawals.member_id')
    .select([...withdrawalColumns.map((column) => `withdrawals.${column}` as const), 'members.username', 'members.name', 'members.currency as member_currency'])
    .where('withdrawals.status', 'in', statuses).where('withdrawals.created_at', '<', before)
    .orderBy('withdrawals.id').limit(limit)
    .execute()
}

/** One withdrawal, whatever its state; undefined when there is none. */
export async function findWithdrawal(db: Db, id: number): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').select(withdrawalColumns).where('id', '=', id).executeTakeFirst()
}

/** Whether the withdrawal still waits to be paid (requested, or in review), its row held by `trx` on PostgreSQL until it ends. */
export async function withdrawalStillWaiting(trx: Db, id: number): Promise<boolean> {
  const query = trx.selectFrom('withdrawals').select('status').where('id', '=', id)
  const row = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst()
  return row?.status === 'requested' || row?.status === 'review'
}

export async function withdrawalExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('withdrawals').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}

export async function setWithdrawalSettledMovement(trx: Db, id: number, movementId: number): Promise<void> {
  await trx.updateTable('withdrawals').set({ settled_movement_id: movementId }).where('id', '=', id).execute()
}

/**
 * A new payout account: the member's withdrawals still `requested` wait for review. Called in the
 * change's transaction, so the change and the move commit together or not at all.
 */
export async function holdWaitingWithdrawals(trx: Db, memberId: number): Promise<void> {
  await trx.updateTable('withdrawals').set({ status: 'review' })
    .where('member_id', '=', memberId).where('status', '=', 'requested')
    .execute()
}

/** A member's withdrawals, newest first, `limit` a page, with their count. */
export async function listWithdrawalRows(db: Db, memberId: number, page: number, limit: number): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const rows = await db.selectFrom('withdrawals').select(withdrawalColumns)
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset((page - 1) * limit)
    .execute()
  const { total } = await db.selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow()
  return { rows, total: Number(total) }
}

// ---- Game transfers ----

export interface TransferRow {
  id: number
  member_id: number
  from_code: string
  to_code: string
  amount_minor: number
  currency: string
  reserve_movement_id: number
  status: string
  created_at: number
}

const transferColumns = ['id', 'member_id', 'from_code', 'to_code', 'amount_minor', 'currency', 'reserve_movement_id', 'status', 'created_at'] as const

export interface NewTransfer {
  memberId: number
  from: string
  to: string
  amountMinor: number
  currency: string
  at: number
}

/** The row of a transfer, written with the movement that reserves it (postMovement's record). */
export const transferRecord = (transfer: NewTransfer): MovementRecord => ({
  table: 'game_transfers',
  values: {
    member_id: transfer.memberId, from_code: transfer.from, to_code: transfer.to, amount_minor: transfer.amountMinor,
    currency: transfer.currency, status: 'reserved', created_at: transfer.at, updated_at: transfer.at,
  },
  movementColumn: 'reserve_movement_id',
})

export async function findTransferRow(db: Db, id: number): Promise<TransferRow> {
  return db.selectFrom('game_transfers').select(transferColumns).where('id', '=', id).executeTakeFirstOrThrow()
}

/**
 * A transfer's move to its finish, claimed by its finishing movement (postMovement's claim): only
 * from the state `fromStatus` its finisher saw, so when another finisher moved it first nothing is
 * written.
 */
export const transferFinishClaim = (finish: { id: number; fromStatus: string; outcome: string; at: number }): MovementClaim => ({
  table: 'game_transfers',
  id: finish.id,
  where: { status: finish.fromStatus },
  set: { status: finish.outcome, updated_at: finish.at },
  movementColumn: 'finish_movement_id',
})

/** A reserved transfer whose source game paid out: withdrawn. Undefined when it was no longer reserved. */
export async function markTransferWithdrawn(db: Db, id: number, at: number): Promise<TransferRow | undefined> {
  return db.updateTable('game_transfers').set({ status: 'withdrawn', updated_at: at })
    .where('id', '=', id).where('status', '=', 'reserved')
    .returning(transferColumns).executeTakeFirst()
}

/** Open transfers (reserved, withdrawn) created at or before `olderThan`, by id after `after`, `limit` of them. */
export async function openTransfersPage(db: Db, olderThan: number, after: number, limit: number): Promise<TransferRow[]> {
  return db.selectFrom('game_transfers').select(transferColumns)
    .where('status', 'in', ['reserved', 'withdrawn'])
    .where('created_at', '<=', olderThan)
    .where('id', '>', after)
    .orderBy('id').limit(limit).execute()
}

/** A member's withdrawals still waiting (requested or in review), oldest first. */
export async function openWithdrawalsOf(db: Db, memberId: number): Promise<WithdrawalRow[]> {
  return db.selectFrom('withdrawals').select(withdrawalColumns)
    .where('member_id', '=', memberId).where('status', 'in', ['requested', 'review'])
    .orderBy('id').execute()
}

/** A member's last `limit` movements, newest first, each with what it changed on their own
 *  accounts (the wallet, a game). */
export async function recentMovementsOf(db: Db, memberId: number, limit: number) {
  const movements = await db.selectFrom('movements').select(['id', 'kind', 'note', 'created_at'])
    .where('member_id', '=', memberId).orderBy('id', 'desc').limit(limit).execute()
  if (movements.length === 0) return []
  const postings = await db.selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .select(['postings.movement_id', 'ledger_accounts.kind', 'ledger_accounts.game_code', 'postings.amount_minor'])
    .where('postings.movement_id', 'in', movements.map((movement) => movement.id))
    .where('ledger_accounts.member_id', '=', memberId)
    .orderBy('postings.id').execute()
  return movements.map((movement) => ({
    ...movement,
    changes: postings.filter((posting) => Number(posting.movement_id) === Number(movement.id))
      .map((posting) => ({ account: posting.kind === 'game' ? `game:${posting.game_code ?? ''}` : posting.kind, amountMinor: Number(posting.amount_minor) })),
  }))
}

// ---- Corrections (issue 52 §3) ----

export type CorrectionRow = Awaited<ReturnType<typeof correctionsWhere>>[number]

/** Corrections with their member and the staff who made and decided them: those waiting (oldest
 *  first), or one member's (newest first), or one by id. */
export async function correctionsWhere(db: Db, which: { pending: true; limit: number } | { memberId: number; limit: number } | { id: number }) {
  let query = db.selectFrom('corrections as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .innerJoin('staff as maker', 'maker.id', 'c.made_by')
    .leftJoin('staff as decider', 'decider.id', 'c.decided_by')
    .select([
      'c.id', 'c.member_id', 'c.currency', 'c.amount_minor', 'c.reason', 'c.status', 'c.made_by', 'c.made_at', 'c.decided_by', 'c.decided_at', 'c.decision_reason',
      'm.username', 'm.name', 'maker.username as maker_username', 'decider.username as decider_username',
    ])
  if ('id' in which) return query.where('c.id', '=', which.id).execute()
  query = 'pending' in which ? query.where('c.status', '=', 'pending').orderBy('c.id', 'asc') : query.where('c.member_id', '=', which.memberId).orderBy('c.id', 'desc')
  return query.limit(which.limit).execute()
}

export async function insertCorrection(db: Db, correction: { member_id: number; currency: string; amount_minor: number; reason: string; made_by: number; made_at: number }): Promise<number> {
  const row = await db.insertInto('corrections').values(correction).returning('id').executeTakeFirstOrThrow()
  return Number(row.id)
}

/** Moves a pending correction to its decision; undefined when it is no longer pending, or, for an
 *  application, when `notMadeBy` made it. On PostgreSQL the row stays locked to the transaction's end. */
export async function claimCorrection(trx: Db, id: number, decision: { status: 'applied' | 'refused'; decided_by: number; decided_at: number; decision_reason: string }, notMadeBy?: number) {
  let query = trx.updateTable('corrections').set(decision).where('id', '=', id).where('status', '=', 'pending')
  if (notMadeBy !== undefined) query = query.where('made_by', '<>', notMadeBy)
  return query.returning(['member_id', 'currency', 'amount_minor']).executeTakeFirst()
}

export async function setCorrectionMovement(trx: Db, id: number, movementId: number): Promise<void> {
  await trx.updateTable('corrections').set({ movement_id: movementId }).where('id', '=', id).execute()
}
