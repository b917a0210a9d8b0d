/**
 * Refund and the banners of spec 7 "Invite and refund" (the invite bonus is invites.ts):
 * - refunds (lost-bet cashback): the provider reports a refund for a member (`POST /dev/refunds`
 *   stands in for that report); the member receives what waits into the wallet as one movement
 *   from the bonuses house account, and the refund log lists the refunds received.
 * - banners: content (`inviteBanners`, `refundBanners`), shown before the modal when any exist.
 * While a bonus is held (bonuses.ts) a refund cannot be received (REFUND_CONDITION, spec 4).
 */
import type { Banner, Refund, RefundCheck } from '../../contract'
import type { Member } from '../shared/members'
import type { ServerContext } from '../shared/context'
import { type Db, inTransaction } from '../shared/db'
import { type ApiErrorCode, fail, Refusal } from '../shared/http/errors'
import { getContent } from '../lookup/repo'
import { getSetting } from '../shared/settings'
import { toMajor } from '../shared/money'
import { dayOf, nextPeriodStart } from '../shared/zone'
import { holdsBonus } from '../bonus/bonuses'
import { creditWallet } from '../shared/ledger'
import { tell } from '../notify/events'
import { type Reader, saidTo, sayTo } from '../shared/inLanguages'
import { claimWaiting, countRefundRefusals, insertRefundAccrual, insertRefundRefusal, listRefundAccruals, listRefundCredits, type Waiting } from './repo'

const iso = (ms: number | string) => new Date(Number(ms)).toISOString()
const offset = (page: number, limit: number) => (page - 1) * limit

/** The invite and refund banners, their texts in the reader's language (issue 51). */
export const inviteBanners = async (ctx: ServerContext, reader: Reader) => saidTo(reader, (await getContent(ctx.db, 'inviteBanners')) ?? []) as Banner[]
export const refundBanners = async (ctx: ServerContext, reader: Reader) => saidTo(reader, (await getContent(ctx.db, 'refundBanners')) ?? []) as Banner[]

export async function refundCheck(ctx: ServerContext, member: Member, reader: Reader): Promise<RefundCheck> {
  const info = await getContent(ctx.db, 'refundInfo')
  const rows = await listRefundAccruals(ctx.db, member.id)
  const waiting = rows.filter((row) => row.received_at === null).reduce((sum, row) => sum + Number(row.amount_minor), 0)
  const received = new Set(rows.filter((row) => row.received_at !== null).map((row) => Number(row.received_at))).size
  const rule = await getSetting(ctx.db, 'refund')
  return {
    result: waiting > 0,
    bonus: await holdsBonus(ctx.db, member.id),
    // The operator's words on how the refund works (content `refundInfo`, HTML the app sanitizes).
    info: (info !== undefined && sayTo(reader, info)) || null,
    refundAmount: toMajor(waiting),
    refundSuccess: received,
    refundFail: await countRefundRefusals(ctx.db, member.id),
    ...(rule.percent > 0 && { rate: { percent: rule.percent, period: rule.period, nextOn: dayOf(nextPeriodStart(ctx.now(), rule.period, ctx.timeZone), ctx.timeZone) } }),
  }
}

/**
 * Moves every row of `waiting` that waits for the member into the wallet, as one movement of
 * `kind` from the bonuses account; `none` is the refusal when nothing waits. The rows are claimed
 * by an UPDATE in the caller's transaction, so two receives at once move them once. Rows kept in
 * a money stay unless it is the wallet's.
 */
export async function receiveWaiting(trx: Db, member: Member, waiting: Waiting, kind: string, none: ApiErrorCode, at: number): Promise<void> {
  const claimed = await claimWaiting(trx, waiting, member.id, at)
  const amountMinor = claimed.reduce((sum, row) => sum + Number(row.amount_minor), 0)
  if (amountMinor <= 0) throw fail(400, none)
  const { balanceMinor, currency, movementId } = await creditWallet(trx, { memberId: member.id, amountMinor, at, from: 'bonuses', kind })
  await tell(trx, member.id, { kind: 'reward_received', reward: kind === 'refund' ? 'cashback' : 'invite', reference: String(movementId), amountMinor, currency, balanceMinor }, at)
}

/** Moves every refund waiting into the wallet (not while a bonus is held, spec 4: the refusal is
 *  counted, outside the transaction it rolls back, as the check's `refundFail`). */
export async function receiveRefund(ctx: ServerContext, member: Member): Promise<{ message: string }> {
  const at = ctx.now()
  try {
    return await inTransaction(ctx.db, async (trx) => {
      if (await holdsBonus(trx, member.id)) throw fail(400, 'REFUND_CONDITION')
      await receiveWaiting(trx, member, { table: 'refund_accruals', owner: 'member_id' }, 'refund', 'REFUND_MINIMUM', at)
      return { message: 'REFUND_SUCCESS' }
    })
  } catch (error) {
    if (error instanceof Refusal && error.code === 'REFUND_CONDITION') await insertRefundRefusal(ctx.db, member.id, error.code, at)
    throw error
  }
}

/** The refunds received, newest first: one per receive (its movement). */
export async function listRefunds(ctx: ServerContext, member: Member, page: number, limit: number): Promise<Refund[]> {
  const rows = await listRefundCredits(ctx.db, member.id, limit, offset(page, limit))
  return rows.map((row) => ({ refundAmount: toMajor(Number(row.amount_minor)), createdAt: iso(row.created_at) }))
}

/** What a provider's lost-bet report adds for a member (dev stand-in). */
export async function accrueRefund(ctx: ServerContext, memberId: number, amountMinor: number): Promise<void> {
  await insertRefundAccrual(ctx.db, memberId, amountMinor, ctx.now())
}
