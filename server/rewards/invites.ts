/**
 * The invite bonus (spec 2 "Home", spec 6, spec 7 "Invite and refund"). The operator's rule is the
 * `invite` setting (settings.ts): with type turnover, every round an invited friend plays (the
 * provider's report, `recordInviteeTurnover`) waits as turnover; the inviter's collect gathers it
 * and earns `percent` % of it, one accrual per friend; receiving moves what was earned into the
 * wallet as one movement from the house's bonuses account. Turnover, accruals and receipts are
 * each claimed by a conditional UPDATE in the movement's transaction, so a collect or a receive
 * tapped twice, or on two instances at once, counts once.
 *
 * Money is per currency (issue 27): turnover waits in the friend's money (baht or kip), and a
 * collect gathers only the turnover the rule pays in the inviter's money: the same money, or
 * another one for which the operator set a rate. Turnover of a money the rule does not pay keeps
 * waiting (a rate set later pays it). What a collect earned is kept in the inviter's money, and a
 * receive moves only that money into the wallet.
 */
import type { Invite, InviteListResponse } from '../../contract'
import type { Member } from '../shared/members'
import type { ServerContext } from '../shared/context'
import { type Db, inTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { type Money, moneyOf, toMajor } from '../shared/money'
import { getSetting, type InviteRule } from '../shared/settings'
import type { ScalarRead } from '../shared/sql'
import {
  anyInviteTurnoverCollected, collectInviteTurnover, findInviter, insertInviteAccrual, insertInviteTurnover, invitesRead,
  listInviteesWithEarnings,
} from './repo'
import { receiveWaiting } from './rewards'

const iso = (ms: number | string) => new Date(Number(ms)).toISOString()

/** A round an invited member played: `playedMinor`, in the friend's money, waits for the inviter's collect. */
export async function recordInviteeTurnover(trx: Db, inviteeId: number, playedMinor: number, at: number): Promise<void> {
  if (playedMinor <= 0) return
  const invitee = await findInviter(trx, inviteeId)
  if (!invitee?.invited_by) return
  await insertInviteTurnover(trx, { inviter_id: Number(invitee.invited_by), invitee_id: inviteeId, played_minor: playedMinor, currency: moneyOf(invitee.currency), created_at: at, collected_at: null })
}

/**
 * What the rule pays in the inviter's money for `playedMinor` of a friend's money, in minor units
 * rounded down; undefined when the rule does not pay that pair. Both moneys have 100 minor units,
 * so a rate between majors is the same between minors. Integer arithmetic: the percent in
 * hundredths, the rate in millionths.
 */
function inviteEarning(rule: InviteRule, from: Money, to: Money, playedMinor: number): number | undefined {
  const rate = from === to ? 1 : rule.rates?.find((pair) => pair.from === from && pair.to === to)?.rate
  if (rate === undefined) return undefined
  const rateMicro = BigInt(Math.round(rate * 1_000_000))
  const percentCenti = BigInt(Math.round(rule.percent * 100))
  return Number((BigInt(playedMinor) * rateMicro * percentCenti) / 10_000_000_000n)
}

/** The friends' moneys the rule pays an inviter of `to` for. */
const paidMoneys = (rule: InviteRule, to: Money): Money[] =>
  [to, ...(rule.rates ?? []).filter((pair) => pair.to === to && pair.from !== to).map((pair) => pair.from)]

/** POST /api/invite: the friends who registered with the member's code, newest first, each with the bonus earned from them. */
export async function listInvites(ctx: ServerContext, member: Member, page: number, limit: number): Promise<InviteListResponse> {
  const rule = await getSetting(ctx.db, 'invite')
  const rows = await listInviteesWithEarnings(ctx.db, member.id, limit, (page - 1) * limit)
  const invites: Invite[] = rows.map((row) => ({ from: { name: row.name }, amount: toMajor(Number(row.earned ?? 0)), createdAt: iso(row.created_at) }))
  return { invites, type: rule.type, isXArea: rule.isXArea }
}

/** The wallet's invite summary (one read for readTogether): the bonus waiting to be received, friends who have played and those who have not. */
export const inviteSummaryRead = (member: Member): ScalarRead<{ amount: number; success: number; fail: number }> => {
  const read = invitesRead(member.id, moneyOf(member.currency))
  return {
    ...read,
    value: (results) => {
      const { waitingMinor, all, played } = read.value(results)
      return { amount: toMajor(waitingMinor), success: played, fail: all - played }
    },
  }
}

/**
 * GET /api/invite/collect: gathers the friends' turnover waiting into the bonus earned from each.
 * INVITE_INACTIVE when the rule is off, not by turnover or in an X area; INVITE_COLLECT when all
 * the friends played was gathered before; NO_INVITEE_PLAY_INFO when no friend has played at all.
 */
export async function collectInvites(ctx: ServerContext, member: Member): Promise<{ message: string }> {
  const rule = await getSetting(ctx.db, 'invite')
  if (!rule.active || rule.type !== 'turnover' || rule.isXArea) throw fail(400, 'INVITE_INACTIVE')
  const to = moneyOf(member.currency)
  const paid = paidMoneys(rule, to)
  return inTransaction(ctx.db, async (trx) => {
    const at = ctx.now()
    const claimed = await collectInviteTurnover(trx, member.id, paid, at)
    if (claimed.length === 0) {
      // Nothing new the rule pays: all was gathered before (INVITE_COLLECT), or no friend has played in a money it pays.
      throw fail(400, (await anyInviteTurnoverCollected(trx, member.id)) ? 'INVITE_COLLECT' : 'NO_INVITEE_PLAY_INFO')
    }
    // Summed per friend and money before the rate and the percent, so rounding down costs at most one minor unit per friend.
    const played = new Map<string, { inviteeId: number; from: Money; minor: number }>()
    for (const row of claimed) {
      const key = `${row.invitee_id}:${row.currency}`
      const entry = played.get(key) ?? { inviteeId: Number(row.invitee_id), from: row.currency as Money, minor: 0 }
      entry.minor += Number(row.played_minor)
      played.set(key, entry)
    }
    for (const { inviteeId, from, minor } of played.values()) {
      const amountMinor = inviteEarning(rule, from, to, minor) ?? 0
      if (amountMinor <= 0) continue
      await insertInviteAccrual(trx, { inviter_id: member.id, invitee_id: inviteeId, amount_minor: amountMinor, currency: to, created_at: at, received_at: null })
    }
    return { message: 'SUCCESS' }
  })
}

/** GET /api/invite/bonus: moves the invite bonus earned into the wallet, once. */
export async function receiveInviteBonus(ctx: ServerContext, member: Member): Promise<{ message: string }> {
  const rule = await getSetting(ctx.db, 'invite')
  if (!rule.active) throw fail(400, 'INVITE_INACTIVE')
  return inTransaction(ctx.db, async (trx) => {
    await receiveWaiting(trx, member, { table: 'invite_accruals', owner: 'inviter_id', currency: moneyOf(member.currency) }, 'invite_bonus', 'NO_INVITE_BONUS', ctx.now())
    return { message: 'INVITE_BONUS_SUCCESS' }
  })
}
