/**
 * Withdrawals (spec 7 "Wallet", spec 1): the amount leaves the wallet at once for the house's
 * payouts-pending account (state `requested`), or waits for review during the payout hold after a
 * bank account change (state `review`). Each keeps its destination, the member's bank account when
 * it was requested; the operator pays that account and no other. A later change of bank or account
 * number sends the member's `requested` withdrawals to review (repo.ts holdWaitingWithdrawals, in the
 * change's transaction). Settling pays it (payouts-pending -> payouts-paid) or fails it (back to
 * the wallet, a new movement). Limits come from the withdraw lookup.
 */
import type { Withdrawal, WithdrawalList, WithdrawalStatus, WithdrawResponse } from '../../contract'
import type { Member } from '../shared/members'
import type { ServerContext } from '../shared/context'
import { type Db, inTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { withdrawLimitsFor } from '../lookup/repo'
import { moneyOf, toMajor } from '../shared/money'
import { ceilingFor, parseAmount } from '../shared/amount'
import { endBonusByWithdrawal } from '../bonus/bonuses'
import { accountCurrency, postMovement } from '../shared/ledger'
import { maskAccountNo } from '../shared/mask'
import { tell } from '../notify/events'
import { announce } from '../ops/feed'
import * as repo from './repo'

/** A withdrawal as the member sees it (masked), or as the payer must see it (`whole`). */
export const toWithdrawal = (row: repo.WithdrawalRow, accountNo: 'masked' | 'whole' = 'masked'): Withdrawal => ({
  id: String(row.id),
  amount: toMajor(Number(row.amount_minor)),
  currency: row.currency,
  status: row.status as WithdrawalStatus,
  createdAt: new Date(Number(row.created_at)).toISOString(),
  destination: {
    bankCode: row.bank_code,
    bankAccountName: row.bank_account_name,
    bankAccountNo: accountNo === 'whole' ? row.bank_account_no : maskAccountNo(row.bank_account_no),
  },
})

export async function requestWithdrawal(ctx: ServerContext, member: Member, amount: number | string): Promise<WithdrawResponse> {
  const amountMinor = parseAmount(amount, ceilingFor(ctx.maxAmountMinor, member.currency))
  const limits = await withdrawLimitsFor(ctx.db, moneyOf(member.currency))
  // Refusals that name the limit (spec 5: each message includes it), in the member's money.
  if (limits && amountMinor < limits.withdrawMinMinor) throw fail(400, 'WITHDRAW_MINIMUM', toMajor(limits.withdrawMinMinor), { currency: member.currency })
  if (limits && amountMinor > limits.withdrawMaxMinor) throw fail(400, 'WITHDRAW_MAXIMUM', toMajor(limits.withdrawMaxMinor), { currency: member.currency })
  const at = ctx.now()
  return inTransaction(ctx.db, async (trx) => {
    const payee = await repo.lockPayee(trx, member.id)
    if (!payee.bank_code || !payee.bank_account_no) throw fail(400, 'NO_BANK')
    // Under a held bonus the withdrawal takes the whole balance; the rest is removed (spec 1).
    await endBonusByWithdrawal(trx, member, amountMinor, at)
    const status: WithdrawalStatus = Number(payee.payout_hold_until) > at ? 'review' : 'requested'
    const { movementId, balances } = await postMovement(trx, {
      kind: 'withdraw',
      memberId: member.id,
      note: status,
      at,
      postings: [
        { account: { wallet: member.id }, amountMinor: -amountMinor },
        { account: { house: 'payouts-pending', currency: member.currency }, amountMinor },
      ],
    })
    const row = await repo.insertWithdrawal(trx, {
      member_id: member.id,
      amount_minor: amountMinor,
      currency: member.currency,
      status,
      requested_movement_id: movementId,
      created_at: at,
      bank_code: payee.bank_code,
      bank_account_no: payee.bank_account_no,
      bank_account_name: payee.bank_account_name,
    })
    return { message: 'SUCCESS' as const, withdrawal: toWithdrawal(row), wallet: { amount: toMajor(balances[0]), currency: member.currency } }
  })
}

/** Tells the cashiers' consoles of a withdrawal to pay (ops/feed.ts). The route calls it once the
 *  request's transaction (with its Idempotency-Key) has committed, so a console that reloads its
 *  queue finds it. */
export const announceWithdrawal = (ctx: ServerContext, withdrawal: Withdrawal): Promise<void> =>
  announce(ctx, 'withdrawals', { id: withdrawal.id, state: 'new' })

/** How a payout ended: paid, with the bank's reference of the transfer, or failed (the money goes back), and why. */
export type Settlement = { status: 'paid'; bankReference?: string } | { status: 'failed'; reason?: string }

/** What is told of a settlement inside its transaction (the operator's audit row), so the two commit together. */
export type WithdrawalSettled = (trx: Db, settled: { memberId: number; withdrawal: Withdrawal; settlement: Settlement }) => Promise<void>

/**
 * Pays or fails a withdrawal that is still waiting, and answers it with its whole destination:
 * the account the payer must pay. Settling one twice is refused (409). The dev stand-in and the
 * operator API (server/ops/) both come here.
 */
export async function settleWithdrawal(ctx: ServerContext, id: number, settlement: Settlement, onSettled?: WithdrawalSettled): Promise<Withdrawal> {
  const outcome = settlement.status
  const settled = await inTransaction(ctx.db, async (trx) => {
    const at = ctx.now()
    const row = await repo.claimWithdrawalSettlement(trx, id, settlement, at)
    if (!row) throw (await repo.withdrawalExists(trx, id)) ? fail(409, 'KEY_INVALID') : fail(404, 'NO_DATA')
    const memberId = Number(row.member_id)
    const amountMinor = Number(row.amount_minor)
    const pending = { house: 'payouts-pending' as const, currency: row.currency }
    const currency = (await accountCurrency(trx, { wallet: memberId })) ?? row.currency
    const { movementId, balances } = await postMovement(trx, {
      kind: outcome === 'paid' ? 'withdraw_paid' : 'withdraw_return',
      memberId,
      reference: `withdrawal:${row.id}:${outcome}`,
      at,
      postings: outcome === 'paid'
        ? [{ account: pending, amountMinor: -amountMinor }, { account: { house: 'payouts-paid', currency }, amountMinor }]
        : [{ account: pending, amountMinor: -amountMinor }, { account: { wallet: memberId }, amountMinor }],
    })
    await repo.setWithdrawalSettledMovement(trx, id, movementId)
    // The member is told, with the money (issue 50): paid to the masked account, or given back.
    const told = { reference: String(row.id), amountMinor, currency }
    await tell(trx, memberId, outcome === 'paid'
      ? { kind: 'withdrawal_paid', ...told, bankCode: row.bank_code, bankAccountNo: maskAccountNo(row.bank_account_no), ...(settlement.status === 'paid' && settlement.bankReference ? { bankReference: settlement.bankReference } : {}) }
      : { kind: 'withdrawal_failed', ...told, balanceMinor: balances[1] }, at)
    const withdrawal = toWithdrawal(row, 'whole')
    await onSettled?.(trx, { memberId, withdrawal, settlement })
    return withdrawal
  })
  await announce(ctx, 'withdrawals', { id: String(id), state: 'decided' })
  return settled
}

/** The member's own withdrawals, newest first, `limit` a page. */
export async function listWithdrawals(ctx: ServerContext, member: Member, page: number, limit: number): Promise<WithdrawalList> {
  const { rows, total } = await repo.listWithdrawalRows(ctx.db, member.id, page, limit)
  return { total, withdrawals: rows.map((row) => toWithdrawal(row)) }
}
