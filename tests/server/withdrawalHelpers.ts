// Shared by the withdrawal tests: requesting, settling (the operator's stand-in) and changing the
// payout bank account, through the HTTP routes.
import type { FastifyInstance } from 'fastify'
import type { UpdateProfileRequest } from '../../contract'
import { accountBalance, type HouseAccount } from '../../server/shared/ledger'
import { call } from './helpers'

/** The demo member's account after `changeBank` with no body. */
export const NEW_ACCOUNT = { bankCode: 'SCB', bankAccountName: 'DEMO PLAYER', bankAccountNo: '5556667778' }

export const withdraw = (app: FastifyInstance, token: string, amount: unknown, path = '/api/wallet/withdrawAll') =>
  call(app, 'POST', path, { token, body: { amount } })

export const settle = (app: FastifyInstance, id: string, status: 'paid' | 'failed') =>
  call(app, 'POST', `/dev/withdrawals/${id}`, { body: { status } })

/** PUT /api/account/profile; without a body, the demo member moves to NEW_ACCOUNT. */
export const changeBank = (app: FastifyInstance, token: string, body: UpdateProfileRequest = { name: 'DEMO PLAYER', ...NEW_ACCOUNT }) =>
  call(app, 'PUT', '/api/account/profile', { token, body })

export async function houseBalance(app: FastifyInstance, house: HouseAccount, currency: string): Promise<number> {
  return (await accountBalance(app.serverContext.db, { house, currency })) ?? 0
}
