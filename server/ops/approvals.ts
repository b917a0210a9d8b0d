// The four-eyes rule of the counter (issue 47 §5). One cashier could approve a blank picture for
// ฿9,999,999.99 and then pay that member's withdrawal out. Now, by the admin's `approvals` switch:
// - a slip approved (a credit) or a withdrawal paid (a payout) for more than the threshold of its
//   money, counted with what the same staff member credited (or paid out) to the same member alone
//   in the last day, is decided by two staff members: the first person's decision waits, audited
//   (`slip.approve.first`, `withdrawal.paid.first`), until another confirms the very same decision,
//   which settles it (audited with both names); a second decision that differs takes the first's
//   place, and the first person cannot be the second (409 SAME_APPROVER);
// - nobody who credited a member (first or second person) pays them out within the window, or
//   credits one they paid out (403 DUTY_SEPARATION), unless the admin sets the window to 0.
// Rejections (a slip refused, a withdrawal failed) need one person: they move no money out. The
// demo bank (no staff member) is not held to it.
import type { Approval, AwaitingSecond } from '../../contract/ops'
import type { ServerContext } from '../shared/context'
import { type Db, inTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { moneyOf, toMajor, toMinor } from '../shared/money'
import { getSetting } from '../shared/settings'
import { type Actor, audit } from './audit'
import { announce, type LiveDuty } from './feed'
import * as repo from './repo'

/** A credit (a slip or gift link approved) or a payout (a withdrawal paid). */
export type MoneyDuty = 'credit' | 'payout'

const ACTIONS: Record<MoneyDuty, { first: string; done: string; queue: LiveDuty }> = {
  credit: { first: 'slip.approve.first', done: 'slip.approve', queue: 'slips' },
  payout: { first: 'withdrawal.paid.first', done: 'withdrawal.paid', queue: 'withdrawals' },
}
const OTHER: Record<MoneyDuty, MoneyDuty> = { credit: 'payout', payout: 'credit' }

/**
 * Refuses (403 OWN_APPROVAL) a staff member who approved a slip, first or second person, the
 * note that says it is in order without a bank credit (bankMatch.ts): the check of a credit is
 * never its approver's, who could otherwise hide a slip they approved on a blank picture.
 */
export async function notTheApprover(db: Db, actor: Actor, slipItem: string): Promise<void> {
  if (actor.staffId === null) return
  if (await repo.staffActedOnItem(db, actor.staffId, slipItem, [ACTIONS.credit.first, ACTIONS.credit.done])) throw fail(403, 'OWN_APPROVAL')
}

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

export interface MoneyDecision {
  duty: MoneyDuty
  /** As the audit names it: `slip:<reference>`, `withdrawal:<id>`. */
  item: string
  /** The queue's id of it (the live event's). */
  id: string
  memberId: number
  amountMinor: number
  currency: string
  /** The decision as staff gave it; the second person's must be the same. */
  decision: Record<string, unknown>
  /** The bank's reference in it, if any. */
  reference: string | null
  /**
   * Whether the item is still undecided, read in the transaction that records a first decision (the
   * item's row held there on PostgreSQL): a confirmation that found no first decision because
   * another had just settled the item answers 409 ALREADY_DECIDED, not a new wait.
   */
  stillOpen: (trx: Db) => Promise<boolean>
}

/** What goes on once a decision may settle: run inside the settling transaction, it takes the first
 *  person's decision away (or refuses, 409, if it changed meanwhile) and says who that was. */
export type Settle = (trx: Db) => Promise<{ firstApprover?: { id: string; username: string } }>

const sameDecision = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

export const toApproval = (row: repo.PendingApprovalRow): Approval => {
  const decision = row.decision as { refNo?: string; bankReference?: string }
  return {
    by: { id: String(row.staffId), username: row.username },
    amount: toMajor(row.amountMinor),
    currency: row.currency,
    reference: decision.refNo ?? decision.bankReference ?? null,
    at: new Date(row.at).toISOString(),
  }
}

/** The first decisions waiting for a second person, by item. */
export async function approvalsOf(db: Db, items: readonly string[]): Promise<Map<string, Approval>> {
  return new Map((await repo.pendingApprovals(db, items)).map((row) => [row.item, toApproval(row)]))
}

/** A credit's amount is in its audit row's `after` (the slip as settled), a payout's in its `before`. */
const MOVED: Record<MoneyDuty, (row: { before: unknown; after: unknown }) => unknown> = {
  credit: (row) => (row.after as { amount?: unknown } | null)?.amount,
  payout: (row) => (row.before as { amount?: unknown } | null)?.amount,
}

/**
 * What this staff member credited (or paid out) to this member on their own, without a second
 * person, in the last day. The threshold counts it with the decision at hand: one cashier cannot
 * credit ฿100,000 as five slips of ฿20,000 alone.
 */
async function settledAloneToday(db: Db, staffId: number, decided: MoneyDecision, now: number): Promise<number> {
  const rows = await repo.staffDecisionsOnMember(db, staffId, decided.memberId, ACTIONS[decided.duty].done, now - DAY_MS)
  let total = 0
  for (const row of rows) {
    if ((row.after as { firstApprover?: unknown } | null)?.firstApprover) continue
    const moved = MOVED[decided.duty](row)
    total += typeof moved === 'number' ? (toMinor(moved) ?? 0) : 0
  }
  return total
}

/** Thrown inside a settling transaction (which it rolls back) when one person's day, counted again
 *  there, no longer lets them decide alone: `fourEyesOnce` asks again, and gets a wait for a second. */
class RecountNeeded extends Error {}

/**
 * Settles what one person may decide alone, counting their day once more inside the settling
 * transaction, after any other settlement of that member's decisions has committed (PostgreSQL;
 * on SQLite the transactions run one after another): two of their credits sent at once, each under
 * the threshold, read the same day before either settled, and together passed it with no second person.
 */
const settlesAloneCounted = (staffId: number, decided: MoneyDecision, threshold: number, separationHours: number, now: number): Settle => async (trx) => {
  await repo.holdMemberDecisions(trx, decided.memberId)
  await keptApart(trx, staffId, decided, separationHours, now)
  if ((await settledAloneToday(trx, staffId, decided, now)) + decided.amountMinor > threshold) throw new RecountNeeded()
  return settlesAlone(decided.item)(trx)
}

/**
 * Refuses a staff member on the other side of the same member's money within the window (403
 * DUTY_SEPARATION). Asked before a decision and again inside its settling transaction, after any
 * other settlement of that member's decisions has committed (`holdMemberDecisions`): one cashier's
 * credit and payout of one member sent at once both read no opposite row before either settled.
 */
async function keptApart(db: Db, staffId: number, decided: MoneyDecision, separationHours: number, now: number): Promise<void> {
  if (separationHours <= 0) return
  const other = ACTIONS[OTHER[decided.duty]]
  if (await repo.staffActedOnMember(db, staffId, decided.memberId, [other.first, other.done], now - separationHours * HOUR_MS)) {
    throw fail(403, 'DUTY_SEPARATION')
  }
}

/**
 * A staff decision held to the four-eyes rule (decideSlip, decideWithdrawal): asked again once when
 * its settling transaction found the person's day full (RecountNeeded), which then waits for a second.
 */
export async function fourEyesOnce<T>(decide: () => Promise<T>): Promise<T> {
  try {
    return await decide()
  } catch (error) {
    if (!(error instanceof RecountNeeded)) throw error
    return decide()
  }
}

/** A decision that moves no money out (a rejection), or the demo bank's: it settles, and any first decision waiting goes. */
export const settlesAlone = (item: string): Settle => async (trx) => {
  await repo.takePendingApproval(trx, item)
  return {}
}

/**
 * Before staff approve a slip or pay a withdrawal: refuses a staff member on the other side of the
 * same member's money within the window (403 DUTY_SEPARATION); above the threshold, records the
 * first person's decision and answers `awaitingSecond`, or finds another's same decision and
 * answers how to settle (409 SAME_APPROVER when it is one's own).
 */
export async function fourEyes(ctx: ServerContext, actor: Actor, decided: MoneyDecision): Promise<AwaitingSecond | { settle: Settle }> {
  if (actor.staffId === null) return { settle: settlesAlone(decided.item) }
  const staffId = actor.staffId
  const rule = await getSetting(ctx.db, 'approvals')
  const now = ctx.now()
  await keptApart(ctx.db, staffId, decided, rule.separationHours, now)
  const threshold = rule.secondAboveMinor[moneyOf(decided.currency)]
  if ((await settledAloneToday(ctx.db, staffId, decided, now)) + decided.amountMinor <= threshold) {
    return { settle: settlesAloneCounted(staffId, decided, threshold, rule.separationHours, now) }
  }

  const [first] = await repo.pendingApprovals(ctx.db, [decided.item])
  if (first && sameDecision(first.decision, decided.decision)) {
    if (first.staffId === staffId) throw fail(409, 'SAME_APPROVER')
    return {
      settle: async (trx) => {
        await repo.holdMemberDecisions(trx, decided.memberId)
        await keptApart(trx, staffId, decided, rule.separationHours, now)
        // Taken away only if it is still that person's same decision: another may have replaced it.
        if (!(await repo.takePendingApproval(trx, decided.item, { staffId: first.staffId, decision: first.decision }))) throw fail(409, 'ALREADY_DECIDED')
        return { firstApprover: { id: String(first.staffId), username: first.username } }
      },
    }
  }
  // The first person's decision (or one that differs from the first's, which it replaces).
  const pending = { item: decided.item, memberId: decided.memberId, staffId, decision: decided.decision, amountMinor: decided.amountMinor, currency: decided.currency, at: now }
  await inTransaction(ctx.db, async (trx) => {
    if (!(await decided.stillOpen(trx))) throw fail(409, 'ALREADY_DECIDED')
    // A first person's decision counts for the duties kept apart too: asked again once the
    // member's other decisions have settled (after the item's own row, as a settlement takes them).
    await repo.holdMemberDecisions(trx, decided.memberId)
    await keptApart(trx, staffId, decided, rule.separationHours, now)
    await repo.putPendingApproval(trx, pending)
    await audit(trx, actor, now, {
      action: ACTIONS[decided.duty].first,
      item: decided.item,
      memberId: decided.memberId,
      before: first ? { firstApprover: first.username, amount: toMajor(first.amountMinor), decision: first.decision } : null,
      after: { amount: toMajor(decided.amountMinor), currency: decided.currency, decision: decided.decision, awaitingSecond: true },
    })
  })
  await announce(ctx, ACTIONS[decided.duty].queue, { id: decided.id, state: 'approval' })
  const [stored] = await repo.pendingApprovals(ctx.db, [decided.item])
  return { awaitingSecond: toApproval(stored) }
}
