// @vitest-environment node
// The screen tests' fake answers are checked against the server's routes (tests/contractRoutes.ts):
// the check itself must be able to say no.
import { describe, expect, it } from 'vitest'
import { contractProblem, requestProblem } from '../contractRoutes'

const wallet = { message: 'SUCCESS', withdrawal: { id: 'w1', amount: 100, currency: 'THB', status: 'requested', createdAt: '2026-01-01T00:00:00Z', destination: { bankCode: 'KBANK', bankAccountName: 'A', bankAccountNo: '1' } }, wallet: { amount: 0, currency: 'THB' } }

describe('the contract check of fake answers', () => {
  it('passes an answer the server could send', async () => {
    expect(await contractProblem('POST', '/api/wallet/withdrawAll', 200, wallet)).toBeUndefined()
    expect(await contractProblem('GET', '/api/wallet/activate/JOKER', 200, { message: 'SUCCESS' })).toBeUndefined()
  }, 30_000)

  it('names a missing field, a wrong literal and a path the server does not have', async () => {
    const { destination: _, ...withoutDestination } = wallet.withdrawal
    expect(await contractProblem('POST', '/api/wallet/withdrawAll', 200, { ...wallet, withdrawal: withoutDestination }))
      .toMatch(/withdrawAll's reply schema .*destination/)
    expect(await contractProblem('POST', '/api/otp/verify', 200, { code: 'otp_code_valid' })).toMatch(/otp\/verify/)
    expect(await contractProblem('GET', '/api/statements', 200, {})).toBe('GET /api/statements: the server has no such route')
    expect(await contractProblem('DELETE', '/api/wallet', 200, {})).toMatch(/no such route/)
  }, 30_000)

  it('checks an error body the route does not describe against the shape of every error (issue 48)', async () => {
    expect(await contractProblem('POST', '/api/wallet/withdrawAll', 400, { message: 'MONEY_NOT_ENOUGH' })).toBeUndefined()
    expect(await contractProblem('POST', '/api/wallet/withdrawAll', 500, { error: 'boom' })).toMatch(/withdrawAll's reply schema .*message/)
    expect(await contractProblem('GET', '/api/wallet', 401, 'Unauthorized')).toMatch(/reply schema/)
  }, 30_000)
})

describe("the contract check of the app's requests (issue 48)", () => {
  it("passes a body the route takes, and names what it would refuse", async () => {
    expect(await requestProblem('POST', '/api/login', { username: '0812345678', password: 'demo1234' })).toBeUndefined()
    expect(await requestProblem('POST', '/api/login', { username: 812345678, password: 'demo1234' })).toMatch(/login's body schema .*username/)
    expect(await requestProblem('POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG' })).toMatch(/transfer's body schema .*amount/)
    expect(await requestProblem('POST', '/api/nowhere', {})).toMatch(/no such route/)
  }, 30_000)
})
