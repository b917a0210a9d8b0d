// The cashier's withdrawal queue and the books check in the operator API (issue 33): withdrawals
// waiting, oldest first, with the whole account to pay and a first payout waiting for a second
// person (issue 47); the decision, paid with the bank's reference or failed with the money back in
// the wallet, decided once however many staff decide at once, its audit row in its transaction. A
// payout is held to the four-eyes rule (ops/approvals.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as O from '../../src/api/contract/ops'
import { approvalsOf, fourEyes, settlesAlone, type Settle } from '../ops/approvals'
import { type Actor, audit } from '../ops/audit'
import { decidedOnce } from '../ops/decision'
import type { ServerContext } from '../shared/context'
import { actorOf, needs } from '../ops/scope'
import { routeOf } from '../shared/http/endpoint'
import { fail } from '../shared/http/errors'
import { maskPhone } from '../shared/mask'
import { checkBooks } from './books'
import { dayBook, dayOf } from './dayBook'
import * as repo from './repo'
import { toWithdrawal, settleWithdrawal } from './withdrawals'

const E = O.opsEndpoints
const QUEUE_LIMIT = 200

/**
 * A withdrawal's decision by staff (or the demo bank, server/demo/): paid with the bank's
 * reference, or failed with the money back; its audit row in its transaction. A payout above the
 * admin's threshold waits for a second person (`awaitingSecond`), and one by a staff member who
 * credited the member lately is refused (ops/approvals.ts). Decided already: 409 ALREADY_DECIDED.
 */
export async function decideWithdrawal(ctx: ServerContext, id: number, decision: O.WithdrawalDecision, actor: Actor): Promise<O.WithdrawalDecided> {
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

export const walletOpsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(E.withdrawals, { response: { 200: O.WithdrawalQueue } }),
    ...needs('withdrawals'),
    handler: async () => {
      const rows = await repo.waitingWithdrawals(ctx.db, QUEUE_LIMIT)
      const approvals = await approvalsOf(ctx.db, rows.map((row) => `withdrawal:${row.id}`))
      return {
        withdrawals: rows.map((row) => ({
          ...toWithdrawal(row, 'whole'),
          member: { id: String(row.member_id), phone: maskPhone(row.username), name: row.name, currency: row.member_currency },
          approval: approvals.get(`withdrawal:${row.id}`) ?? null,
        })),
      }
    },
  })

  app.route({
    ...routeOf(E.decideWithdrawal, { params: O.IdParams, body: O.WithdrawalDecision, response: { 200: O.WithdrawalDecided } }),
    ...needs('withdrawals'),
    handler: async (request) => decideWithdrawal(ctx, Number(request.params.id), request.body, actorOf(request)),
  })

  app.route({ ...routeOf(E.books, { response: { 200: O.BooksReport } }), ...needs('books'), handler: async () => checkBooks(ctx.db) })

  app.route({
    ...routeOf(E.dayBook, { querystring: O.DayBookQuery, response: { 200: O.DayBook } }),
    ...needs('books'),
    handler: async (request) => {
      // A date of the right shape that is no date (2025-02-30) is refused as the schema refuses others.
      const book = await dayBook(ctx.db, request.query.date ?? dayOf(ctx.now(), ctx.timeZone), ctx.timeZone)
      if (!book) throw fail(400, 'KEY_INVALID')
      return book
    },
  })
}
