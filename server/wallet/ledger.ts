import type { Currency } from '../../src/api/types'
import type { Db } from '../db'
import { fail } from '../http/errors'

/**
 * The wallet balance and its ledger. Every balance change is one transaction that writes one
 * ledger row, so the sum of a member's ledger always equals the wallet balance.
 */
export function openWallet(db: Db, memberId: number, currency: Currency): void {
  db.prepare('INSERT INTO wallets (member_id, currency, balance_minor) VALUES (?, ?, 0)').run(
    memberId,
    currency,
  )
}

export function walletBalance(db: Db, memberId: number): number | undefined {
  return db.prepare('SELECT balance_minor FROM wallets WHERE member_id = ?').pluck().get(memberId) as
    | number
    | undefined
}

export interface BalanceChange {
  memberId: number
  /** Positive credits, negative debits, in minor units. */
  amountMinor: number
  kind: string
  note?: string
  at: number
}

/** Applies one change and returns the new balance; 400 MONEY_NOT_ENOUGH if it would go below 0. */
export function changeBalance(db: Db, change: BalanceChange): number {
  if (!Number.isSafeInteger(change.amountMinor)) throw new Error('amount must be integer minor units')
  return db.transaction(() => {
    const balance = walletBalance(db, change.memberId)
    if (balance === undefined) throw fail(400, 'NO_WALLET')
    const after = balance + change.amountMinor
    if (after < 0) throw fail(400, 'MONEY_NOT_ENOUGH')
    db.prepare('UPDATE wallets SET balance_minor = ? WHERE member_id = ?').run(after, change.memberId)
    db.prepare(
      `INSERT INTO ledger (member_id, amount_minor, balance_after_minor, kind, note, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(change.memberId, change.amountMinor, after, change.kind, change.note ?? '', change.at)
    return after
  })()
}

export function ledgerSum(db: Db, memberId: number): number {
  return db
    .prepare('SELECT COALESCE(SUM(amount_minor), 0) FROM ledger WHERE member_id = ?')
    .pluck()
    .get(memberId) as number
}
