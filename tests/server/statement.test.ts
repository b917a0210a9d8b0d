// @vitest-environment node
// The statement (spec 2 "Statement", spec 3 "Statement entry", spec 7 "Statement", issue 17): a
// view of the ledger's movements and the slip, withdrawal, transfer and bonus rows, each activity
// once, in its state, paged newest first in a stable order. Runs on SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest'
import type { QrState, Slip, StatementEntry, StatementResponse, Withdrawal } from '../../contract'
import { jpeg } from './depositHelpers'
import { type TestServer, call, login, MINUTE, onDemoServer, registration } from './helpers'
import { settle as settleWithdrawal, withdraw } from './withdrawalHelpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const get = (path: string, as = token) => call(server.app, 'GET', path, { token: as })
const post = (path: string, body: unknown, as = token) => call(server.app, 'POST', path, { token: as, body })
const dev = (path: string, body?: unknown) => call(server.app, 'POST', path, { body })
const page = async (n: number, limit = 10, as = token) => {
  const answer = await post('/api/statement', { page: n, limit }, as)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as unknown as StatementResponse
}
/** Each step a minute after the last, so the newest-first order is the order of the steps. */
const later = () => server.advance(MINUTE)

async function uploadSlip(): Promise<Slip> {
  const response = await server.app.inject({
    method: 'POST', url: '/api/wallet/slip', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' }, payload: jpeg(),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Slip
}

/** Every kind of activity the demo member can have, one minute apart; the rows expected, newest first. */
async function everyActivity(): Promise<Partial<StatementEntry>[]> {
  const approved = await uploadSlip()
  expect((await dev(`/dev/slips/${approved.reference}`, { status: 'success', amount: 300 })).status).toBe(200)
  later()
  const rejected = await uploadSlip()
  expect((await dev(`/dev/slips/${rejected.reference}`, { status: 'failed', note: 'DEST_ACC_INVALID' })).status).toBe(200)
  later()
  const waiting = await uploadSlip()
  later()
  const qr = (await post('/api/qrcode/KBANK', { amount: 50 })).body as unknown as QrState
  expect((await dev(`/dev/qrcode/${qr.qrcodeId}/pay`)).status).toBe(200)
  later()
  expect((await get('/api/wallet/activate/PG')).status).toBe(200)
  expect((await post('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 })).status).toBe(200)
  later()
  expect((await post('/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 100 })).status).toBe(200)
  later()
  const paid = (await withdraw(server.app, token, 200)).body.withdrawal as Withdrawal
  expect((await settleWithdrawal(server.app, paid.id, 'paid')).status).toBe(200)
  later()
  const failed = (await withdraw(server.app, token, 150)).body.withdrawal as Withdrawal
  expect((await settleWithdrawal(server.app, failed.id, 'failed')).status).toBe(200)
  later()
  expect((await withdraw(server.app, token, 120)).status).toBe(200)
  later()
  expect((await dev('/dev/refunds', { username: '0812345678', amount: 12 })).status).toBe(200)
  expect((await get('/api/refund/receive')).status).toBe(200)
  later()
  const wheel = { name: 'Test wheel', coinPerDepositMinor: 100_00, couponDays: 7, slices: [{ code: 'WIN', label: '7 baht', bgColor: '#112233', textColor: '#ffffff', weight: 1, amountMinor: 7_00 }, { code: 'LOSE', label: 'Nothing', bgColor: '#112233', textColor: '#ffffff', weight: 0, amountMinor: 0 }] }
  expect((await dev('/dev/settings', { spinActive: true, spin: wheel })).status).toBe(200)
  expect((await dev('/dev/coins', { username: '0812345678', coins: 1 })).status).toBe(200)
  expect((await post('/api/spinwheel/spin', {})).status).toBe(200)
  const [coupon] = (await get('/api/spinwheel/coupon')).body as unknown as { _id: string }[]
  expect((await post('/api/spinwheel/coupon/claim', { coupon: coupon._id })).status).toBe(200)
  later()
  // An invited friend's play, collected and received.
  expect((await dev('/dev/settings', { registerOTP: false })).status).toBe(200)
  const friend = registration({ username: '0891000001', bankAccountNo: '5570000001', name: 'Friend', inviteCode: 'PR123' })
  expect((await call(server.app, 'POST', '/api/account', { body: friend })).status).toBe(201)
  expect((await get('/api/wallet/activate/PG', await login(server.app, friend.username, friend.password))).status).toBe(200)
  expect((await dev('/dev/games/PG/rounds', { username: friend.username, amount: '500', refundPercent: 0 })).status).toBe(200)
  expect((await get('/api/invite/collect')).status).toBe(200)
  expect((await get('/api/invite/bonus')).status).toBe(200)
  later()
  expect((await get('/api/bonus/activate/DAILY10')).status).toBe(200)
  later()
  // Cancelled with 40 left in PG: the end removes it.
  expect((await post('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 50 })).status).toBe(200)
  // A lost round (play is not a statement row) brings the balance under the cancel threshold.
  await server.app.serverContext.db.updateTable('user_bonuses').set({ percent_fail: 100 }).execute()
  expect((await dev('/dev/games/PG/rounds', { username: '0812345678', amount: '-10', refundPercent: 0 })).status).toBe(200)
  later()
  expect((await get('/api/bonus/clear')).status, 'the bonus cancels').toBe(200)

  const wallet = { to: 'WALLET' }
  return [
    { statementType: 'finish_bonus', status: 'SUCCESS', amount: 40, bonus: { description: expect.any(String) } },
    { statementType: 'transfer', status: 'SUCCESS', amount: 50, from: 'WALLET', to: 'PG' },
    { statementType: 'bonus', status: 'SUCCESS', bonus: { description: expect.any(String) }, ...wallet },
    { statementType: 'bonus', status: 'SUCCESS', amount: 5, invite: { description: '' }, ...wallet },
    { statementType: 'bonus', status: 'SUCCESS', amount: 7, luckydraw: { description: 'Test wheel: 7 baht' }, ...wallet },
    { statementType: 'bonus', status: 'SUCCESS', amount: 12, refund: { description: '' }, ...wallet },
    { statementType: 'withdraw', status: 'PROCESSING', amount: 120, from: 'WALLET', to: 'KBANK', destination: { bankCode: 'KBANK', bankAccountName: 'DEMO PLAYER', bankAccountNo: 'xxxxxx7890' } },
    { statementType: 'withdraw', status: 'FAILED', amount: 150, reference: `W${failed.id}` },
    { statementType: 'withdraw', status: 'SUCCESS', amount: 200, reference: `W${paid.id}` },
    { statementType: 'transfer', status: 'SUCCESS', amount: 100, from: 'PG', to: 'WALLET' },
    { statementType: 'transfer', status: 'SUCCESS', amount: 100, from: 'WALLET', to: 'PG' },
    { statementType: 'deposit', status: 'SUCCESS', amount: 50, from: 'qrcode', ...wallet },
    { statementType: 'deposit', status: 'PROCESSING', amount: 0, from: 'slip', reference: waiting.reference, note: null },
    { statementType: 'deposit', status: 'FAILED', amount: 0, from: 'slip', reference: rejected.reference, note: 'DEST_ACC_INVALID' },
    { statementType: 'deposit', status: 'SUCCESS', amount: 300, from: 'slip', reference: approved.reference },
    // The demo member's opening deposit (seed).
    { statementType: 'deposit', status: 'SUCCESS', amount: 1500, from: null, currency: 'THB' },
  ]
}

describe('POST /api/statement', () => {
  it('shows each activity once, in its state and with what it came from, newest first', async () => {
    const expected = await everyActivity()
    const { total, statements } = await page(1, 100)
    expect(total).toBe(expected.length)
    expect(statements).toHaveLength(expected.length)
    statements.forEach((row, i) => expect(row, `row ${i}`).toMatchObject(expected[i]))
    expect(new Set(statements.map((row) => row.reference)).size).toBe(statements.length)
    // A slip's credit, a withdrawal's settlement and a transfer's finish are not rows of their own.
    const movements = await server.app.serverContext.db.selectFrom('movements').select('kind').where('member_id', '=', 123).execute()
    const kinds = new Set(movements.map((m) => m.kind))
    for (const kind of ['deposit', 'withdraw', 'withdraw_paid', 'withdraw_return', 'transfer', 'transfer_settled', 'bonus', 'finish_bonus', 'refund', 'invite_bonus', 'spin_prize']) {
      expect(kinds, kind).toContain(kind)
    }
  })

  it('pages by the limit in a stable order, however many rows share a time', async () => {
    // Nothing advances the clock: every row has the same time.
    for (let i = 0; i < 4; i += 1) expect((await uploadSlip()).reference).toBeTruthy()
    for (let i = 0; i < 3; i += 1) expect((await withdraw(server.app, token, 100)).status).toBe(200)
    const whole = await page(1, 100)
    expect(whole.total).toBe(8)
    const pages = [await page(1, 3), await page(2, 3), await page(3, 3)]
    expect(pages.map((p) => p.total)).toEqual([8, 8, 8])
    expect(pages.map((p) => p.statements.length)).toEqual([3, 3, 2])
    expect(pages.flatMap((p) => p.statements)).toEqual(whole.statements)
    expect((await page(4, 3)).statements).toEqual([])
    expect((await page(2, 3)).statements).toEqual(pages[1].statements)
  })

  it('filters by statement type, keeping the order and counting only what it keeps (issue 51)', async () => {
    const expected = await everyActivity()
    const only = async (statementTypes: string[]) => {
      const answer = await post('/api/statement', { page: 1, limit: 100, statementTypes })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body as unknown as StatementResponse
    }
    for (const types of [['withdraw'], ['bonus', 'finish_bonus'], ['deposit'], ['transfer']]) {
      const kept = expected.filter((row) => types.includes(row.statementType as string))
      const { total, statements } = await only(types)
      expect(total, types.join()).toBe(kept.length)
      statements.forEach((row, i) => expect(row, `${types.join()} row ${i}`).toMatchObject(kept[i]))
    }
    // A page of a filtered statement pages within what the filter keeps.
    const second = await post('/api/statement', { page: 2, limit: 2, statementTypes: ['deposit'] })
    expect(second.body).toMatchObject({ total: 5, statements: [expected.filter((row) => row.statementType === 'deposit')[2], expected.filter((row) => row.statementType === 'deposit')[3]] })
    for (const statementTypes of [[], ['loan'], ['deposit', 'deposit']]) {
      expect((await post('/api/statement', { page: 1, limit: 10, statementTypes })).status, JSON.stringify(statementTypes)).toBe(400)
    }
  })

  it("filters by month in the operator's zone: 23:59:59 and 00:00:00 Bangkok land in their own months", async () => {
    // 2025-01-31 23:59:59 in Bangkok (UTC+7) is 16:59:59 UTC; a second later it is February there.
    server.setTime(Date.UTC(2025, 0, 31, 16, 59, 59))
    token = await login(server.app)
    const reference = async () => `W${((await withdraw(server.app, token, 100)).body.withdrawal as Withdrawal).id}`
    const january = await reference()
    server.advance(1_000)
    const february = await reference()
    const month = async (value: string) => {
      const answer = await post('/api/statement', { page: 1, limit: 100, month: value, statementTypes: ['withdraw'] })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return (answer.body as unknown as StatementResponse).statements.map((row) => row.reference)
    }
    expect(await month('2025-01')).toEqual([january])
    expect(await month('2025-02')).toEqual([february])
    expect(await month('2025-03')).toEqual([])
    for (const bad of ['2026-13', '2026-1', '26-10', '2026-10-01']) {
      expect((await post('/api/statement', { page: 1, limit: 10, month: bad })).status, bad).toBe(400)
    }
  })

  it("lists only the member's own rows, and refuses a page out of bounds", async () => {
    expect((await dev('/dev/settings', { registerOTP: false })).status).toBe(200)
    const other = registration({ username: '0891000002', bankAccountNo: '5570000002', name: 'Other' })
    expect((await call(server.app, 'POST', '/api/account', { body: other })).status).toBe(201)
    const otherToken = await login(server.app, other.username, other.password)
    await uploadSlip()
    expect(await page(1, 10, otherToken)).toEqual({ total: 0, statements: [] })
    expect((await post('/api/statement', { page: 0, limit: 10 })).status).toBe(400)
    expect((await post('/api/statement', { page: 1, limit: 101 })).status).toBe(400)
    expect((await call(server.app, 'POST', '/api/statement', { body: { page: 1, limit: 10 } })).status).toBe(401)
  })
})
