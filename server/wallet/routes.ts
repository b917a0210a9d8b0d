// Wallet routes (spec 7 "Wallet" and "Auto-login"), the demo game page the auto-login links open,
// and the dev endpoints that stand in for the payout bank and for provider outages.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import * as C from '../../src/api/contract'
import { bonusEndpoints as B } from '../../src/api/contract/bonus'
import { autoLoginEndpoints as G } from '../../src/api/contract/autoLogin'
import { rewardEndpoints as R } from '../../src/api/contract/rewards'
import { spinEndpoints as S } from '../../src/api/contract/spin'
import { walletEndpoints as W } from '../../src/api/contract/wallet'
import { at, schemaFor } from '../http/endpoint'
import { findMemberByUsername } from '../account/members'
import { fail } from '../http/errors'
import { toMajor } from '../money'
import { sha256 } from '../tokens'
import { ceilingFor, parseAmount } from './amount'
import * as bonuses from './bonuses'
import * as games from './games'
import * as invites from './invites'
import { playAtProvider } from './providers'
import { idempotent, idempotentSteps } from './idempotency'
import { checkBooks } from './books'
import { accountBalance } from './ledger'
import * as rewards from './rewards'
import * as spin from './spin'
import * as wallet from './service'
import { listWithdrawals, requestWithdrawal, settleWithdrawal } from './withdrawals'

const credentials = { 200: C.GameCredentials }

/** Member routes under /api/wallet (the deposit routes add /slip and /truelink beside them), each from its descriptor. */
export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.wallet
  app.route({
    ...at(app, W.wallet), schema: schemaFor(W.wallet, { response: { 200: C.WalletResponse } }),
    handler: async (request) => wallet.walletView(ctx, request.member),
  })
  app.route({
    ...at(app, W.refreshSlots), schema: schemaFor(W.refreshSlots, { response: { 200: C.SlotsRefreshResponse } }),
    handler: async (request) => wallet.balancesView(ctx, request.member),
  })

  const slot = { params: C.SlotCodeParams }
  app.route({
    ...at(app, W.activate), schema: schemaFor(W.activate, { ...slot, response: { 200: C.MessageBody } }),
    handler: async (request) => {
      await wallet.activateGame(ctx, request.member, request.params.slotCode)
      return { message: 'SUCCESS' }
    },
  })
  app.route({
    ...at(app, W.credentials), schema: schemaFor(W.credentials, { ...slot, response: credentials }),
    handler: async (request) => wallet.gameCredentials(ctx, request.member, request.params.slotCode),
  })
  app.route({
    ...at(app, W.resetPassword), schema: schemaFor(W.resetPassword, { ...slot, response: credentials }),
    handler: async (request) => wallet.resetGamePassword(ctx, request.member, request.params.slotCode),
  })

  // Money that crosses to a game provider moves in steps (transfers.ts), the key kept across them.
  const transferred = { 200: C.TransferResponse }
  const stale = ctx.transferRecoveryAfterMs
  app.route({
    ...at(app, W.transfer), schema: schemaFor(W.transfer, { body: C.TransferRequest, response: transferred }),
    handler: async (request, reply) => {
      const { from, to, amount } = request.body
      return idempotentSteps(ctx, request, reply, await wallet.transferSteps(ctx, request.member, from, to, amount), stale)
    },
  })
  app.route({
    ...at(app, W.transferAll), schema: schemaFor(W.transferAll, { body: C.TransferAllRequest, response: transferred }),
    handler: async (request, reply) =>
      idempotentSteps(ctx, request, reply, await wallet.transferAllSteps(ctx, request.member, request.body.to), stale),
  })

  // The withdraw modal uses withdrawAll (spec 7). Without an active bonus both take exactly the
  // amount asked; the bonus rule (the remainder is removed) joins with the bonus feature.
  for (const route of [W.withdraw, W.withdrawAll]) {
    app.route({
      ...at(app, route), schema: schemaFor(route, { body: C.WithdrawRequest, response: { 200: C.WithdrawResponse } }),
      handler: async (request, reply) =>
        idempotent(ctx, request, reply, (scoped) => requestWithdrawal(scoped, request.member, request.body.amount)),
    })
  }
  app.route({
    ...at(app, W.withdrawals), schema: schemaFor(W.withdrawals, { querystring: C.WithdrawalListQuery, response: { 200: C.WithdrawalList } }),
    handler: async (request) => {
      const { page = '1', limit = '10' } = request.query
      return listWithdrawals(ctx, request.member, Number(page), Number(limit))
    },
  })
}

