/**
 * One member, helped (issue 52 §3): the member page staff read, and what they may do for the
 * member, each by role and audited with its reason (`member.<action>`, item `member:<id>`):
 *
 *   suspend, lift     admin: a suspended member's calls answer as a terminated service does (410
 *                     gone: the app shows /terminated), but for the contact and the chat, so they
 *                     can still write to support, signed in as themselves (auth/memberScope.ts).
 *                     Their sessions stay; on every instance the change is heard as a member's
 *                     row changed (the session cache's notification).
 *   unlinkTelegram,   admin: the messenger's link goes, and the sessions it opened end.
 *   unlinkLine
 *   endSessions       support and admin (the lookup duty): every session ends, its sockets cut.
 *   resetOtpWait      lookup duty: the codes sent to the member's phone are forgotten, so one can
 *                     be sent again at once (OTP_BLOCK no more).
 *   note              lookup duty: a note on the member, kept as written (the reason is the note).
 *
 * None changes a balance.
 */
import type * as O from '../../contract/ops'
import { endMemberSessions, endSessions } from '../auth/sessions'
import { listIdentities, listPasskeys, listQuickUnlocks, unlinkIdentity } from '../identity/repo'
import { type Actor, audit } from '../ops/audit'
import { mayDo } from '../ops/roles'
import type { ServerContext } from '../shared/context'
import { inTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { clearRateEvents } from '../shared/limits'
import { findMemberById } from '../shared/members'
import { toMajor } from '../shared/money'
import * as repo from './repo'

const iso = (ms: number | string) => new Date(Number(ms)).toISOString()
const SLIPS = 10
const NOTES = 20

/** What the member page adds to the lookup's detail (account/opsRoutes.ts). */
export async function careOf(ctx: ServerContext, memberId: number): Promise<Pick<O.MemberDetail, 'slips' | 'sessions' | 'linked' | 'devices' | 'notes'>> {
  const [slips, sessions, linked, passkeys, quickUnlocks, notes] = await Promise.all([
    repo.recentSlipsOf(ctx.db, memberId, SLIPS), repo.openSessionsOf(ctx.db, memberId, ctx.now()),
    listIdentities(ctx.db, memberId), listPasskeys(ctx.db, memberId), listQuickUnlocks(ctx.db, memberId), repo.memberNotes(ctx.db, memberId, NOTES),
  ])
  return {
    slips: slips.map((slip) => ({ reference: slip.reference, kind: slip.kind, status: slip.status, amount: toMajor(Number(slip.amount_minor)), createdAt: iso(slip.created_at) })),
    sessions: sessions.map((session) => ({
      openedAt: iso(session.created_at), expiresAt: iso(session.expires_at),
      openedBy: session.identity_id !== null ? 'messenger' : session.passkey_id !== null ? 'passkey' : session.quick_unlock_id !== null ? 'quickUnlock' : 'password',
    })),
    linked: linked.map((identity) => ({ provider: identity.provider, name: identity.name, linkedAt: iso(identity.linkedAt) })),
    devices: [...passkeys.map((device) => ({ kind: 'passkey' as const, ...device })), ...quickUnlocks.map((device) => ({ kind: 'quickUnlock' as const, ...device }))]
      .sort((a, b) => a.createdAt - b.createdAt)
      .map(({ kind, createdAt, lastUsedAt }) => ({ kind, addedAt: iso(createdAt), lastUsedAt: lastUsedAt === null ? null : iso(lastUsedAt) })),
    notes: notes.map((note) => ({ staff: note.username ?? null, note: note.note, at: iso(note.created_at) })),
  }
}

/** Who may do each: suspending, lifting and unlinking change what the member can do at all. */
const ADMIN_ONLY: ReadonlySet<O.MemberAction> = new Set(['suspend', 'lift', 'unlinkTelegram', 'unlinkLine'])

/** Does `action` for the member, audited with `reason`; 409 ALREADY_DECIDED when it changes nothing (suspended twice, nothing linked). */
export async function actOnMember(ctx: ServerContext, memberId: number, action: O.MemberAction, reason: string, actor: Actor & { role: O.StaffRole }): Promise<void> {
  if (ADMIN_ONLY.has(action) && !mayDo(actor.role, 'staff')) throw fail(403, 'FORBIDDEN_ROLE')
  const member = await findMemberById(ctx.db, memberId)
  if (!member) throw fail(404, 'NO_DATA')
  const at = ctx.now()
  const item = `member:${memberId}`
  const recorded = (db: typeof ctx.db, after: Record<string, unknown> = {}) => audit(db, actor, at, { action: `member.${action}`, item, memberId, after: { reason, ...after } })

  if (action === 'suspend' || action === 'lift') {
    await inTransaction(ctx.db, async (trx) => {
      if (!(await repo.setSuspended(trx, memberId, action === 'suspend' ? at : null))) throw fail(409, 'ALREADY_DECIDED')
      await recorded(trx)
    })
    return
  }
  if (action === 'unlinkTelegram' || action === 'unlinkLine') {
    const provider = action === 'unlinkTelegram' ? 'telegram' : 'line'
    const ended = await unlinkIdentity(ctx.db, memberId, provider, actor.address, at)
    if (!ended) throw fail(409, 'ALREADY_DECIDED')
    await endSessions(ctx, ended)
    await recorded(ctx.db, { provider, sessionsEnded: ended.length })
    return
  }
  if (action === 'endSessions') {
    await endMemberSessions(ctx, memberId)
    await recorded(ctx.db)
    return
  }
  if (action === 'resetOtpWait') {
    await clearRateEvents(ctx.db, 'otp_send', member.username)
    await recorded(ctx.db)
    return
  }
  await inTransaction(ctx.db, async (trx) => {
    await repo.insertMemberNote(trx, { member_id: memberId, staff_id: actor.staffId, note: reason, created_at: at })
    await recorded(trx)
  })
}
