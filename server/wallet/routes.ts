// The wallet area's routes (spec 7 "Wallet"): the wallet and the balances of the game accounts,
// transfers between them, withdrawals; and the dev stand-ins for the payout bank settling a
// withdrawal, a provider reporting a round played, and the books check.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import { walletEndpoints as W } from '../../contract/wallet'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { idempotent, idempotentSteps, replayed } from '../shared/idempotency'
import { requireWithdrawalProof } from '../identity/stepUp'
import * as wallet from './service'
import { walletOpsRoutes } from './opsRoutes'
import { announceWithdrawal, listWithdrawals, requestWithdrawal } from './withdrawals'
import { walletDevRoutes } from './devRoutes'

const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(W.wallet, { response: { 200: C.WalletResponse } }),
    handler: async (request) => wallet.walletView(ctx, request.member),
  })
  app.route({
    ...routeOf(W.refreshSlots, { response: { 200: C.SlotsRefreshResponse } }),
    handler: async (request) => wallet.balancesView(ctx, request.member),
  })

  // Money that crosses to a game provider moves in steps (transfers.ts), the key kept across them.
  const transferred = { 200: C.TransferResponse }
  const stale = ctx.transferRecoveryAfterMs
  app.route({
    ...routeOf(W.transfer, { body: C.TransferRequest, response: transferred }),
    handler: async (request, reply) => {
      const { from, to, amount } = request.body
      return idempotentSteps(ctx, request, reply, await wallet.transferSteps(ctx, request.member, from, to, amount), stale)
    },
  })
  app.route({
    ...routeOf(W.transferAll, { body: C.TransferAllRequest, response: transferred }),
    handler: async (request, reply) =>
      idempotentSteps(ctx, request, reply, await wallet.transferAllSteps(ctx, request.member, request.body.to), stale),
  })

  // The withdraw modal uses withdrawAll (spec 7). Without an active bonus both take exactly the
  // amount asked; the bonus rule (the remainder is removed) joins with the bonus feature.
  for (const route of [W.withdraw, W.withdrawAll]) {
    app.route({
      ...routeOf(route, { body: C.WithdrawRequest, response: { 200: C.WithdrawResponse } }),
      handler: async (request, reply) => {
        // Before the key is stored: the same key sent again after the step-up goes through once.
        await requireWithdrawalProof(ctx, request)
        const requested = await idempotent(ctx, request, reply, (scoped) => requestWithdrawal(scoped, request.member, request.body.amount))
        if (!replayed(reply)) await announceWithdrawal(ctx, requested.withdrawal)
        return requested
      },
    })
  }
  app.route({
    ...routeOf(W.withdrawals, { querystring: C.WithdrawalListQuery, response: { 200: C.WithdrawalList } }),
    handler: async (request) => {
      const { page = '1', limit = '10' } = request.query
      return listWithdrawals(ctx, request.member, Number(page), Number(limit))
    },
  })
}

/** A round played at the simulated provider: a signed amount (a win is positive), and the share
 *  of a loss given back as a lost-bet refund (default 5 %). */

export const walletArea: AreaRoutes = { member: memberRoutes, ops: walletOpsRoutes, dev: walletDevRoutes }
