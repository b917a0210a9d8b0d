// The bonus area's data: its tables' row types and its SQL (the rules are bonuses.ts).
import type { Generated, Insertable } from 'kysely'
import { type Db, isPostgres, type Tables } from '../shared/db'
import { accountKey } from '../shared/ledger'
import { runSql } from '../shared/sql'

declare module '../shared/db' {
  /** The bonus area's tables (the migrations make them). */
  interface Tables {
    /** What the operator offers: bonus cards and promotion codes (bonus/bonuses.ts). */
    bonuses: {
      code: string
      kind: string
      name: string
      description: Generated<string>
      type: string
      max_received: number
      percent: number
      max_bonus_minor: number
      /** The cap for kip members; null: the offer is not made to them. */
      max_bonus_lak_minor: number | null
      turnover_multiplier: number
      percent_fail: number
      quota: number | null
      claimed: Generated<number>
      active: Generated<number>
      banners: Generated<string>
      sort: Generated<number>
    }
    /** Each bonus a member received; at most one active per member. */
    user_bonuses: {
      id: Generated<number>
      member_id: number
      bonus_code: string
      kind: string
      status: string
      currency: string
      base_minor: number
      bonus_minor: number
      turnover_target_minor: number
      turnover_minor: Generated<number>
      percent_fail: number
      movement_id: number
      created_at: number
      ended_at: number | null
    }
  }
}

export type BonusKind = 'bonus' | 'promotion'

/** An offer as the bonus rules read it. */
export interface OfferRow {
  code: string
  kind: string
  name: string
  description: string
  type: string
  max_received: number
  percent: number
  max_bonus_minor: number | string
  max_bonus_lak_minor: number | string | null
  turnover_multiplier: number
  percent_fail: number
  banners: string
}

/** The member's active bonus, with its offer's name. */
export interface HeldRow {
  id: number | string
  bonus_code: string
  kind: string
  base_minor: number | string
  bonus_minor: number | string
  turnover_target_minor: number | string
  turnover_minor: number | string
  percent_fail: number
  name: string
}

// ---- Offers ----

/** Adds an offer, or changes the one with the same code. */
export async function upsertOffer(db: Db, row: Insertable<Tables['bonuses']>): Promise<void> {
  const { code: _code, ...changes } = row
  await db.insertInto('bonuses').values(row).onConflict((c) => c.column('code').doUpdateSet(changes)).execute()
}

/** Every offer, active or not, in the operator's order (the operator API). */
export async function listOfferRows(db: Db) {
  return db.selectFrom('bonuses').selectAll().orderBy('sort').orderBy('code').execute()
}

export type StoredOfferRow = Awaited<ReturnType<typeof listOfferRows>>[number]

export async function findOfferRow(db: Db, code: string): Promise<StoredOfferRow | undefined> {
  return db.selectFrom('bonuses').selectAll().where('code', '=', code).executeTakeFirst()
}

/** The active bonus cards (kind bonus), in the operator's order. */
export async function listActiveBonusCards(db: Db) {
  return db.selectFrom('bonuses').selectAll()
    .where('kind', '=', 'bonus').where('active', '=', 1).orderBy('sort').orderBy('code').execute()
}

/** The active offer of `kind` by that code. */
export async function findActiveOffer(db: Db, kind: BonusKind, code: string): Promise<OfferRow | undefined> {
  return db.selectFrom('bonuses')
    .select(['code', 'kind', 'name', 'description', 'type', 'max_received', 'percent', 'max_bonus_minor', 'max_bonus_lak_minor', 'turnover_multiplier', 'percent_fail', 'banners'])
    .where('code', '=', code).where('kind', '=', kind).where('active', '=', 1)
    .executeTakeFirst()
}

/**
 * Counts one more receipt of the offer while its quota allows: false when it is full. The quota is
 * a conditional UPDATE of `claimed`, so receipts at once (on any number of instances) never pass it.
 */
export async function countOfferClaim(db: Db, code: string): Promise<boolean> {
  const counted = await runSql(db,
    'UPDATE bonuses SET claimed = claimed + 1 WHERE code = ? AND (quota IS NULL OR claimed < quota) RETURNING code', [code])
  return counted.length > 0
}

// ---- The bonuses members received ----

/** The member's active bonus, locked to the end of the transaction on PostgreSQL. */
export async function findActiveUserBonus(db: Db, memberId: number, lock = false): Promise<HeldRow | undefined> {
  const [row] = await runSql<HeldRow>(db,
    `SELECT u.id, u.bonus_code, u.kind, u.base_minor, u.bonus_minor, u.turnover_target_minor, u.turnover_minor, u.percent_fail, b.name
     FROM user_bonuses u JOIN bonuses b ON b.code = u.bonus_code
     WHERE u.member_id = ? AND u.status = 'active'${lock && isPostgres(db) ? ' FOR UPDATE OF u' : ''}`,
    [memberId])
  return row
}

/** Every bonus the member received, oldest first. */
export async function listUserBonuses(db: Db, memberId: number) {
  return db.selectFrom('user_bonuses').select(['id', 'bonus_code', 'status', 'created_at'])
    .where('member_id', '=', memberId).orderBy('created_at').orderBy('id').execute()
}