const page = { body: C.PageRequest }

/** /api/invite (spec 7): the friends invited, the banners, collect (their play into the bonus earned) and receiving the bonus. */
export const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.wallet
  app.route({
    ...at(app, R.invites), schema: schemaFor(R.invites, { ...page, response: { 200: C.InviteListResponse } }),
    handler: async (request) => invites.listInvites(ctx, request.member, request.body.page, request.body.limit),
  })
  app.route({
    ...at(app, R.inviteBanners), schema: schemaFor(R.inviteBanners, { response: { 200: C.BannersResponse } }),
    handler: async () => rewards.inviteBanners(ctx),
  })
  app.route({
    ...at(app, R.inviteCollect), schema: schemaFor(R.inviteCollect, { response: { 200: C.MessageBody } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => invites.collectInvites(scoped, request.member)),
  })
  app.route({
    ...at(app, R.inviteBonus), schema: schemaFor(R.inviteBonus, { response: { 200: C.MessageBody } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => invites.receiveInviteBonus(scoped, request.member)),
  })
}

/** /api/refund (spec 7): the refund waiting, receiving it, the refunds received, the banners. */
export const refundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.wallet
  app.route({
    ...at(app, R.refunds), schema: schemaFor(R.refunds, { ...page, response: { 200: C.RefundListResponse } }),
    handler: async (request) => ({ refunds: await rewards.listRefunds(ctx, request.member, request.body.page, request.body.limit) }),
  })
  app.route({
    ...at(app, R.refundCheck), schema: schemaFor(R.refundCheck, { response: { 200: C.RefundCheck } }),
    handler: async (request) => rewards.refundCheck(ctx, request.member),
  })
  app.route({
    ...at(app, R.refundReceive), schema: schemaFor(R.refundReceive, { response: { 200: C.MessageBody } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => rewards.receiveRefund(scoped, request.member)),
  })
  // The reference server keeps no refund credit apart from the wallet: add-to-wallet moves the
  // refund waiting into it, as receive does.
  app.route({
    ...at(app, R.refundAddWallet), schema: schemaFor(R.refundAddWallet, { response: { 200: C.MessageBody } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => rewards.receiveRefund(scoped, request.member)),
  })
  app.route({
    ...at(app, R.refundBanners), schema: schemaFor(R.refundBanners, { response: { 200: C.BannersResponse } }),
    handler: async () => rewards.refundBanners(ctx),
  })
}

/** /api/spinwheel (spec 7 "Spin wheel"): the wheel and the coins, a spin, the coupons, claiming one. */
export const spinRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.wallet
  app.route({
    ...at(app, S.setup), schema: schemaFor(S.setup, { response: { 200: C.SpinSetup } }),
    handler: async (request) => spin.spinSetup(ctx, request.member),
  })
  app.route({
    ...at(app, S.spin), schema: schemaFor(S.spin, { response: { 200: C.SpinResult } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => spin.spin(scoped, request.member)),
  })
  app.route({
    ...at(app, S.coupons), schema: schemaFor(S.coupons, { response: { 200: C.SpinCoupons } }),
    handler: async (request) => spin.listCoupons(ctx, request.member),
  })
  app.route({
    ...at(app, S.claim), schema: schemaFor(S.claim, { body: C.CouponClaimRequest, response: { 200: C.MessageBody } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => spin.claimCoupon(scoped, request.member, request.body.coupon)),
  })
  app.route({
    ...at(app, S.active), schema: schemaFor(S.active, { response: { 200: C.SpinActive } }),
    handler: async () => spin.spinActive(ctx.db),
  })
}

/** /api/bonus (spec 7 "Bonus and promotion"): the cards, receiving one, the bonus held, cancelling it. */
export const bonusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.wallet
  const code = { params: C.BonusCodeParams }
  app.route({
    ...at(app, B.list), schema: schemaFor(B.list, { response: { 200: C.BonusList } }),
    handler: async (request) => bonuses.listBonuses(ctx.db, request.member),
  })
  app.route({
    ...at(app, B.activate), schema: schemaFor(B.activate, { ...code, response: { 200: C.UserBonus } }),
    handler: async (request, reply) =>
      idempotent(ctx, request, reply, (scoped) => bonuses.activate(scoped, request.member, 'bonus', request.params.code)),
  })
  app.route({
    ...at(app, B.active), schema: schemaFor(B.active, { response: { 200: C.BonusActiveCheck } }),
    handler: async (request) => bonuses.activeCheck(ctx.db, request.member.id),
  })
  app.route({
    ...at(app, B.minimum), schema: schemaFor(B.minimum, { response: { 200: C.BonusMinimum } }),
    handler: async (request) => bonuses.minimumCheck(ctx.db, request.member.id),
  })
  app.route({
    ...at(app, B.clear), schema: schemaFor(B.clear, { response: { 200: C.MessageBody } }),
    handler: async (request, reply) => idempotent(ctx, request, reply, (scoped) => bonuses.clearBonus(scoped, request.member)),
  })
}

/** /api/promotion (spec 7): a promotion code found, received, and the one held. */
export const promotionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.wallet
  const code = { params: C.BonusCodeParams }
  app.route({
    ...at(app, B.promotionCurrent), schema: schemaFor(B.promotionCurrent, { response: { 200: C.PromotionOrEmpty } }),
    handler: async (request) => bonuses.currentPromotion(ctx.db, request.member),
  })
  app.route({
    ...at(app, B.promotionFind), schema: schemaFor(B.promotionFind, { ...code, response: { 200: C.PromotionOrEmpty } }),
    handler: async (request) => bonuses.findPromotion(ctx.db, request.member, request.params.code),
  })
  app.route({
    ...at(app, B.promotionActivate), schema: schemaFor(B.promotionActivate, { ...code, response: { 200: C.UserBonus } }),
    handler: async (request, reply) =>
      idempotent(ctx, request, reply, (scoped) => bonuses.activate(scoped, request.member, 'promotion', request.params.code)),
  })
}

/** GET /api/autoLogin/:game/:username[/:password] (member): a link that opens the game signed in. */
export const autoLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.wallet
  const link = { 200: C.AutoLoginResponse }
  const absolute = (request: { protocol: string; host: string }, path: string) => `${request.protocol}://${request.host}${path}`
  app.route({
    ...at(app, G.byUsername), schema: schemaFor(G.byUsername, { params: C.AutoLoginParams, response: link }),
    handler: async (request) => ({
      link: absolute(request, await wallet.autoLoginPath(ctx, request.member, request.params.game, request.params.username)),
    }),
  })
  app.route({
    ...at(app, G.byPassword), schema: schemaFor(G.byPassword, { params: C.AutoLoginPasswordParams, response: link }),
    handler: async (request) => {
      const { game, username, password } = request.params
      return { link: absolute(request, await wallet.autoLoginPath(ctx, request.member, game, username, password)) }
    },
  })
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function demoPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}

