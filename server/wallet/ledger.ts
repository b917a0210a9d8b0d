import type { Currency } from '../../src/api/types'
import { type Db, inTransaction } from '../db'
import { fail } from '../http/errors'

/**
 * The wallet balance and its ledger. Every balance change is one transaction that writes one
 * ledger row, so the sum of a member's ledger always equals the wallet balance.
 */
export async function openWallet(db: Db, memberId: number, currency: Currency): Promise<void> {
  await db.insertInto('wallets').values({ member_id: memberId, currency, balance_minor: 0 }).execute()
}

export async function walletBalance(db: Db, memberId: number): Promise<number | undefined> {
  const row = await db.selectFrom('wallets').select('balance_minor').where('member_id', '=', memberId).executeTakeFirst()
  return row?.balance_minor
}

export interface BalanceChange {
  memberId: number
  /** Positive credits, negative debits, in minor units. */
  amountMinor: number
  kind: string
  note?: string
  at: number
}

/**
 * Applies one change and returns the new balance; 400 MONEY_NOT_ENOUGH if it would go below 0.
 * The update is conditional on the balance staying non-negative, in the same transaction as the
 * ledger row, so two debits at once on two instances cannot both spend the same money.
 */
export async function changeBalance(db: Db, change: BalanceChange): Promise<number> {
  if (!Number.isSafeInteger(change.amountMinor)) throw new Error('amount must be integer minor units')
  return inTransaction(db, async (trx) => {
    const updated = await trx.updateTable('wallets')
      .set((eb) => ({ balance_minor: eb('balance_minor', '+', change.amountMinor) }))
      .where('member_id', '=', change.memberId)
      .where((eb) => eb(eb('balance_minor', '+', change.amountMinor), '>=', 0))
      .returning('balance_minor')
      .executeTakeFirst()
    if (!updated) {
      const balance = await walletBalance(trx, change.memberId)
      throw balance === undefined ? fail(400, 'NO_WALLET') : fail(400, 'MONEY_NOT_ENOUGH')
    }
    const after = Number(updated.balance_minor)
    await trx.insertInto('ledger').values({
      member_id: change.memberId,
      amount_minor: change.amountMinor,
      balance_after_minor: after,
      kind: change.kind,
      note: change.note ?? '',
      created_at: change.at,
    }).execute()
    return after
  })
}

export async function ledgerSum(db: Db, memberId: number): Promise<number> {
  const row = await db.selectFrom('ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_minor'), eb.lit(0)).as('sum'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow()
  return Number(row.sum)
}
