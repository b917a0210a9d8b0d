// The rewards area's data: its tables' row types and its SQL (the rules are rewards.ts and invites.ts).
import type { Generated, Insertable } from 'kysely'
import type { Db, Tables } from '../shared/db'
import type { Money } from '../shared/money'
import { runSql, type ScalarRead } from '../shared/sql'

declare module '../shared/db' {
  /** The rewards area's tables (the migrations make them). */
  interface Tables {
    /** Lost-bet refunds (cashback) reported for a member, until received into the wallet (rewards.ts). */
    /** Each receive refused while a bonus was held (migration 0022): the check's `refundFail`. */
    refund_refusals: { id: Generated<number>; member_id: number; code: string; at: number }
    refund_accruals: {
      id: Generated<number>
      member_id: number
      amount_minor: number
      created_at: number
      /** When the refund was moved to the wallet; NULL while it waits. */
      received_at: number | null
    }
    /** What invited friends played, until the inviter's collect gathers it (rewards/invites.ts). */
    invite_turnover: { id: Generated<number>; inviter_id: number; invitee_id: number; played_minor: number; currency: string; created_at: number; collected_at: number | null }
    /** The invite bonus a collect earned from one friend, until received into the wallet. */
    invite_accruals: { id: Generated<number>; inviter_id: number; invitee_id: number; amount_minor: number; currency: string; created_at: number; received_at: number | null }
  }
}

// ---- Refunds ----

/** Every refund reported for the member, waiting or received. */
export async function listRefundAccruals(db: Db, memberId: number) {
  return db.selectFrom('refund_accruals').select(['amount_minor', 'received_at'])
    .where('member_id', '=', memberId).execute()
}

export async function insertRefundRefusal(db: Db, memberId: number, code: string, at: number): Promise<void> {
  await db.insertInto('refund_refusals').values({ member_id: memberId, code, at }).execute()
}

export async function countRefundRefusals(db: Db, memberId: number): Promise<number> {
  const { count } = await db.selectFrom('refund_refusals').select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('member_id', '=', memberId).executeTakeFirstOrThrow()
  return Number(count)
}

export async function insertRefundAccrual(db: Db, memberId: number, amountMinor: number, at: number): Promise<void> {
  await db.insertInto('refund_accruals').values({ member_id: memberId, amount_minor: amountMinor, created_at: at, received_at: null }).execute()
}

/** The refunds received, newest first: the wallet's side of each refund movement. */
export async function listRefundCredits(db: Db, memberId: number, limit: number, offset: number) {
  return db.selectFrom('movements as m')
    .innerJoin('postings as p', 'p.movement_id', 'm.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['m.created_at', 'p.amount_minor'])
    .where('m.kind', '=', 'refund').where('m.member_id', '=', memberId).where('a.kind', '=', 'wallet')
    .orderBy('m.id', 'desc').limit(limit).offset(offset).execute()
}

// ---- What waits to be received ----

/**
 * What waits for a member until received: lost-bet refunds (accrued from the member's own play, so
 * in the member's money), and the invite bonus a collect earned (kept with its money, `currency`).
 */
export type Waiting = { table: 'refund_accruals'; owner: 'member_id' } | { table: 'invite_accruals'; owner: 'inviter_id'; currency: Money }

/**
 * Marks every row of `waiting` that waits for the member received at `at`, and returns their
 * amounts. The rows are claimed by this UPDATE in the caller's transaction, so two receives at once
 * claim them once. Rows kept in a money are claimed only in `waiting.currency`.
 */
export async function claimWaiting(db: Db, waiting: Waiting, memberId: number, at: number): Promise<{ amount_minor: number | string }[]> {
  const inMoney = 'currency' in waiting ? ' AND currency = ?' : ''
  return runSql<{ amount_minor: number | string }>(db,
    `UPDATE ${waiting.table} SET received_at = ? WHERE ${waiting.owner} = ? AND received_at IS NULL${inMoney} RETURNING amount_minor`,
    'currency' in waiting ? [at, memberId, waiting.currency] : [at, memberId])
}

// ---- Invites ----

/** Who invited the member (none: null), and the member's money. */
export async function findInviter(db: Db, inviteeId: number) {
  return db.selectFrom('members').select(['invited_by', 'currency']).where('id', '=', inviteeId).executeTakeFirst()
}

export async function insertInviteTurnover(db: Db, row: Insertable<Tables['invite_turnover']>): Promise<void> {
  await db.insertInto('invite_turnover').values(row).execute()
}

/** The friends who registered with the inviter's code, newest first, each with the bonus earned from them. */
export async function listInviteesWithEarnings(db: Db, inviterId: number, limit: number, offset: number) {
  return runSql<{ name: string; created_at: number | string; earned: number | string | null }>(db,
    `SELECT m.name, m.created_at, (SELECT SUM(a.amount_minor) FROM invite_accruals a WHERE a.inviter_id = ? AND a.invitee_id = m.id) AS earned
     FROM members m WHERE m.invited_by = ? ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
    [inviterId, inviterId, limit, offset])
}

/**
 * What the wallet shows of the member's invites, as one read (readTogether): the invite bonus
 * waiting to be received in `currency` (minor units), how many friends the member invited and how
 * many of them have a game account, counted by the database (an inviter of thousands read them all
 * on every wallet read).
 */
export const invitesRead = (inviterId: number, currency: Money): ScalarRead<{ waitingMinor: number; all: number; played: number }> => ({
  subqueries: [
    'SELECT SUM(amount_minor) FROM invite_accruals WHERE inviter_id = ? AND currency = ? AND received_at IS NULL',
    'SELECT COUNT(*) FROM members m WHERE m.invited_by = ?',
    'SELECT COUNT(*) FROM members m WHERE m.invited_by = ? AND EXISTS (SELECT 1 FROM game_accounts g WHERE g.member_id = m.id)',
  ],
  parameters: [inviterId, currency, inviterId, inviterId],
  value: ([waiting, all, played]) => ({ waitingMinor: Number(waiting ?? 0), all: Number(all ?? 0), played: Number(played ?? 0) }),
})

/**
 * Marks the friends' turnover waiting in `currencies` collected at `at`, and returns it. The
 * turnover is claimed by this UPDATE in the caller's transaction, so two collects at once count it once.
 */
export async function collectInviteTurnover(db: Db, inviterId: number, currencies: readonly Money[], at: number) {
  return db.updateTable('invite_turnover').set({ collected_at: at })
    .where('inviter_id', '=', inviterId).where('collected_at', 'is', null).where('currency', 'in', currencies)
    .returning(['invitee_id', 'played_minor', 'currency']).execute()
}

/** Whether any of the friends' turnover was collected before. */
export async function anyInviteTurnoverCollected(db: Db, inviterId: number): Promise<boolean> {
  const before = await db.selectFrom('invite_turnover').select('id')
    .where('inviter_id', '=', inviterId).where('collected_at', 'is not', null).limit(1).executeTakeFirst()
  return before !== undefined
}

export async function insertInviteAccrual(db: Db, row: Insertable<Tables['invite_accruals']>): Promise<void> {
  await db.insertInto('invite_accruals').values(row).execute()
}
