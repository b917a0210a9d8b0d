// The statement's reads (statement.ts makes its rows): which rows a page holds, in the statement's
// order, and each source's rows by id. The statement keeps no table of its own.
import type { Db } from '../shared/db'
import { list, runSql } from '../shared/sql'

/** The movement kinds a statement row of the movements source shows. */
const REWARD_KINDS = ['bonus', 'refund', 'invite_bonus', 'spin_prize'] as const
/** Deposits whose own row (a slip or gift link) is shown instead of their movement. */
const DEPOSITS_SHOWN_BY_ROW = ['slip:%', 'truelink:%']

export const SOURCES = { movement: 1, slip: 2, withdrawal: 3, transfer: 4, bonusEnd: 5 } as const
export type Source = keyof typeof SOURCES
const sourceOf = Object.fromEntries(Object.entries(SOURCES).map(([name, n]) => [n, name])) as Record<number, Source>

/** Which rows a page may hold (issue 51's filters): these statement types only, from `from`
 *  (epoch ms, inclusive) to `to` (exclusive). Left out, all. */
export interface StatementFilter {
  statementTypes?: readonly string[]
  from?: number
  to?: number
}

/** The rows of one page: which source, which id, in the statement's order. */
export async function pageKeys(db: Db, memberId: number, page: number, limit: number, filter: StatementFilter = {}) {
  // Each row's statementType as statement.ts gives it, so that a filter by type is one condition.
  const union = `
    SELECT ${SOURCES.movement} AS src, m.id AS id, m.created_at AS at,
           CASE WHEN m.kind IN ('deposit', 'withdraw', 'transfer') THEN m.kind
                WHEN m.kind = 'correction' THEN (CASE WHEN EXISTS (SELECT 1 FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
                  WHERE p.movement_id = m.id AND a.member_id = m.member_id AND p.amount_minor < 0) THEN 'withdraw' ELSE 'deposit' END)
                ELSE 'bonus' END AS type FROM movements m
     WHERE m.member_id = ? AND (
       m.kind IN (${list(REWARD_KINDS.length)}) OR m.kind = 'correction'
       OR (m.kind = 'deposit' AND (m.reference IS NULL OR (${DEPOSITS_SHOWN_BY_ROW.map(() => 'm.reference NOT LIKE ?').join(' AND ')})))
       OR (m.kind = 'withdraw' AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.requested_movement_id = m.id AND w.member_id = m.member_id))
       OR (m.kind = 'transfer' AND NOT EXISTS (SELECT 1 FROM game_transfers t WHERE t.reserve_movement_id = m.id AND t.member_id = m.member_id)))
    UNION ALL SELECT ${SOURCES.slip}, s.id, s.created_at, 'deposit' FROM deposit_slips s WHERE s.member_id = ?
    UNION ALL SELECT ${SOURCES.withdrawal}, w.id, w.created_at, 'withdraw' FROM withdrawals w WHERE w.member_id = ?
    UNION ALL SELECT ${SOURCES.transfer}, t.id, t.created_at, 'transfer' FROM game_transfers t WHERE t.member_id = ?
    UNION ALL SELECT ${SOURCES.bonusEnd}, u.id, u.ended_at, 'finish_bonus' FROM user_bonuses u WHERE u.member_id = ? AND u.ended_at IS NOT NULL`
  const { statementTypes, from, to } = filter
  const where = [
    ...(statementTypes ? [`type IN (${list(statementTypes.length)})`] : []),
    ...(from !== undefined ? ['at >= ?'] : []),
    ...(to !== undefined ? ['at < ?'] : []),
  ]
  const entries = `(${union}) entries${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`
  const parameters = [memberId, ...REWARD_KINDS, ...DEPOSITS_SHOWN_BY_ROW, memberId, memberId, memberId, memberId,
    ...(statementTypes ?? []), ...(from !== undefined ? [from] : []), ...(to !== undefined ? [to] : [])]
  // The total rides on every row (a window over the whole union, before LIMIT): one snapshot.
  const rows = await runSql<{ src: number; id: number; total: number | string }>(db,
    `SELECT src, id, COUNT(*) OVER () AS total FROM ${entries} ORDER BY at DESC, src DESC, id DESC LIMIT ? OFFSET ?`,
    [...parameters, limit, (page - 1) * limit])
  // A page past the end has no row to carry the total.
  const total = rows[0] ? Number(rows[0].total)
    : Number((await runSql<{ total: number | string }>(db, `SELECT COUNT(*) AS total FROM ${entries}`, parameters))[0]?.total ?? 0)
  return { keys: rows.map((row) => ({ source: sourceOf[Number(row.src)], id: Number(row.id) })), total }
}

