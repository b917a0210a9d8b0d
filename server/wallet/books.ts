/**
 * The audit of the whole ledger (tests, the load script, `GET /dev/books`, an operator's check):
 * the one oracle that says the books are right, so its own tests show it saying they are not
 * (tests/server/books.test.ts).
 */
import type { Db } from '../shared/db'

export interface BooksReport {
  /** Sum of every posting per currency: 0 each when the books balance. */
  totals: Record<string, number>
  /** Movements whose postings do not sum to zero. */
  unbalancedMovements: number
  /** Movements with fewer than two postings. */
  loneMovements: number
  /** Movements whose postings are in more than one currency. */
  mixedCurrencyMovements: number
  /** Member accounts below zero. */
  negativeMemberAccounts: number
  /** Member accounts whose cached balance differs from the sum of their postings (a house
   *  account's balance is that sum: ledger.ts). */
  cacheMismatches: number
  /**
   * Per currency, what the in-transit account holds minus what the open game transfers reserved:
   * 0 each when every transfer's money is in one place (transfers.ts).
   */
  strandedInTransit: Record<string, number>
  movements: number
  postings: number
  balanced: boolean
}

const sumOf = (rows: { currency: string; sum: number | string | null }[]) =>
  Object.fromEntries(rows.map((row) => [row.currency, Number(row.sum ?? 0)]))

export async function checkBooks(db: Db): Promise<BooksReport> {
  const totals = await db.selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .select((eb) => ['ledger_accounts.currency', eb.fn.sum<number | string>('postings.amount_minor').as('sum')])
    .groupBy('ledger_accounts.currency')
    .execute()
  const unbalanced = await db.selectFrom('postings').select('movement_id')
    .groupBy('movement_id').having((eb) => eb.fn.sum('amount_minor'), '<>', 0).execute()
  const lone = await db.selectFrom('movements')
    .leftJoin('postings', 'postings.movement_id', 'movements.id')
    .select('movements.id')
    .groupBy('movements.id').having((eb) => eb.fn.count('postings.id'), '<', 2).execute()
  const mixed = await db.selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .select('postings.movement_id')
    .groupBy('postings.movement_id').having((eb) => eb.fn.count('ledger_accounts.currency').distinct(), '>', 1).execute()
  const negative = await db.selectFrom('ledger_accounts').select('id')
    .where('allow_negative', '=', 0).where('balance_minor', '<', 0).execute()
  const sums = db.selectFrom('postings').select((eb) => ['account_id', eb.fn.sum<number | string>('amount_minor').as('sum')]).groupBy('account_id')
  const mismatches = await db.selectFrom('ledger_accounts')
    .leftJoin(sums.as('s'), 's.account_id', 'ledger_accounts.id')
    .select(['ledger_accounts.id', 'ledger_accounts.balance_minor', 's.sum'])
    .where('ledger_accounts.allow_negative', '=', 0)
    .execute()
  const held = sumOf(await db.selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .select((eb) => ['ledger_accounts.currency', eb.fn.sum<number | string>('postings.amount_minor').as('sum')])
    .where('ledger_accounts.key', 'like', 'house:in-transit:%')
    .groupBy('ledger_accounts.currency')
    .execute())
  const reserved = sumOf(await db.selectFrom('game_transfers')
    .select((eb) => ['currency', eb.fn.sum<number | string>('amount_minor').as('sum')])
    .where('status', 'in', ['reserved', 'withdrawn']).groupBy('currency').execute())
  const strandedInTransit = Object.fromEntries([...new Set([...Object.keys(held), ...Object.keys(reserved)])]
    .map((currency) => [currency, (held[currency] ?? 0) - (reserved[currency] ?? 0)]))
  const count = async (table: 'movements' | 'postings') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  const report: BooksReport = {
    totals: Object.fromEntries(totals.map((row) => [row.currency, Number(row.sum)])),
    unbalancedMovements: unbalanced.length,
    loneMovements: lone.length,
    mixedCurrencyMovements: mixed.length,
    negativeMemberAccounts: negative.length,
    cacheMismatches: mismatches.filter((row) => Number(row.balance_minor) !== Number(row.sum ?? 0)).length,
    strandedInTransit,
    movements: await count('movements'),
    postings: await count('postings'),
    balanced: false,
  }
  report.balanced = Object.values(report.totals).every((sum) => sum === 0)
    && Object.values(report.strandedInTransit).every((sum) => sum === 0)
    && report.unbalancedMovements === 0 && report.loneMovements === 0 && report.mixedCurrencyMovements === 0
    && report.negativeMemberAccounts === 0 && report.cacheMismatches === 0
  return report
}
