// A slip's decision (issue 33, issue 47): the cashier's in the operator API (opsRoutes.ts) and the
// demo bank's (server/demo/) alike, decided once however many decide at once, its audit row in its
// transaction, an approval held to the four-eyes rule (ops/approvals.ts).
import type * as O from '../../contract/ops'
import { fourEyes, fourEyesOnce, settlesAlone, type Settle } from '../ops/approvals'
import { type Actor, audit } from '../ops/audit'
import { decidedOnce } from '../ops/decision'
import { ceilingFor, parseAmount } from '../shared/amount'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import * as repo from './repo'
import { settleSlip } from './slips'

/**
 * A slip's decision by staff (or the demo bank, server/demo/): approved with the amount read (up to
 * the ceiling of the member's money), or rejected; its audit row in its transaction. An approval
 * above the admin's threshold waits for a second person (`awaitingSecond`), and one by a staff
 * member who paid the member out lately is refused (ops/approvals.ts). Decided already: 409 ALREADY_DECIDED.
 */
export async function decideSlip(ctx: ServerContext, reference: string, decision: O.SlipDecision, actor: Actor): Promise<O.SlipDecided> {
  return fourEyesOnce(() => decideSlipOnce(ctx, reference, decision, actor))
}

async function decideSlipOnce(ctx: ServerContext, reference: string, decision: O.SlipDecision, actor: Actor): Promise<O.SlipDecided> {
  const item = `slip:${reference}`
  let settle: Settle = settlesAlone(item)
  let amountMinor = 0
  // The reference as the books keep it, in the four-eyes gate and the audit too.
  const refNo = decision.status === 'success' && decision.refNo ? repo.keptRefNo(decision.refNo) : undefined
  if (decision.status === 'success') {
    const found = await repo.findSlip(ctx.db, reference)
    if (!found) throw fail(404, 'NO_DATA')
    if (found.status !== 'processing') throw fail(409, 'ALREADY_DECIDED')
    const currency = await repo.memberCurrency(ctx.db, Number(found.member_id))
    amountMinor = parseAmount(decision.amount, ceilingFor(ctx.maxAmountMinor, currency))
    const gate = await fourEyes(ctx, actor, {
      duty: 'credit', item, id: reference, memberId: Number(found.member_id), amountMinor, currency,
      decision: { amountMinor, refNo: refNo ?? null }, reference: refNo ?? null,
      stillOpen: (trx) => repo.slipStillProcessing(trx, reference),
    })
    if ('awaitingSecond' in gate) return gate
    settle = gate.settle
  }
  return decidedOnce(settleSlip(ctx, reference, decision.status === 'success'
    ? { status: 'success', amountMinor, refNo }
    : { status: 'failed', note: decision.note },
    async (trx, { memberId, slip }) => {
      const { firstApprover } = await settle(trx)
      await audit(trx, actor, ctx.now(), {
        action: slip.status === 'SUCCESS' ? 'slip.approve' : 'slip.reject',
        item,
        memberId,
        before: { status: 'processing' },
        after: {
          status: slip.status, amount: slip.amount, note: slip.note,
          ...(refNo ? { refNo } : {}),
          ...(firstApprover ? { firstApprover } : {}),
        },
      })
    }))
}
