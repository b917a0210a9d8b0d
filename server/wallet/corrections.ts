/**
 * Corrections of a member's wallet (issue 52 §3): no staff action changes a balance directly.
 *
 *   propose   an admin says which way, how much and why; nothing moves (`correction.propose`)
 *   apply     another admin: one ledger movement of kind `correction` between the wallet and the
 *             house's `adjustments` account, in the transaction that marks the correction applied
 *             (`correction.apply`, both names); 409 SAME_APPROVER for its maker; a debit the
 *             wallet cannot cover is 400 MONEY_NOT_ENOUGH and the correction stays pending
 *   refuse    any admin, its maker too (taking it back): nothing moves (`correction.refuse`)
 *
 * A correction is decided once: the decision claims the pending row (a conditional UPDATE), so of
 * two admins deciding at once on any number of instances one decides and the other gets 409
 * ALREADY_DECIDED. The member's statement shows an applied one as a deposit or a withdrawal by
 * way of `correction` (statement.ts).
 */
import type * as O from '../../contract/ops'
import { type Actor, audit } from '../ops/audit'
import { ceilingFor, parseAmount } from '../shared/amount'
import type { ServerContext } from '../shared/context'
import { type Db, inTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { postMovement } from '../shared/ledger'
import { maskPhone } from '../shared/mask'
import { findMemberById } from '../shared/members'
import { toMajor } from '../shared/money'
import * as repo from './repo'

const iso = (ms: number | string) => new Date(Number(ms)).toISOString()
/** Waiting corrections the list shows at most; a member page shows their last MEMBER_LIMIT. */
const LIST_LIMIT = 200
const MEMBER_LIMIT = 10

export const toCorrection = (row: repo.CorrectionRow): O.Correction => {
  const amountMinor = Number(row.amount_minor)
  return {
    id: String(row.id),
    member: { id: String(row.member_id), phone: maskPhone(row.username), name: row.name, currency: row.currency },
    direction: amountMinor > 0 ? 'credit' : 'debit',
    amount: toMajor(Math.abs(amountMinor)),
    reason: row.reason,
    status: row.status as O.Correction['status'],
    madeBy: { id: String(row.made_by), username: row.maker_username },
    madeAt: iso(row.made_at),
    decidedBy: row.decided_by === null ? null : { id: String(row.decided_by), username: row.decider_username ?? '' },
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    decisionReason: row.decision_reason,
  }
}

export const waitingCorrections = async (db: Db): Promise<O.CorrectionList> =>
  ({ corrections: (await repo.correctionsWhere(db, { pending: true, limit: LIST_LIMIT })).map(toCorrection) })

export const correctionsOf = async (db: Db, memberId: number): Promise<O.Correction[]> =>
  (await repo.correctionsWhere(db, { memberId, limit: MEMBER_LIMIT })).map(toCorrection)

async function correctionById(db: Db, id: number): Promise<O.Correction> {
  const [row] = await repo.correctionsWhere(db, { id })
  if (!row) throw fail(404, 'NO_DATA')
  return toCorrection(row)
}

/** An admin proposes a correction of the member's wallet, in the member's currency. */
export async function proposeCorrection(ctx: ServerContext, memberId: number, proposal: O.NewCorrection, actor: Actor): Promise<O.Correction> {
  if (actor.staffId === null) throw fail(403, 'FORBIDDEN_ROLE')
  const member = await findMemberById(ctx.db, memberId)
  if (!member) throw fail(404, 'NO_DATA')
  const magnitude = parseAmount(proposal.amount, ceilingFor(ctx.maxAmountMinor, member.currency))
  const amountMinor = proposal.direction === 'credit' ? magnitude : -magnitude
  const at = ctx.now()
  const staffId = actor.staffId
  const id = await inTransaction(ctx.db, async (trx) => {
    const created = await repo.insertCorrection(trx, { member_id: memberId, currency: member.currency, amount_minor: amountMinor, reason: proposal.reason.trim(), made_by: staffId, made_at: at })
    await audit(trx, actor, at, {
      action: 'correction.propose', item: `correction:${created}`, memberId,
      after: { direction: proposal.direction, amount: toMajor(magnitude), currency: member.currency, reason: proposal.reason.trim() },
    })
    return created
  })
  return correctionById(ctx.db, id)
}

/** Another admin applies the correction (the money moves), or any admin refuses it. */
export async function decideCorrection(ctx: ServerContext, id: number, decision: O.CorrectionDecision, actor: Actor): Promise<O.Correction> {
  if (actor.staffId === null) throw fail(403, 'FORBIDDEN_ROLE')
  const staffId = actor.staffId
  const at = ctx.now()
  const reason = decision.reason.trim()
  await inTransaction(ctx.db, async (trx) => {
    const applying = decision.status === 'applied'
    const claimed = await repo.claimCorrection(trx, id, { status: decision.status, decided_by: staffId, decided_at: at, decision_reason: reason }, applying ? staffId : undefined)
    if (!claimed) {
      const [row] = await repo.correctionsWhere(trx, { id })
      if (!row) throw fail(404, 'NO_DATA')
      throw fail(409, row.status === 'pending' ? 'SAME_APPROVER' : 'ALREADY_DECIDED')
    }
    const memberId = Number(claimed.member_id)
    const amountMinor = Number(claimed.amount_minor)
    let movementId: number | undefined
    if (applying) {
      // A debit the wallet cannot cover fails here (MONEY_NOT_ENOUGH) and the claim rolls back with it.
      movementId = (await postMovement(trx, {
        kind: 'correction', memberId, reference: `correction:${id}`, note: reason.slice(0, 200), at,
        postings: [{ account: { wallet: memberId }, amountMinor }, { account: { house: 'adjustments', currency: claimed.currency }, amountMinor: -amountMinor }],
      })).movementId
      await repo.setCorrectionMovement(trx, id, movementId)
    }
    await audit(trx, actor, at, {
      action: `correction.${applying ? 'apply' : 'refuse'}`, item: `correction:${id}`, memberId,
      after: { amount: toMajor(amountMinor), currency: claimed.currency, reason, ...(movementId === undefined ? {} : { movementId }) },
    })
  })
  return correctionById(ctx.db, id)
}