/**
 * /demo-game/:token: what an auto-login link opens in the reference server, standing in for the
 * provider's game: the game's name and the member's balance there. No script; the token is
 * short-lived and only its hash is stored.
 */
export const demoGameRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.wallet
  const params = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }) })
  app.get('/:token', { schema: { params } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store')
    const launch = await games.findLaunch(ctx.db, sha256(request.params.token))
    if (!launch || launch.expiresAt < ctx.now()) {
      return reply.code(410).send(demoPage('Link expired', '<p>This game link has expired. Open the game again from the wallet.</p>'))
    }
    const game = await games.findGame(ctx.db, launch.gameCode)
    const minor = (await accountBalance(ctx.db, { game: launch.gameCode, memberId: launch.memberId })) ?? 0
    const balance = toMajor(minor).toFixed(2)
    return reply.send(demoPage(game?.name ?? launch.gameCode, `<p>Demo game. Balance: <strong data-testid="game-balance">${balance}</strong></p>`))
  })
}

/**
 * Dev stand-ins: the payout bank settling a withdrawal (answered with the whole account to pay), a
 * provider going down or up; the books check.
 */
export const walletDevRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.wallet
  app.get('/books', async () => checkBooks(ctx.db))
  const id = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) })
  const settlement = Type.Object({ status: Type.Union([Type.Literal('paid'), Type.Literal('failed')]) }, { additionalProperties: false })
  app.post('/withdrawals/:id', { schema: { params: id, body: settlement, response: { 200: C.Withdrawal } } }, async (request) =>
    settleWithdrawal(ctx, Number(request.params.id), request.body.status),
  )
  // A provider's lost-bet report: a refund waits for the member until received.
  const refund = Type.Object({ username: Type.String({ maxLength: 32 }), amount: Type.Union([Type.Number(), Type.String({ maxLength: 32 })]) }, { additionalProperties: false })
  app.post('/refunds', { schema: { body: refund, response: { 200: C.MessageBody } } }, async (request) => {
    const member = await findMemberByUsername(ctx.db, request.body.username)
    if (!member) throw fail(404, 'NO_USER')
    await rewards.accrueRefund(ctx, member.id, parseAmount(request.body.amount, ceilingFor(ctx.maxAmountMinor, member.currency)))
    return { message: 'OK' }
  })
  const code = Type.Object({ code: Type.String({ maxLength: 32 }) })
  // A round played at the simulated provider, then its report to us: a signed amount (a win is
  // positive), and the share of a loss given back as a lost-bet refund (default 5 %). The provider
  // plays it against its own balance (a loss beyond it is refused there: MONEY_NOT_ENOUGH); a
  // report we refuse is taken back there, so the two books stay one.
  const round = Type.Object({
    username: Type.String({ maxLength: 32 }),
    amount: Type.String({ pattern: '^-?\\d{1,13}(\\.\\d{1,2})?$' }),
    refundPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  }, { additionalProperties: false })
  app.post('/games/:code/rounds', { schema: { params: code, body: round, response: { 200: C.MessageBody } } }, async (request) => {
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
  // Spin coins for a member (standing in for the operator's grants beside the per-deposit rule).
  const coins = Type.Object({ username: Type.String({ maxLength: 32 }), coins: Type.Integer({ minimum: 1, maximum: 1_000 }) }, { additionalProperties: false })
  app.post('/coins', { schema: { body: coins, response: { 200: C.MessageBody } } }, async (request) => {
    const member = await findMemberByUsername(ctx.db, request.body.username)
    if (!member) throw fail(404, 'NO_USER')
    await spin.grantCoins(ctx.db, member.id, request.body.coins)
    return { message: 'OK' }
  })
  // The operator's offers (bonus cards and promotion codes): added, or changed by code.
  app.post('/bonuses', { schema: { body: bonuses.BonusOffers, response: { 200: C.MessageBody } } }, async (request) => {
    await bonuses.upsertOffers(ctx.db, request.body)
    return { message: 'OK' }
  })
  // The simulated provider's faults: down (refuses every call), latencyMs (answers that late),
  // dropsAnswers (does a transfer, then the connection drops before the answer).
  const faults = Type.Object({
    down: Type.Optional(Type.Boolean()),
    latencyMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 120_000 })),
    dropsAnswers: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false, minProperties: 1 })
  app.post('/games/:code', { schema: { params: code, body: faults, response: { 200: C.MessageBody } } }, async (request) => {
    if (!(await games.setProviderFaults(ctx.db, request.params.code, request.body))) throw fail(404, 'NO_GAME')
    return { message: 'OK' }
  })
}
