import { type Db, inTransaction } from '../shared/db'
import { creditWallet } from '../shared/ledger'
import { tell } from '../notify/events'
import { grantDepositCoins } from '../spin/spin'

export type DepositKind = 'qrcode' | 'slip' | 'truelink'

export interface DepositCredit {
  memberId: number
  /** Integer minor units, above 0. */
  amountMinor: number
  /** The deposit's own reference (QR reference, slip reference, gift link upload reference). */
  reference: string
  kind: DepositKind
  at: number
}

/**
 * The one place deposits move money: every QR payment, approved slip and approved gift link
 * credits the wallet through here, so the ledger behind it can change without touching callers.
 * Callers run it in the same transaction that marks their deposit settled, so a deposit is
 * credited at most once, and the member told of it once (issue 50).
 */
export async function creditDeposit(db: Db, credit: DepositCredit): Promise<number> {
  if (!Number.isSafeInteger(credit.amountMinor) || credit.amountMinor <= 0) {
    throw new Error('a deposit credit is a positive integer of minor units')
  }
  // The deposit's reference is the movement's unique reference: the schema itself refuses a
  // second credit for the same QR, slip or gift link.
  return inTransaction(db, async (trx) => {
    const credited = await creditWallet(trx, {
      memberId: credit.memberId,
      amountMinor: credit.amountMinor,
      from: 'deposits-in',
      kind: 'deposit',
      reference: `${credit.kind}:${credit.reference}`,
      at: credit.at,
    })
    // The spin rule's coins for this deposit, booked with it (spec 7 "Spin wheel").
    await grantDepositCoins(trx, credit.memberId, credit.amountMinor)
    // The member is told, by what committed with the money (issue 50).
    await tell(trx, credit.memberId, { kind: 'deposit_credited', method: credit.kind, reference: credit.reference, amountMinor: credit.amountMinor, ...credited }, credit.at)
    return credited.balanceMinor
  })
}
