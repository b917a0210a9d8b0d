// The spin area's data: its tables' row types and its SQL (the rules are spin.ts).
import type { Generated, Insertable } from 'kysely'
import type { Db, Tables } from '../shared/db'
import { runSql, type ScalarRead } from '../shared/sql'

declare module '../shared/db' {
  /** The spin area's tables (the migrations make them). */
  interface Tables {
    /** The coins a member can spin the wheel with (spin/spin.ts). */
    member_coins: { member_id: number; coins: number }
    /** A prize a spin won, claimable until it expires. */
    spin_coupons: {
      id: Generated<number>
      member_id: number
      slice_code: string
      label: string
      wheel_name: string
      amount_minor: number
      created_at: number
      expires_at: number
      claimed_at: number | null
      /** When the member was told it is about to expire (migration 0036); NULL: not yet. */
      reminded_at: Generated<number | null>
    }
  }
}

// ---- Coins ----

/** The member's coins (0 when the member never had any), as one read for readTogether: every wallet read asks. */
export const coinsRead = (memberId: number): ScalarRead<number> => ({
  subqueries: ['SELECT coins FROM member_coins WHERE member_id = ?'],
  parameters: [memberId],
  value: ([coins]) => Number(coins ?? 0),
})

/** Adds `coins` to the member's coins, in one statement (the row is made on the first grant). */
export async function addCoins(db: Db, memberId: number, coins: number): Promise<void> {
  await runSql(db,
    'INSERT INTO member_coins (member_id, coins) VALUES (?, ?) ON CONFLICT (member_id) DO UPDATE SET coins = member_coins.coins + excluded.coins',
    [memberId, coins])
}

/**
 * Takes one of the member's coins: the coins left, or undefined when there was none. The coin is
 * taken by `UPDATE ... WHERE coins >= 1`, so two spins at once with one coin spin once.
 */
export async function takeCoin(db: Db, memberId: number): Promise<number | undefined> {
  const [left] = await runSql<{ coins: number }>(db,
    'UPDATE member_coins SET coins = coins - 1 WHERE member_id = ? AND coins >= 1 RETURNING coins', [memberId])
  return left === undefined ? undefined : Number(left.coins)
}

// ---- Coupons ----

export async function insertCoupon(db: Db, row: Insertable<Tables['spin_coupons']>): Promise<void> {
  await db.insertInto('spin_coupons').values(row).execute()
}

/** The member's newest `limit` coupons, newest first. */
export async function listNewestCoupons(db: Db, memberId: number, limit: number) {
  return db.selectFrom('spin_coupons').selectAll()
    .where('member_id', '=', memberId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
}

/** The member's coupon by id; undefined when there is none or it is another member's. */
export async function findMemberCoupon(db: Db, memberId: number, id: number) {
  return db.selectFrom('spin_coupons').selectAll()
    .where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst()
}

/**
 * Marks the coupon claimed at `at`, once: `UPDATE ... WHERE claimed_at IS NULL`, so it pays once;
 * false when it was claimed already (another claim won).
 */
export async function markCouponClaimed(db: Db, id: number, at: number): Promise<boolean> {
  const claimed = await db.updateTable('spin_coupons').set({ claimed_at: at })
    .where('id', '=', id).where('claimed_at', 'is', null).returning('id').execute()
  return claimed.length > 0
}

/**
 * Prizes not claimed that expire by `until` (and have not yet), not yet told; each taken is marked
 * told in `trx` (the transaction that writes its event), so it is told once.
 */
export async function takePrizesToRemind(trx: Db, now: number, until: number, limit: number) {
  const rows = await trx.selectFrom('spin_coupons as c').innerJoin('members as m', 'm.id', 'c.member_id')
    .select(['c.id', 'c.member_id', 'c.label', 'c.amount_minor', 'c.expires_at', 'm.currency'])
    .where('c.claimed_at', 'is', null).where('c.reminded_at', 'is', null)
    .where('c.expires_at', '>', now).where('c.expires_at', '<=', until)
    .orderBy('c.expires_at').limit(limit)
    .execute()
  // Marked only where still untold: a second instance that read the same rows tells none of them.
  if (rows.length > 0) {
    const marked = await trx.updateTable('spin_coupons').set({ reminded_at: now })
      .where('id', 'in', rows.map((row) => row.id)).where('reminded_at', 'is', null).returning('id').execute()
    const ours = new Set(marked.map((row) => Number(row.id)))
    return rows.filter((row) => ours.has(Number(row.id)))
  }
  return rows
}
