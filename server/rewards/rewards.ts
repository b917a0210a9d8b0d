/**
 * Refund and the banners of spec 7 "Invite and refund" (the invite bonus is invites.ts):
 * - refunds (lost-bet cashback): the provider reports a refund for a member (`POST /dev/refunds`
 *   stands in for that report); the member receives what waits into the wallet as one movement
 *   from the bonuses house account, and the refund log lists the refunds received.
 * - banners: content (`inviteBanners`, `refundBanners`), shown before the modal when any exist.
 * While a bonus is held (bonuses.ts) a refund cannot be received (REFUND_CONDITION, spec 4).
 */
import type { Refund, RefundCheck } from '../../src/api/contract'
import type { Member } from '../account/member'
import type { ServerContext } from '../shared/context'
import { type Db, inTransaction } from '../shared/db'
import { runSql } from '../shared/sql'
import { type ApiErrorCode, fail } from '../shared/http/errors'
import { getContent } from '../lookup/repo'
import { getSetting } from '../shared/settings'
import { type Money, toMajor } from '../shared/money'
import { holdsBonus } from '../bonus/bonuses'
import { creditWallet } from '../shared/ledger'

const iso = (ms: number | string) => new Date(Number(ms)).toISOString()
const offset = (page: number, limit: number) => (page - 1) * limit

export const inviteBanners = async (ctx: ServerContext) => (await getContent(ctx.db, 'inviteBanners')) ?? []
export const refundBanners = async (ctx: ServerContext) => (await getContent(ctx.db, 'refundBanners')) ?? []

export async function refundCheck(ctx: ServerContext, member: Member): Promise<RefundCheck> {
  const rows = await ctx.db.selectFrom('refund_accruals').select(['amount_minor', 'received_at'])
    .where('member_id', '=', member.id).execute()
  const waiting = rows.filter((row) => row.received_at === null).reduce((sum, row) => sum + Number(row.amount_minor), 0)
  const received = new Set(rows.filter((row) => row.received_at !== null).map((row) => Number(row.received_at))).size
  const rule = await getSetting(ctx.db, 'refund')
  return {
    result: waiting > 0,
    bonus: await holdsBonus(ctx.db, member.id),
    info: null,
    refundAmount: toMajor(waiting),
    refundSuccess: received,
    refundFail: 0,
    ...(rule.percent > 0 && { rate: { percent: rule.percent, period: rule.period } }),
  }
}

/**
 * What waits for a member until received: lost-bet refunds (accrued from the member's own play, so
 * in the member's money), and the invite bonus a collect earned (kept with its money, `currency`).
 */
type Waiting = { table: 'refund_accruals'; owner: 'member_id' } | { table: 'invite_accruals'; owner: 'inviter_id'; currency: Money }

/**
 * Moves every row of `waiting` that waits for the member into the wallet, as one movement of
 * `kind` from the bonuses account; `none` is the refusal when nothing waits. The rows are claimed
 * by an UPDATE in the caller's transaction, so two receives at once move them once. Rows kept in
 * a money stay unless it is the wallet's.
 */
export async function receiveWaiting(trx: Db, member: Member, waiting: Waiting, kind: string, none: ApiErrorCode, at: number): Promise<void> {
  const inMoney = 'currency' in waiting ? ' AND currency = ?' : ''
  const claimed = await runSql<{ amount_minor: number | string }>(trx,
    `UPDATE ${waiting.table} SET received_at = ? WHERE ${waiting.owner} = ? AND received_at IS NULL${inMoney} RETURNING amount_minor`,
    'currency' in waiting ? [at, member.id, waiting.currency] : [at, member.id])
  const amountMinor = claimed.reduce((sum, row) => sum + Number(row.amount_minor), 0)
  if (amountMinor <= 0) throw fail(400, none)
  await creditWallet(trx, { memberId: member.id, amountMinor, at, from: 'bonuses', kind })
}

/** Moves every refund waiting into the wallet (not while a bonus is held, spec 4). */
export async function receiveRefund(ctx: ServerContext, member: Member): Promise<{ message: string }> {
  return inTransaction(ctx.db, async (trx) => {
    if (await holdsBonus(trx, member.id)) throw fail(400, 'REFUND_CONDITION')
    await receiveWaiting(trx, member, { table: 'refund_accruals', owner: 'member_id' }, 'refund', 'REFUND_MINIMUM', ctx.now())
    return { message: 'REFUND_SUCCESS' }
  })
}

/** The refunds received, newest first: one per receive (its movement). */
export async function listRefunds(ctx: ServerContext, member: Member, page: number, limit: number): Promise<Refund[]> {
  const rows = await ctx.db.selectFrom('movements as m')
    .innerJoin('postings as p', 'p.movement_id', 'm.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['m.created_at', 'p.amount_minor'])
    .where('m.kind', '=', 'refund').where('m.member_id', '=', member.id).where('a.kind', '=', 'wallet')
    .orderBy('m.id', 'desc').limit(limit).offset(offset(page, limit)).execute()
  return rows.map((row) => ({ refundAmount: toMajor(Number(row.amount_minor)), createdAt: iso(row.created_at) }))
}

/** What a provider's lost-bet report adds for a member (dev stand-in). */
export async function accrueRefund(ctx: ServerContext, memberId: number, amountMinor: number): Promise<void> {
  await ctx.db.insertInto('refund_accruals').values({ member_id: memberId, amount_minor: amountMinor, created_at: ctx.now(), received_at: null }).execute()
}
