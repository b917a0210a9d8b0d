// The games area's routes (spec 7 "Wallet" and "Auto-login"): a game account opened, its
// credentials and a new password, the auto-login links, the demo game page those links open, and
// the dev stand-in for a provider's faults.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import * as C from '../../contract'
import { gameEndpoints as G } from '../../contract/games'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { accountBalance } from '../shared/ledger'
import { toMajor } from '../shared/money'
import { sha256 } from '../shared/tokens'
import * as repo from './repo'
import { DEMO_GAME_PATH } from './providers'
import * as service from './service'
import { gamesDevRoutes } from './devRoutes'

const credentials = { 200: C.GameCredentials }

/** A member's game accounts, and their auto-login links. */
const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  const slot = { params: C.SlotCodeParams }
  app.route({
    ...routeOf(G.activate, { ...slot, response: { 200: C.MessageBody } }),
    handler: async (request) => {
      await service.activateGame(ctx, request.member, request.params.slotCode)
      return { message: 'SUCCESS' }
    },
  })
  app.route({
    ...routeOf(G.credentials, { ...slot, response: credentials }),
    handler: async (request) => service.gameCredentials(ctx, request.member, request.params.slotCode),
  })
  app.route({
    ...routeOf(G.resetPassword, { ...slot, response: credentials }),
    handler: async (request) => service.resetGamePassword(ctx, request.member, request.params.slotCode),
  })

  const link = { 200: C.AutoLoginResponse }
  const absolute = (request: { protocol: string; host: string }, path: string) => `${request.protocol}://${request.host}${path}`
  app.route({
    ...routeOf(G.autoLogin, { params: C.AutoLoginParams, response: link }),
    handler: async (request) => ({
      link: absolute(request, await service.autoLoginPath(ctx, request.member, request.params.game, request.params.username)),
    }),
  })
  app.route({
    ...routeOf(G.autoLoginWithPassword, { params: C.AutoLoginPasswordParams, response: link }),
    handler: async (request) => {
      const { game, username, password } = request.params
      return { link: absolute(request, await service.autoLoginPath(ctx, request.member, game, username, password)) }
    },
  })
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function demoPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}

const LaunchTokenParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }) })

/**
 * /demo-game/:token: what an auto-login link opens in the reference server, standing in for the
 * provider's game: the game's name and the member's balance there. No script; the token is
 * short-lived and only its hash is stored.
 */
const demoGameRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.get(`${DEMO_GAME_PATH}/:token`, { schema: { params: LaunchTokenParams } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store')
    const launch = await repo.findLaunch(ctx.db, sha256(request.params.token))
    if (!launch || launch.expiresAt < ctx.now()) {
      return reply.code(410).send(demoPage('Link expired', '<p>This game link has expired. Open the game again from the wallet.</p>'))
    }
    const game = await repo.findGame(ctx.db, launch.gameCode)
    const minor = (await accountBalance(ctx.db, { game: launch.gameCode, memberId: launch.memberId })) ?? 0
    const balance = toMajor(minor).toFixed(2)
    return reply.send(demoPage(game?.name ?? launch.gameCode, `<p>Demo game. Balance: <strong data-testid="game-balance">${balance}</strong></p>`))
  })
}

/** The simulated provider's faults: down (refuses every call), latencyMs (answers that late),
 *  dropsAnswers (does a transfer, then the connection drops before the answer). */

export const gamesArea: AreaRoutes = { open: demoGameRoutes, member: memberRoutes, dev: gamesDevRoutes }
