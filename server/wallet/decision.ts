// A withdrawal's decision (issue 33, issue 47): the cashier's in the operator API (opsRoutes.ts) and
// the demo bank's (server/demo/) alike, decided once however many decide at once, its audit row in
// its transaction, a payout held to the four-eyes rule (ops/approvals.ts).
import type * as O from '../../contract/ops'
import { fourEyes, fourEyesOnce, settlesAlone, type Settle } from '../ops/approvals'
import { type Actor, audit } from '../ops/audit'
import { decidedOnce } from '../ops/decision'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import * as repo from './repo'
import { settleWithdrawal } from './withdrawals'

/**
 * A withdrawal's decision by staff (or the demo bank, server/demo/): paid with the bank's
 * reference, or failed with the money back; its audit row in its transaction. A payout above the
 * admin's threshold waits for a second person (`awaitingSecond`), and one by a staff member who
 * credited the member lately is refused (ops/approvals.ts). Decided already: 409 ALREADY_DECIDED.
 */
export async function decideWithdrawal(ctx: ServerContext, id: number, decision: O.WithdrawalDecision, actor: Actor): Promise<O.WithdrawalDecided> {
  return fourEyesOnce(() => decideWithdrawalOnce(ctx, id, decision, actor))
}

async function decideWithdrawalOnce(ctx: ServerContext, id: number, decision: O.WithdrawalDecision, actor: Actor): Promise<O.WithdrawalDecided> {
  const item = `withdrawal:${id}`
  let settle: Settle = settlesAlone(item)
  if (decision.status === 'paid') {
    const found = await repo.findWithdrawal(ctx.db, id)
    if (!found) throw fail(404, 'NO_DATA')
    if (found.status !== 'requested' && found.status !== 'review') throw fail(409, 'ALREADY_DECIDED')
    const gate = await fourEyes(ctx, actor, {
      duty: 'payout', item, id: String(id), memberId: Number(found.member_id), amountMinor: Number(found.amount_minor), currency: found.currency,
      decision: { bankReference: decision.bankReference }, reference: decision.bankReference,
      stillOpen: (trx) => repo.withdrawalStillWaiting(trx, id),
    })
    if ('awaitingSecond' in gate) return gate
    settle = gate.settle
  }
  return decidedOnce(settleWithdrawal(ctx, id, decision, async (trx, { memberId, withdrawal }) => {
    const { firstApprover } = await settle(trx)
    await audit(trx, actor, ctx.now(), {
      action: decision.status === 'paid' ? 'withdrawal.paid' : 'withdrawal.failed',
      item,
      memberId,
      // `waiting`: requested, or in review during a payout hold; the update that settles it says no more.
      before: { status: 'waiting', amount: withdrawal.amount, currency: withdrawal.currency },
      after: {
        ...(decision.status === 'paid' ? { status: 'paid', bankReference: decision.bankReference } : { status: 'failed', reason: decision.reason }),
        ...(firstApprover ? { firstApprover } : {}),
      },
    })
  }))
}
