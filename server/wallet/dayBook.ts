/**
 * The day's book (issue 52 §1): what came in and went out on one day of the operator's time zone,
 * per currency, read from the ledger alone, and what members held at the day's close. A movement
 * belongs to the day of its `created_at`; its size is the sum of its positive postings (its
 * postings sum to zero). Nothing is left out: a movement of a kind with no line of its own is
 * listed under `other` by its kind.
 *
 *   deposits      'deposit' movements by method, the prefix of their reference (qrcode, slip, truelink, ...)
 *   withdrawals   'withdraw_paid' (paid out) and 'withdraw_return' (failed: back in the wallet)
 *   rewards       'bonus', 'refund' (cashback), 'invite', 'spin_prize' (the wheel)
 *   games         per game, what its member accounts took in and gave out on the day
 *   net           deposits less paid withdrawals
 *   held          the members' wallets and game accounts at the close: today's cached balances
 *                 less what was posted to them since
 */
import type { Db } from '../shared/db'
import { runSql } from '../shared/sql'
import { dayBounds } from '../shared/zone'

export interface Line { count: number; amountMinor: number }
export interface DayBookCurrency {
  currency: string
  deposits: (Line & { method: string })[]
  withdrawals: { paid: Line; failed: Line }
  rewards: { bonus: Line; cashback: Line; invite: Line; wheel: Line }
  games: { game: string; inMinor: number; outMinor: number }[]
  other: (Line & { kind: string })[]
  /** Deposits less paid withdrawals. */
  netMinor: number
  held: { walletsMinor: number; gamesMinor: number }
}
export interface DayBook {
  /** YYYY-MM-DD in `timeZone`. */
  day: string
  timeZone: string
  /** The day's bounds, epoch milliseconds: from included, to excluded. */
  from: number
  to: number
  currencies: DayBookCurrency[]
}

interface PostingRow {
  movement_id: number | string
  kind: string
  reference: string | null
  account_kind: string
  game_code: string | null
  currency: string
  amount_minor: number | string
}

const REWARDS = { bonus: 'bonus', refund: 'cashback', invite: 'invite', spin_prize: 'wheel' } as const
const none = (): Line => ({ count: 0, amountMinor: 0 })

function emptyCurrency(currency: string): DayBookCurrency {
  return {
    currency, deposits: [], withdrawals: { paid: none(), failed: none() },
    rewards: { bonus: none(), cashback: none(), invite: none(), wheel: none() }, games: [], other: [], netMinor: 0, held: { walletsMinor: 0, gamesMinor: 0 },
  }
}

const add = (line: Line, amountMinor: number) => {
  line.count += 1
  line.amountMinor += amountMinor
}

/** The book of `day` in `timeZone`; undefined for a date that is not one. */
export async function dayBook(db: Db, day: string, timeZone: string): Promise<DayBook | undefined> {
  const bounds = dayBounds(day, timeZone)
  if (!bounds) return undefined
  const rows = await runSql<PostingRow>(db, `SELECT m.id AS movement_id, m.kind, m.reference, a.kind AS account_kind, a.game_code, a.currency, p.amount_minor
    FROM movements m JOIN postings p ON p.movement_id = m.id JOIN ledger_accounts a ON a.id = p.account_id
    WHERE m.created_at >= ? AND m.created_at < ? ORDER BY m.id`, [bounds.from, bounds.to])
  const books = new Map<string, DayBookCurrency>()
  const bookOf = (currency: string) => books.get(currency) ?? books.set(currency, emptyCurrency(currency)).get(currency)!

  // One movement at a time: its postings are consecutive rows.
  const movements = new Map<string, PostingRow[]>()
  for (const row of rows) {
    const id = String(row.movement_id)
    movements.set(id, [...(movements.get(id) ?? []), row])
  }
  for (const postings of movements.values()) {
    const { kind, reference, currency } = postings[0]
    const book = bookOf(currency)
    const size = postings.reduce((sum, posting) => sum + Math.max(0, Number(posting.amount_minor)), 0)
    for (const posting of postings) {
      if (posting.account_kind !== 'game' || !posting.game_code) continue
      const game = book.games.find((line) => line.game === posting.game_code) ?? book.games[book.games.push({ game: posting.game_code, inMinor: 0, outMinor: 0 }) - 1]
      const amount = Number(posting.amount_minor)
      if (amount > 0) game.inMinor += amount
      else game.outMinor -= amount
    }
    if (kind === 'deposit') {
      const method = reference?.includes(':') ? reference.slice(0, reference.indexOf(':')) : 'other'
      const line = book.deposits.find((deposit) => deposit.method === method) ?? book.deposits[book.deposits.push({ method, ...none() }) - 1]
      add(line, size)
    } else if (kind === 'withdraw_paid') add(book.withdrawals.paid, size)
    else if (kind === 'withdraw_return') add(book.withdrawals.failed, size)
    else if (kind in REWARDS) add(book.rewards[REWARDS[kind as keyof typeof REWARDS]], size)
    else add(book.other.find((line) => line.kind === kind) ?? book.other[book.other.push({ kind, ...none() }) - 1], size)
  }

  // What the members held at the close: the balances cached now, less what reached them since.
  const now = await runSql<{ currency: string; kind: string; sum: number | string | null }>(db,
    `SELECT currency, kind, SUM(balance_minor) AS sum FROM ledger_accounts WHERE kind IN ('wallet', 'game') GROUP BY currency, kind`, [])
  const since = await runSql<{ currency: string; kind: string; sum: number | string | null }>(db,
    `SELECT a.currency, a.kind, SUM(p.amount_minor) AS sum
      FROM movements m JOIN postings p ON p.movement_id = m.id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE m.created_at >= ? AND a.kind IN ('wallet', 'game') GROUP BY a.currency, a.kind`, [bounds.to])
  for (const row of now) {
    const later = Number(since.find((other) => other.currency === row.currency && other.kind === row.kind)?.sum ?? 0)
    const held = Number(row.sum ?? 0) - later
    const book = bookOf(row.currency)
    if (row.kind === 'wallet') book.held.walletsMinor = held
    else book.held.gamesMinor = held
  }

  for (const book of books.values()) {
    book.deposits.sort((a, b) => a.method.localeCompare(b.method))
    book.games.sort((a, b) => a.game.localeCompare(b.game))
    book.other.sort((a, b) => a.kind.localeCompare(b.kind))
    book.netMinor = book.deposits.reduce((sum, line) => sum + line.amountMinor, 0) - book.withdrawals.paid.amountMinor
  }
  return { day, timeZone, ...bounds, currencies: [...books.values()].sort((a, b) => a.currency.localeCompare(b.currency)) }
}
