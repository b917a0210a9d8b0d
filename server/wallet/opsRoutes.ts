// The cashier's withdrawal queue and the books in the operator API (issue 33): withdrawals waiting,
// oldest first, with the whole account to pay and a first payout waiting for a second person
// (issue 47); the decision, paid with the bank's reference or failed with the money back in the
// wallet (decision.ts); the books check and the day's book (dayBook.ts); corrections of a member's
// wallet, proposed by one admin and applied by another (corrections.ts, issue 52 §3).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as O from '../../contract/ops'
import { approvalsOf } from '../ops/approvals'
import { actorOf, needs } from '../ops/scope'
import { routeOf } from '../shared/http/endpoint'
import { fail } from '../shared/http/errors'
import { maskPhone } from '../shared/mask'
import { checkBooks } from './books'
import { dayOf } from '../shared/zone'
import { dayBook } from './dayBook'
import * as repo from './repo'
import { decideWithdrawal } from './decision'
import { decideCorrection, proposeCorrection, waitingCorrections } from './corrections'
import { toWithdrawal } from './withdrawals'

const E = O.opsEndpoints
const QUEUE_LIMIT = 200

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

  app.route({ ...routeOf(E.corrections, { response: { 200: O.CorrectionList } }), ...needs('corrections'), handler: async () => waitingCorrections(ctx.db) })
  app.route({
    ...routeOf(E.proposeCorrection, { params: O.IdParams, body: O.NewCorrection, response: { 200: O.Correction } }),
    ...needs('corrections'),
    handler: async (request) => proposeCorrection(ctx, Number(request.params.id), request.body, actorOf(request)),
  })
  app.route({
    ...routeOf(E.decideCorrection, { params: O.IdParams, body: O.CorrectionDecision, response: { 200: O.Correction } }),
    ...needs('corrections'),
    handler: async (request) => decideCorrection(ctx, Number(request.params.id), request.body, actorOf(request)),
  })
}
