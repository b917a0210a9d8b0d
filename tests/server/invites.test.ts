// @vitest-environment node
// The invite bonus (spec 7 "Invite and refund", spec 6, spec 8 invite codes): friends' play waits
// as turnover, collect gathers it into the bonus earned from each friend, receive moves it into
// the wallet once; the operator's rule (the `invite` setting) turns it off or changes its type.
import { describe, expect, it } from 'vitest'
import type { InviteListResponse, WalletResponse } from '../../contract'
import { checkBooks } from '../../server/wallet/books'
import { DEMO_START_MINOR } from './depositHelpers'
import { type TestServer, call, expectError, login, onDemoServer, registration } from './helpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const get = (path: string, as = token, headers?: Record<string, string>) => call(server.app, 'GET', path, { token: as, headers })
const dev = (path: string, body: unknown) => call(server.app, 'POST', path, { body })
const wallet = async (as = token) => (await get('/api/wallet', as)).body as unknown as WalletResponse
const invites = async () => (await call(server.app, 'POST', '/api/invite', { token, body: { page: 1, limit: 10 } })).body as unknown as InviteListResponse

/** A friend who registered with the demo member's code and opened PG (or no game, `opens` false). */
async function friend(n: number, opens = true): Promise<string> {
  expect((await dev('/dev/settings', { registerOTP: false })).status).toBe(200)
  const phone = `089100000${n}`
  const body = registration({ username: phone, bankAccountNo: `557000000${n}`, name: `Friend ${n}`, inviteCode: 'PR123' })
  expect((await call(server.app, 'POST', '/api/account', { body })).status).toBe(201)
  const friendToken = await login(server.app, phone, body.password)
  if (opens) expect((await get('/api/wallet/activate/PG', friendToken)).status).toBe(200)
  return phone
}
const play = (phone: string, amount: string) => dev('/dev/games/PG/rounds', { username: phone, amount, refundPercent: 0 })

describe('the invite bonus', () => {
  it('counts each friend once on the wallet: those with a game account, however many, and those with none yet', async () => {
    const first = await friend(1)
    await friend(2)
    await friend(3, false)
    expect((await get('/api/wallet/activate/JOKER', await login(server.app, first, registration().password))).status).toBe(200)
    expect((await wallet()).invite).toEqual({ amount: 0, success: 2, fail: 1 })
  })

  it("grows with friends' play once collected, and is received into the wallet once", async () => {
    expect(await get('/api/invite/collect')).toMatchObject(expectError(400, 'NO_INVITEE_PLAY_INFO'))
    const first = await friend(1)
    const second = await friend(2)
    expect((await play(first, '100')).status).toBe(200)
    expect((await play(first, '50')).status).toBe(200)
    expect((await play(second, '30.99')).status).toBe(200)
    // Nothing is earned until collected.
    expect((await wallet()).invite).toEqual({ amount: 0, success: 2, fail: 0 })

    expect((await get('/api/invite/collect')).body).toEqual({ message: 'SUCCESS' })
    // 1 % of 150 = 1.50 from the first; 1 % of 30.99 = 0.30 (rounded down) from the second.
    expect((await wallet()).invite).toEqual({ amount: 1.8, success: 2, fail: 0 })
    expect((await invites()).invites.map((invite) => [invite.from.name, invite.amount])).toEqual([['FRIEND 2', 0.3], ['FRIEND 1', 1.5]])
    expect(await get('/api/invite/collect')).toMatchObject(expectError(400, 'INVITE_COLLECT'))

    const key = { 'idempotency-key': 'invite-bonus-1' }
    const [a, b] = await Promise.all([get('/api/invite/bonus', token, key), get('/api/invite/bonus', token, key)])
    expect(a.body).toEqual({ message: 'INVITE_BONUS_SUCCESS' })
    expect(b.body).toEqual(a.body)
    expect((await wallet()).wallet.amount).toBe(DEMO_START_MINOR / 100 + 1.8)
    expect((await wallet()).invite.amount).toBe(0)
    expect(await get('/api/invite/bonus')).toMatchObject(expectError(400, 'NO_INVITE_BONUS'))
    // The list keeps what each friend earned in all.
    expect((await invites()).invites.map((invite) => invite.amount)).toEqual([0.3, 1.5])
    expect(await checkBooks(server.app.serverContext.db)).toMatchObject({ balanced: true, negativeMemberAccounts: 0 })
  })

  it("follows the operator's rule: a percent, a type, off", async () => {
    const phone = await friend(3)
    expect((await dev('/dev/settings', { invite: { active: true, type: 'turnover', isXArea: false, percent: 2.5 } })).status).toBe(200)
    expect((await play(phone, '200')).status).toBe(200)
    expect((await get('/api/invite/collect')).status).toBe(200)
    expect((await wallet()).invite.amount).toBe(5)

    expect((await dev('/dev/settings', { invite: { active: true, type: 'member', isXArea: false, percent: 2.5 } })).status).toBe(200)
    expect(await invites()).toMatchObject({ type: 'member', isXArea: false })
    expect(await get('/api/invite/collect')).toMatchObject(expectError(400, 'INVITE_INACTIVE'))
    expect((await dev('/dev/settings', { invite: { active: true, type: 'turnover', isXArea: true, percent: 2.5 } })).status).toBe(200)
    expect(await invites()).toMatchObject({ type: 'turnover', isXArea: true })
    expect(await get('/api/invite/collect')).toMatchObject(expectError(400, 'INVITE_INACTIVE'))

    expect((await dev('/dev/settings', { invite: { active: false, type: 'turnover', isXArea: false, percent: 2.5 } })).status).toBe(200)
    expect(await get('/api/invite/bonus')).toMatchObject(expectError(400, 'INVITE_INACTIVE'))
    // A rule that is not whole, or a percent out of range, is refused.
    expect((await dev('/dev/settings', { invite: { active: true } })).status).toBe(400)
    expect((await dev('/dev/settings', { invite: { active: true, type: 'turnover', isXArea: false, percent: 101 } })).status).toBe(400)
  })

  it("a member's own play earns the inviter, not the member", async () => {
    const phone = await friend(4)
    expect((await play(phone, '100')).status).toBe(200)
    expect((await get('/api/wallet/activate/PG')).status).toBe(200)
    expect((await play('0812345678', '900')).status).toBe(200)
    expect((await get('/api/invite/collect')).status).toBe(200)
    // 1 % of the friend's 100; the member's own 900 earns nothing.
    expect((await wallet()).invite.amount).toBe(1)
    const friendToken = await login(server.app, phone, 'secret99')
    expect(await get('/api/invite/collect', friendToken)).toMatchObject(expectError(400, 'NO_INVITEE_PLAY_INFO'))
  })
})
