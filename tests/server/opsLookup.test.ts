// @vitest-environment node
// Issue 33, member lookup (duty lookup): a member found by phone (whole or its last 4 digits), bank
// account number or id, every number masked; a member's wallet, game balances, last movements and
// withdrawals still waiting; each lookup in the audit trail, a long query's digits masked there.
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_MEMBER_ID, DEMO_START_MINOR } from './depositHelpers'
import { type TestServer, call, expectError, login, registerMember, startServer } from './helpers'
import { requestWithdrawal, staffSession } from './opsHelpers'

let server: TestServer
afterEach(async () => {
  await server?.app.close()
})

const search = async (token: string, q: string) => {
  const answer = await call(server.app, 'GET', `/ops/api/members?q=${encodeURIComponent(q)}`, { token })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.members as { id: string; phone: string; bankAccountNo: string; balance: number; active: boolean; name: string }[]
}

const lookups = (app: TestServer['app']) =>
  app.serverContext.db.selectFrom('ops_audit').selectAll().where('action', '=', 'member.lookup').orderBy('id').execute()

describe('member lookup', () => {
  // Issue 47: on 3490fad support rebuilt a whole phone from its mask by searching ever longer endings (33 lookups).
  it('finds by exactly the last 4 digits, never a longer ending, and counts each staff member\'s lookups', async () => {
    server = await startServer({ limits: { memberLookupsPerStaff: 8 } })
    const support = await staffSession(server.app, 'support')
    expect((await search(support.token, '5678')).map((m) => m.id)).toEqual([String(DEMO_MEMBER_ID)])
    // Each longer ending would tell one more digit behind the mask: none matches.
    for (const ending of ['45678', '345678', '2345678', '12345678', '812345678']) expect(await search(support.token, ending), ending).toEqual([])
    expect((await search(support.token, '0812345678')).map((m) => m.id)).toEqual([String(DEMO_MEMBER_ID)])
    // Searches and member pages together: 8 an hour here (120 by default), then 429, for this person only.
    expect((await call(server.app, 'GET', `/ops/api/members/${DEMO_MEMBER_ID}`, { token: support.token })).status).toBe(200)
    const refused = await call(server.app, 'GET', '/ops/api/members?q=5678', { token: support.token })
    expect(refused).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await call(server.app, 'GET', `/ops/api/members/${DEMO_MEMBER_ID}`, { token: support.token })).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    const other = await staffSession(server.app, 'support')
    expect((await search(other.token, '5678')).map((m) => m.id)).toEqual([String(DEMO_MEMBER_ID)])
  })

  it('finds a member by phone, its last digits, bank account number or id, masked', async () => {
    server = await startServer()
    const support = await staffSession(server.app, 'support')
    await registerMember(server.app, { username: '0899999999', bankAccountNo: '9876543210' })
    const [demo] = await search(support.token, '0812345678')
    expect(demo).toEqual({
      id: String(DEMO_MEMBER_ID), phone: '08xxxxx678', name: expect.any(String), currency: 'THB', bankCode: expect.any(String),
      bankAccountNo: 'xxxxxx7890', active: true, createdAt: expect.any(String), balance: DEMO_START_MINOR / 100,
    })
    expect((await search(support.token, '5678')).map((m) => m.id)).toEqual([String(DEMO_MEMBER_ID)])
    expect((await search(support.token, '081-234-5678')).map((m) => m.id)).toEqual([String(DEMO_MEMBER_ID)])
    expect((await search(support.token, '1234567890')).map((m) => m.id)).toEqual([String(DEMO_MEMBER_ID)])
    expect((await search(support.token, String(DEMO_MEMBER_ID))).map((m) => m.id)).toEqual([String(DEMO_MEMBER_ID)])
    const other = await search(support.token, '9876543210')
    expect(other.map((m) => m.phone)).toEqual(['08xxxxx999'])
    expect(other[0].bankAccountNo).toBe('xxxxxx3210')
    // Nothing found, and no whole number anywhere in an answer.
    expect(await search(support.token, '0000')).toEqual([])
    expect(JSON.stringify(await search(support.token, '9999'))).not.toMatch(/0899999999|9876543210/)
    for (const q of ['', 'abc', '0812345678%', `1${'0'.repeat(40)}`]) {
      expect(await call(server.app, 'GET', `/ops/api/members?q=${encodeURIComponent(q)}`, { token: support.token })).toMatchObject({ status: 400 })
    }
  })

  it("shows a member's wallet, games, last movements and waiting withdrawals, masked, and records who looked", async () => {
    server = await startServer()
    const support = await staffSession(server.app, 'support')
    const member = await login(server.app)
    expect((await call(server.app, 'GET', '/api/wallet/activate/PG', { token: member })).status).toBe(200)
    expect((await call(server.app, 'POST', '/api/wallet/transfer', { token: member, body: { from: 'WALLET', to: 'PG', amount: 100 } })).status).toBe(200)
    const withdrawal = await requestWithdrawal(server.app, member, 200)

    const detail = await call(server.app, 'GET', `/ops/api/members/${DEMO_MEMBER_ID}`, { token: support.token, address: '192.0.2.9' })
    expect(detail.status, JSON.stringify(detail.body)).toBe(200)
    const body = detail.body as {
      member: { phone: string; bankAccountNo: string; balance: number; bankAccountName: string }
      games: { code: string; balance: number }[]
      movements: { kind: string; changes: { account: string; amount: number }[] }[]
      withdrawals: { id: string; status: string; destination: { bankAccountNo: string } }[]
    }
    expect(body.member).toMatchObject({ phone: '08xxxxx678', bankAccountNo: 'xxxxxx7890', balance: DEMO_START_MINOR / 100 - 300 })
    expect(body.games).toEqual([{ code: 'PG', balance: 100 }])
    expect(body.movements[0]).toMatchObject({ kind: 'withdraw', changes: [{ account: 'wallet', amount: -200 }] })
    expect(body.movements.find((m) => m.kind === 'transfer')?.changes).toEqual(expect.arrayContaining([{ account: 'wallet', amount: -100 }]))
    expect(body.movements.length).toBeLessThanOrEqual(10)
    expect(body.withdrawals).toEqual([expect.objectContaining({ id: withdrawal, status: 'requested', destination: expect.objectContaining({ bankAccountNo: 'xxxxxx7890' }) })])
    expect(JSON.stringify(detail.body)).not.toContain('1234567890')
    expect(await call(server.app, 'GET', '/ops/api/members/999999', { token: support.token })).toMatchObject(expectError(404, 'NO_DATA'))

    await search(support.token, '0812345678')
    await search(support.token, '5678')
    const rows = await lookups(server.app)
    expect(rows.map((row) => [row.staff_id, row.item, row.member_id])).toEqual([
      [support.id, `member:${DEMO_MEMBER_ID}`, DEMO_MEMBER_ID],
      [support.id, null, null],
      [support.id, null, null],
    ])
    expect(rows[0].address).toBe('192.0.2.9')
    // A whole phone searched is kept masked in the trail; a few last digits as typed.
    expect(JSON.parse(rows[1].after!)).toEqual({ q: 'xxxxxx5678', found: [String(DEMO_MEMBER_ID)] })
    expect(JSON.parse(rows[2].after!)).toEqual({ q: '5678', found: [String(DEMO_MEMBER_ID)] })
  })
})
