/**
 * Withdrawals (spec 7 "Wallet", spec 1): the amount leaves the wallet at once for the house's
 * payouts-pending account (state `requested`), or waits for review during the payout hold after a
 * bank account change (state `review`). Settling pays it (payouts-pending -> payouts-paid) or
 * fails it (back to the wallet, a new movement). Limits come from the withdraw lookup.
 */
import type { Withdrawal, WithdrawalStatus, WithdrawResponse } from '../../src/api/types'
import type { Member } from '../account/members'
import type { ServerContext } from '../context'
import { inTransaction } from '../db'
import { fail } from '../http/errors'
import { getContent } from '../lookup/store'
import { toMajor } from '../money'
import { parseAmount } from './amount'
import { accountCurrency, postMovement } from './ledger'

interface WithdrawalRow { id: number | string; amount_minor: number | string; status: string; created_at: number | string; member_id: number | string; currency: string }

const toWithdrawal = (row: WithdrawalRow): Withdrawal => ({
  id: String(row.id),
  amount: toMajor(Number(row.amount_minor)),
  status: row.status as WithdrawalStatus,
  createdAt: new Date(Number(row.created_at)).toISOString(),
})

export async function requestWithdrawal(ctx: ServerContext, member: Member, amount: number | string): Promise<WithdrawResponse> {
  const amountMinor = parseAmount(amount, ctx.maxAmountMinor)
  const limits = await getContent(ctx.db, 'withdrawLimits')
  if (limits && amountMinor < limits.withdrawMinMinor) throw fail(400, 'TRANSFER_MINIMUM')
  if (limits && amountMinor > limits.withdrawMaxMinor) throw fail(400, 'KEY_INVALID')
  if (!member.bankAccountNo) throw fail(400, 'NO_BANK')
  const at = ctx.now()
  const status: WithdrawalStatus = member.payoutHoldUntil > at ? 'review' : 'requested'
  return inTransaction(ctx.db, async (trx) => {
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
    const row = await trx.insertInto('withdrawals').values({
      member_id: member.id, amount_minor: amountMinor, currency: member.currency, status, requested_movement_id: movementId, created_at: at,
    }).returning(['id', 'amount_minor', 'status', 'created_at', 'member_id', 'currency']).executeTakeFirstOrThrow()
    return { message: 'SUCCESS' as const, withdrawal: toWithdrawal(row), wallet: { amount: toMajor(balances[0]), currency: member.currency } }
  })
}

/** Pays or fails a withdrawal that is still waiting; settling one twice is refused (409). */
export async function settleWithdrawal(ctx: ServerContext, id: number, outcome: 'paid' | 'failed'): Promise<Withdrawal> {
  return inTransaction(ctx.db, async (trx) => {
    const at = ctx.now()
    // The conditional update is the claim: of two settlements at once, one finds nothing to do.
    const row = await trx.updateTable('withdrawals').set({ status: outcome, settled_at: at })
      .where('id', '=', id).where('status', 'in', ['requested', 'review'])
      .returning(['id', 'amount_minor', 'status', 'created_at', 'member_id', 'currency'])
      .executeTakeFirst()
    if (!row) {
      const exists = await trx.selectFrom('withdrawals').select('id').where('id', '=', id).executeTakeFirst()
      throw exists ? fail(409, 'KEY_INVALID') : fail(404, 'NO_DATA')
    }
    const memberId = Number(row.member_id)
    const amountMinor = Number(row.amount_minor)
    const pending = { house: 'payouts-pending' as const, currency: row.currency }
    const currency = (await accountCurrency(trx, { wallet: memberId })) ?? row.currency
    const { movementId } = await postMovement(trx, {
      kind: outcome === 'paid' ? 'withdraw_paid' : 'withdraw_return',
      memberId,
      reference: `withdrawal:${row.id}:${outcome}`,
      at,
      postings: outcome === 'paid'
        ? [{ account: pending, amountMinor: -amountMinor }, { account: { house: 'payouts-paid', currency }, amountMinor }]
        : [{ account: pending, amountMinor: -amountMinor }, { account: { wallet: memberId }, amountMinor }],
    })
    await trx.updateTable('withdrawals').set({ settled_movement_id: movementId }).where('id', '=', id).execute()
    return toWithdrawal(row)
  })
}
