// The wallet area's dev stand-ins, under /dev in dev and test modes only (routes.ts registers them).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import * as C from '../../contract'
import { findMemberByUsername } from '../shared/members'
import * as games from '../games/repo'
import { playAtProvider } from '../games/providers'
import { ceilingFor, parseAmount } from '../shared/amount'
import { fail } from '../shared/http/errors'
import { checkBooks } from './books'
import * as wallet from './service'
import { settleWithdrawal } from './withdrawals'

const WithdrawalParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) })

const SettlementBody = Type.Object({ status: Type.Union([Type.Literal('paid'), Type.Literal('failed')]) }, { additionalProperties: false })

const GameParams = Type.Object({ code: Type.String({ maxLength: 32 }) })

const RoundBody = Type.Object({
  username: Type.String({ maxLength: 32 }),
  amount: Type.String({ pattern: '^-?\\d{1,13}(\\.\\d{1,2})?$' }),
  refundPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
}, { additionalProperties: false })

/**
 * Dev stand-ins: the payout bank settling a withdrawal (answered with the whole account to pay), a
 * provider's report of a round played; the books check.
 */
export const walletDevRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.get('/dev/books', async () => checkBooks(ctx.db))
  app.post('/dev/withdrawals/:id', { schema: { params: WithdrawalParams, body: SettlementBody, response: { 200: C.Withdrawal } } }, async (request) =>
    settleWithdrawal(ctx, Number(request.params.id), { status: request.body.status }),
  )
  // A round played at the simulated provider, then its report to us (RoundBody). The provider
  // plays it against its own balance (a loss beyond it is refused there: MONEY_NOT_ENOUGH); a
  // report we refuse is taken back there, so the two books stay one.
  app.post('/dev/games/:code/rounds', { schema: { params: GameParams, body: RoundBody, response: { 200: C.MessageBody } } }, async (request) => {
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
