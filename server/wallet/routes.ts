// The wallet area's routes (spec 7 "Wallet"): the wallet and the balances of the game accounts,
// transfers between them, withdrawals; and the dev stand-ins for the payout bank settling a
// withdrawal, a provider reporting a round played, and the books check.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import * as C from '../../src/api/contract'
import { walletEndpoints as W } from '../../src/api/contract/wallet'
import { findMemberByUsername } from '../shared/members'
import * as games from '../games/repo'
import { playAtProvider } from '../games/providers'
import { ceilingFor, parseAmount } from '../shared/amount'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { fail } from '../shared/http/errors'
import { idempotent, idempotentSteps, replayed } from '../shared/idempotency'
import { requireWithdrawalProof } from '../identity/stepUp'
import { checkBooks } from './books'
import * as wallet from './service'
import { walletOpsRoutes } from './opsRoutes'
import { announceWithdrawal, listWithdrawals, requestWithdrawal, settleWithdrawal } from './withdrawals'

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

const WithdrawalParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) })
const SettlementBody = Type.Object({ status: Type.Union([Type.Literal('paid'), Type.Literal('failed')]) }, { additionalProperties: false })
const GameParams = Type.Object({ code: Type.String({ maxLength: 32 }) })
/** A round played at the simulated provider: a signed amount (a win is positive), and the share
 *  of a loss given back as a lost-bet refund (default 5 %). */
const RoundBody = Type.Object({
  username: Type.String({ maxLength: 32 }),
  amount: Type.String({ pattern: '^-?\\d{1,13}(\\.\\d{1,2})?$' }),
  refundPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
}, { additionalProperties: false })

/**
 * Dev stand-ins: the payout bank settling a withdrawal (answered with the whole account to pay), a
 * provider's report of a round played; the books check.
 */
const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.get('/books', async () => checkBooks(ctx.db))
  app.post('/withdrawals/:id', { schema: { params: WithdrawalParams, body: SettlementBody, response: { 200: C.Withdrawal } } }, async (request) =>
    settleWithdrawal(ctx, Number(request.params.id), { status: request.body.status }),
  )
  // A round played at the simulated provider, then its report to us (RoundBody). The provider
  // plays it against its own balance (a loss beyond it is refused there: MONEY_NOT_ENOUGH); a
  // report we refuse is taken back there, so the two books stay one.
  app.post('/games/:code/rounds', { schema: { params: GameParams, body: RoundBody, response: { 200: C.MessageBody } } }, async (request) => {
    const member = await findMemberByUsername(ctx.db, request.body.username)
    if (!member) throw fail(404, 'NO_USER')
    const { amount, refundPercent = 5 } = request.body
    const minor = parseAmount(amount.replace(/^-/, ''), ceilingFor(ctx.maxAmountMinor, member.currency))
    const signed = amount.startsWith('-') ? -minor : minor
    const account = (await games.findGameWithAccount(ctx.db, member.id, request.params.code))?.account
    if (account && !(await playAtProvider(ctx.db, account.gameCode, account.username, signed))) throw fail(400, 'MONEY_NOT_ENOUGH')
    try {
      await wallet.settleRound(ctx, member, request.params.code, signed, refundPercent)
    } catch (error) {
      if (account) await playAtProvider(ctx.db, account.gameCode, account.username, -signed)
      throw error
    }
    return { message: 'OK' }
  })
}

export const walletArea: AreaRoutes = { member: memberRoutes, ops: walletOpsRoutes, dev: devRoutes }
