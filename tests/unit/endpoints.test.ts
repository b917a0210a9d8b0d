// @vitest-environment node
// The endpoint descriptors (issue 16): the server registers each route from its descriptor and the
// app calls it through the same one. At compile time a route's schemas must agree with its
// descriptor's types (the @ts-expect-error lines fail `npm run typecheck` the day they compile);
// at run time every descriptor is a route the server has, with its method and path.
import { describe, expect, it } from 'vitest'
import * as C from '../../contract'
import { fillPath } from '../../contract/endpoint'
import { accountEndpoints as A } from '../../contract/account'
import { authEndpoints as AU } from '../../contract/auth'
import { otpEndpoints as O } from '../../contract/otp'
import { gameEndpoints as G } from '../../contract/games'
import { identityEndpoints as I } from '../../contract/identity'
import { depositEndpoints as D } from '../../contract/deposit'
import { bonusEndpoints as B } from '../../contract/bonus'
import { chatEndpoints as CH } from '../../contract/chat'
import { memberLookupEndpoints as ML, publicLookupEndpoints as PL } from '../../contract/lookup'
import { notificationEndpoints as N } from '../../contract/notifications'
import { rewardEndpoints as R } from '../../contract/rewards'
import { spinEndpoints as S } from '../../contract/spin'
import { statementEndpoints as T } from '../../contract/statement'
import { walletEndpoints as W } from '../../contract/wallet'
import { ACTIVE_PATH, WALLET_PATH } from '../../src/api/early'
import { routeOf } from '../../server/shared/http/endpoint'
import type { call } from '../../src/api/call'
import { registeredRoutes } from '../contractRoutes'

const AREAS = { wallet: W, bonus: B, rewards: R, spin: S, auth: AU, otp: O, identity: I, account: A, publicLookups: PL, memberLookups: ML, deposit: D, games: G, statement: T, chat: CH, notifications: N }

/**
 * Routes under /api/ that are not calls of the app: the slip image an <img> loads by its
 * unguessable token (no JSON, no bearer header). Every other route has a descriptor.
 */
const NOT_CALLS = ['GET /api/wallet/slip/image/:token']

/** A route as `METHOD /path`, without a trailing slash (the server ignores it; spec 7 writes /api/chat/read-customer/ with one). */
const routeKey = (method: string, path: string) => `${method} ${path.replace(/\/$/, '')}`

describe('endpoint descriptors', () => {
  it('are each a route the server registers, with the same method and path', async () => {
    const registered = new Set((await registeredRoutes()).map(({ method, path }) => routeKey(method, path)))
    const missing = Object.entries(AREAS).flatMap(([area, endpoints]) =>
      Object.entries(endpoints).filter(([, endpoint]) => !registered.has(routeKey(endpoint.method, endpoint.path))).map(([name, e]) => `${area}.${name}: ${e.method} ${e.path}`),
    )
    expect(missing).toEqual([])
    // The check can fail: a path the server lacks is not registered.
    expect(registered.has('GET /api/wallet/no-such-route')).toBe(false)
  })

  it('cover every route of the API the app calls', async () => {
    const described = new Set(Object.values(AREAS).flatMap((endpoints) => Object.values(endpoints).map((e) => routeKey(e.method, e.path))))
    const undescribed = (await registeredRoutes())
      .map(({ method, path }) => routeKey(method, path))
      // HEAD is Fastify's own beside each GET.
      .filter((route) => route.includes(' /api/') && !route.startsWith('HEAD ') && !described.has(route))
    expect([...new Set(undescribed)].sort()).toEqual(NOT_CALLS)
  })

  it('fill their path parameters, encoded, and refuse a missing one', () => {
    expect(fillPath(G.activate.path, { slotCode: 'PG' })).toBe('/api/wallet/activate/PG')
    expect(fillPath(G.activate.path, { slotCode: 'A/B C' })).toBe('/api/wallet/activate/A%2FB%20C')
    expect(() => fillPath(G.activate.path, {})).toThrow(/slotCode/)
  })

  it('place a route at the path and method its descriptor gives, with its schemas', () => {
    const schema = { body: C.TransferRequest, response: { 200: C.TransferResponse } }
    expect(routeOf(W.transfer, schema)).toEqual({ method: 'POST', url: '/api/wallet/transfer', schema })
    expect(routeOf(W.wallet, { response: { 200: C.WalletResponse } })).toMatchObject({ method: 'GET', url: '/api/wallet' })
  })

  it('give the prepaint script the wallet path the app calls', () => {
    expect(WALLET_PATH).toBe(W.wallet.path)
    expect(ACTIVE_PATH).toBe(PL.active.path)
  })

  it('refuse, at compile time, schemas that disagree with the descriptor', () => {
    const typeChecks = () => {
      routeOf(W.transfer, { body: C.TransferRequest, response: { 200: C.TransferResponse } })
      // @ts-expect-error the reply schema is another route's
      routeOf(W.transfer, { body: C.TransferRequest, response: { 200: C.WithdrawResponse } })
      // @ts-expect-error the body schema is missing
      routeOf(W.transfer, { response: { 200: C.TransferResponse } })
      // @ts-expect-error the params schema is missing
      routeOf(G.activate, { response: { 200: C.MessageBody } })
      // @ts-expect-error a body where the descriptor has none
      routeOf(W.wallet, { body: C.TransferRequest, response: { 200: C.WalletResponse } })
      const app = null as unknown as typeof call
      void app(W.transfer, { body: { from: 'WALLET', to: 'PG', amount: 1 } })
      // @ts-expect-error a transfer needs its body
      void app(W.transfer)
      // @ts-expect-error the activate route needs its slot code
      void app(G.activate, {})
    }
    expect(typeChecks).toBeTypeOf('function')
  })
})
