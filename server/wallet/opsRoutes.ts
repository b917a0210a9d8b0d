// The cashier's withdrawal queue and the books check in the operator API (issue 33): withdrawals
// waiting, oldest first, with the whole account to pay; the decision, paid with the bank's
// reference or failed with the money back in the wallet, decided once however many staff decide
// at once, its audit row in its transaction.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../src/api/contract'
import * as O from '../../src/api/contract/ops'
import { type Actor, audit } from '../ops/audit'
import { decidedOnce } from '../ops/decision'
import type { ServerContext } from '../shared/context'
import { actorOf, needs } from '../ops/scope'
import { routeOf } from '../shared/http/endpoint'
import { maskPhone } from '../shared/mask'
import { checkBooks } from './books'
import * as repo from './repo'
import { toWithdrawal, settleWithdrawal } from './withdrawals'

const E = O.opsEndpoints
const QUEUE_LIMIT = 200

/**
 * A withdrawal's decision by staff (or the demo bank, server/demo/): paid with the bank's
 * reference, or failed with the money back; its audit row in its transaction. Decided already:
 * 409 ALREADY_DECIDED.
 */
export async function decideWithdrawal(ctx: ServerContext, id: number, decision: O.WithdrawalDecision, actor: Actor): Promise<C.Withdrawal> {
  return decidedOnce(settleWithdrawal(ctx, id, decision, (trx, { memberId, withdrawal }) => audit(trx, actor, ctx.now(), {
      action: decision.status === 'paid' ? 'withdrawal.paid' : 'withdrawal.failed',
      item: `withdrawal:${id}`,
      memberId,
      // `waiting`: requested, or in review during a payout hold; the update that settles it says no more.
      before: { status: 'waiting', amount: withdrawal.amount, currency: withdrawal.currency },
      after: decision.status === 'paid' ? { status: 'paid', bankReference: decision.bankReference } : { status: 'failed', reason: decision.reason },
    })))
}

export const walletOpsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(E.withdrawals, { response: { 200: O.WithdrawalQueue } }),
    ...needs('withdrawals'),
    handler: async () => ({
      withdrawals: (await repo.waitingWithdrawals(ctx.db, QUEUE_LIMIT)).map((row) => ({
        ...toWithdrawal(row, 'whole'),
        member: { id: String(row.member_id), phone: maskPhone(row.username), name: row.name, currency: row.member_currency },
      })),
    }),
  })

  app.route({
    ...routeOf(E.decideWithdrawal, { params: O.IdParams, body: O.WithdrawalDecision, response: { 200: C.Withdrawal } }),
    ...needs('withdrawals'),
    handler: async (request) => decideWithdrawal(ctx, Number(request.params.id), request.body, actorOf(request)),
  })

  app.route({ ...routeOf(E.books, { response: { 200: O.BooksReport } }), ...needs('books'), handler: async () => checkBooks(ctx.db) })
}