export interface NewUserBonus {
  memberId: number
  bonusCode: string
  kind: BonusKind
  currency: string
  baseMinor: number
  bonusMinor: number
  turnoverTargetMinor: number
  percentFail: number
  movementId: number
  createdAt: number
}

/**
 * Records a received bonus, active; returns its id. At most one active bonus per member is a
 * unique index: a second one fails with a unique violation (bonuses.ts answers BONUS_ALREADY_ACTIVE).
 */
export async function insertActiveUserBonus(db: Db, bonus: NewUserBonus): Promise<number> {
  const [row] = await runSql<{ id: number }>(db,
    `INSERT INTO user_bonuses (member_id, bonus_code, kind, status, currency, base_minor, bonus_minor, turnover_target_minor, turnover_minor, percent_fail, movement_id, created_at)
     VALUES (?, ?, ?, 'active', ?, ?, ?, ?, 0, ?, ?, ?) RETURNING id`,
    [bonus.memberId, bonus.bonusCode, bonus.kind, bonus.currency, bonus.baseMinor, bonus.bonusMinor, bonus.turnoverTargetMinor, bonus.percentFail, bonus.movementId, bonus.createdAt])
  return Number(row.id)
}

/**
 * Ends an active bonus (`status`), once: `UPDATE ... WHERE status = 'active'`, so of a cancel and a
 * withdrawal at once one ends it; false when it had already ended (another call won). `db` must be
 * the transaction of whatever else the ending does.
 */
export async function endUserBonus(db: Db, id: number | string, status: 'completed' | 'cancelled' | 'withdrawn', at: number): Promise<boolean> {
  const ended = await db.updateTable('user_bonuses').set({ status, ended_at: at })
    .where('id', '=', Number(id)).where('status', '=', 'active').returning('id').execute()
  return ended.length === 1
}

/** Adds `playedMinor` to the turnover of the member's active bonus, if any. */
export async function addTurnover(db: Db, memberId: number, playedMinor: number): Promise<void> {
  await db.updateTable('user_bonuses').set((eb) => ({ turnover_minor: eb('turnover_minor', '+', playedMinor) }))
    .where('member_id', '=', memberId).where('status', '=', 'active').execute()
}

/** Ends the member's active bonus as completed once its turnover reached the target. */
export async function completeTurnoverReached(db: Db, memberId: number, at: number): Promise<void> {
  await db.updateTable('user_bonuses').set({ status: 'completed', ended_at: at })
    .where('member_id', '=', memberId).where('status', '=', 'active')
    .whereRef('turnover_minor', '>=', 'turnover_target_minor').execute()
}

// ---- The member's balances, as the bonus rules read them (the ledger's tables) ----

/** The member's wallet and game balances together (minor units). */
export async function sumWalletAndGameBalances(db: Db, memberId: number): Promise<number> {
  const [row] = await runSql<{ total: number | string | null }>(db,
    "SELECT SUM(balance_minor) AS total FROM ledger_accounts WHERE member_id = ? AND kind IN ('wallet', 'game')", [memberId])
  return Number(row?.total ?? 0)
}

/** The member's wallet balance, its row locked to the end of the transaction on PostgreSQL; undefined without a wallet. */
export async function lockWalletBalance(db: Db, memberId: number): Promise<number | undefined> {
  const [account] = await runSql<{ balance_minor: number | string }>(db,
    `SELECT balance_minor FROM ledger_accounts WHERE "key" = ?${isPostgres(db) ? ' FOR UPDATE' : ''}`, [accountKey({ wallet: memberId })])
  return account === undefined ? undefined : Number(account.balance_minor)
}

/** The member's game accounts holding money (above 0): their game and balance. */
export async function listGameBalancesAboveZero(db: Db, memberId: number) {
  return db.selectFrom('ledger_accounts').select(['game_code', 'balance_minor'])
    .where('member_id', '=', memberId).where('kind', '=', 'game').where('balance_minor', '>', 0).execute()
}

/** Whether any game account of the member holds money (above 0). */
export async function anyGameBalanceAboveZero(db: Db, memberId: number): Promise<boolean> {
  const games = await db.selectFrom('ledger_accounts').select('id')
    .where('member_id', '=', memberId).where('kind', '=', 'game').where('balance_minor', '>', 0).execute()
  return games.length > 0
}

/** The member's last bonuses and promotions, any state, newest first, with the offer's name (the staff console's member page, issue 52 §3). */
export async function recentUserBonuses(db: Db, memberId: number, limit: number) {
  return db.selectFrom('user_bonuses as u').leftJoin('bonuses as b', 'b.code', 'u.bonus_code')
    .select(['u.id', 'u.bonus_code', 'u.kind', 'u.status', 'u.bonus_minor', 'u.turnover_minor', 'u.turnover_target_minor', 'u.created_at', 'u.ended_at', 'b.name'])
    .where('u.member_id', '=', memberId).orderBy('u.id', 'desc').limit(limit).execute()
}
