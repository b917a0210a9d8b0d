/**
 * The invite bonus (spec 2 "Home", spec 6, spec 7 "Invite and refund"). The operator's rule is the
 * `invite` setting (settings.ts): with type turnover, every round an invited friend plays (the
 * provider's report, `recordInviteeTurnover`) waits as turnover; the inviter's collect gathers it
 * and earns `percent` % of it, one accrual per friend; receiving moves what was earned into the
 * wallet as one movement from the house's bonuses account. Turnover, accruals and receipts are
 * each claimed by a conditional UPDATE in the movement's transaction, so a collect or a receive
 * tapped twice, or on two instances at once, counts once.
 */
import type { Invite, InviteListResponse } from '../../src/api/contract'
import type { Member } from '../account/members'
import type { ServerContext } from '../context'
import { type Db, inTransaction } from '../db'
import { fail } from '../http/errors'
import { toMajor } from '../money'
import { getSetting } from '../settings'
import { runSql } from '../sql'
import { receiveWaiting } from './rewards'

const iso = (ms: number | string) => new Date(Number(ms)).toISOString()

/** A round an invited member played: `playedMinor` waits for the inviter's collect. */
export async function recordInviteeTurnover(trx: Db, inviteeId: number, playedMinor: number, at: number): Promise<void> {
  if (playedMinor <= 0) return
  const invitee = await trx.selectFrom('members').select('invited_by').where('id', '=', inviteeId).executeTakeFirst()
  if (!invitee?.invited_by) return
  await trx.insertInto('invite_turnover')
    .values({ inviter_id: Number(invitee.invited_by), invitee_id: inviteeId, played_minor: playedMinor, created_at: at, collected_at: null })
    .execute()
}

/** POST /api/invite: the friends who registered with the member's code, newest first, each with the bonus earned from them. */
export async function listInvites(ctx: ServerContext, member: Member, page: number, limit: number): Promise<InviteListResponse> {
  const rule = await getSetting(ctx.db, 'invite')
  const rows = await runSql<{ name: string; created_at: number | string; earned: number | string | null }>(ctx.db,
    `SELECT m.name, m.created_at, (SELECT SUM(a.amount_minor) FROM invite_accruals a WHERE a.inviter_id = ? AND a.invitee_id = m.id) AS earned
     FROM members m WHERE m.invited_by = ? ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
    [member.id, member.id, limit, (page - 1) * limit])
  const invites: Invite[] = rows.map((row) => ({ from: { name: row.name }, amount: toMajor(Number(row.earned ?? 0)), createdAt: iso(row.created_at) }))
  return { invites, type: rule.type, isXArea: rule.isXArea }
}

/** The wallet's invite summary: the bonus waiting to be received, friends who have played and those who have not. */
export async function inviteSummary(ctx: ServerContext, member: Member): Promise<{ amount: number; success: number; fail: number }> {
  const [waiting] = await runSql<{ total: number | string | null }>(ctx.db,
    'SELECT SUM(amount_minor) AS total FROM invite_accruals WHERE inviter_id = ? AND received_at IS NULL', [member.id])
  const rows = await runSql<{ id: number; game_code: string | null }>(ctx.db,
    'SELECT m.id, g.game_code FROM members m LEFT JOIN game_accounts g ON g.member_id = m.id WHERE m.invited_by = ?', [member.id])
  const played = new Set(rows.filter((row) => row.game_code !== null).map((row) => row.id))
  const all = new Set(rows.map((row) => row.id))
  return { amount: toMajor(Number(waiting?.total ?? 0)), success: played.size, fail: all.size - played.size }
}

/**
 * GET /api/invite/collect: gathers the friends' turnover waiting into the bonus earned from each.
 * INVITE_INACTIVE when the rule is off, not by turnover or in an X area; INVITE_COLLECT when all
 * the friends played was gathered before; NO_INVITEE_PLAY_INFO when no friend has played at all.
 */
export async function collectInvites(ctx: ServerContext, member: Member): Promise<{ message: string }> {
  const rule = await getSetting(ctx.db, 'invite')
  if (!rule.active || rule.type !== 'turnover' || rule.isXArea) throw fail(400, 'INVITE_INACTIVE')
  return inTransaction(ctx.db, async (trx) => {
    const at = ctx.now()
    const claimed = await trx.updateTable('invite_turnover').set({ collected_at: at })
      .where('inviter_id', '=', member.id).where('collected_at', 'is', null)
      .returning(['invitee_id', 'played_minor']).execute()
    if (claimed.length === 0) {
      // Nothing new: everything played was gathered before (INVITE_COLLECT), or no friend has played.
      const before = await trx.selectFrom('invite_turnover').select('id').where('inviter_id', '=', member.id).limit(1).executeTakeFirst()
      throw fail(400, before ? 'INVITE_COLLECT' : 'NO_INVITEE_PLAY_INFO')
    }
    const played = new Map<number, number>()
    for (const row of claimed) played.set(Number(row.invitee_id), (played.get(Number(row.invitee_id)) ?? 0) + Number(row.played_minor))
    for (const [inviteeId, playedMinor] of played) {
      const amountMinor = Math.floor((playedMinor * Math.round(rule.percent * 100)) / 10_000)
      if (amountMinor <= 0) continue
      await trx.insertInto('invite_accruals')
        .values({ inviter_id: member.id, invitee_id: inviteeId, amount_minor: amountMinor, created_at: at, received_at: null })
        .execute()
    }
    return { message: 'SUCCESS' }
  })
}

/** GET /api/invite/bonus: moves the invite bonus earned into the wallet, once. */
export async function receiveInviteBonus(ctx: ServerContext, member: Member): Promise<{ message: string }> {
  const rule = await getSetting(ctx.db, 'invite')
  if (!rule.active) throw fail(400, 'INVITE_INACTIVE')
  return inTransaction(ctx.db, async (trx) => {
    await receiveWaiting(trx, member, { table: 'invite_accruals', owner: 'inviter_id' }, 'invite_bonus', 'NO_INVITE_BONUS', ctx.now())
    return { message: 'INVITE_BONUS_SUCCESS' }
  })
}