export const readMovements = (db: Db, memberId: number, ids: number[]) =>
  runSql<{ id: number; kind: string; reference: string | null; note: string; created_at: number; amount: number | string; credited: number | string; currency: string; bonus_kind: string | null; bonus_name: string | null }>(db,
    `SELECT m.id, m.kind, m.reference, m.note, m.created_at, SUM(p.amount_minor) AS amount,
            SUM(CASE WHEN p.amount_minor > 0 THEN p.amount_minor ELSE 0 END) AS credited, MIN(a.currency) AS currency,
            MIN(u.kind) AS bonus_kind, MIN(b.name) AS bonus_name
       FROM movements m
       JOIN postings p ON p.movement_id = m.id
       JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id = m.member_id
       LEFT JOIN user_bonuses u ON u.movement_id = m.id
       LEFT JOIN bonuses b ON b.code = u.bonus_code
      WHERE m.id IN (${list(ids.length)}) AND m.member_id = ?
      GROUP BY m.id, m.kind, m.reference, m.note, m.created_at`, [...ids, memberId])

export const readSlips = (db: Db, memberId: number, ids: number[]) =>
  runSql<{ id: number; kind: string; reference: string; amount_minor: number; claimed_minor: number | string | null; status: string; note: string | null; created_at: number }>(db,
    `SELECT id, kind, reference, amount_minor, claimed_minor, status, note, created_at FROM deposit_slips WHERE id IN (${list(ids.length)}) AND member_id = ?`, [...ids, memberId])

export const readWithdrawals = (db: Db, memberId: number, ids: number[]) =>
  runSql<{ id: number; amount_minor: number; currency: string; status: string; created_at: number; bank_code: string; bank_account_no: string; bank_account_name: string }>(db,
    `SELECT id, amount_minor, currency, status, created_at, bank_code, bank_account_no, bank_account_name FROM withdrawals WHERE id IN (${list(ids.length)}) AND member_id = ?`,
    [...ids, memberId])

export const readTransfers = (db: Db, memberId: number, ids: number[]) =>
  runSql<{ id: number; from_code: string; to_code: string; amount_minor: number; currency: string; status: string; created_at: number }>(db,
    `SELECT id, from_code, to_code, amount_minor, currency, status, created_at FROM game_transfers WHERE id IN (${list(ids.length)}) AND member_id = ?`, [...ids, memberId])

export const readEndedBonuses = (db: Db, memberId: number, ids: number[]) =>
  runSql<{ id: number; kind: string; bonus_code: string; currency: string; ended_at: number; name: string | null; removed: number | string | null }>(db,
    `SELECT u.id, u.kind, u.bonus_code, u.currency, u.ended_at, b.name,
            (SELECT -SUM(p.amount_minor) FROM movements f
               JOIN postings p ON p.movement_id = f.id
               JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id = f.member_id
              WHERE f.member_id = u.member_id AND f.kind = 'finish_bonus' AND f.created_at = u.ended_at) AS removed
       FROM user_bonuses u LEFT JOIN bonuses b ON b.code = u.bonus_code
      WHERE u.id IN (${list(ids.length)}) AND u.member_id = ?`, [...ids, memberId])

/** The spin coupons a statement's prize rows name (label and wheel). */
export const readCoupons = (db: Db, ids: number[]) =>
  runSql<{ id: number; label: string; wheel_name: string }>(db, `SELECT id, label, wheel_name FROM spin_coupons WHERE id IN (${list(ids.length)})`, ids)
