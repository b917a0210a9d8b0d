// @vitest-environment node
// Issue 52 §3: no staff action changes a balance directly. A correction of a member's wallet is
// proposed by one admin and applied by another, as one ledger movement of its own kind against the
// house's adjustments account; its maker cannot apply it, it is decided once, a debit the wallet
// cannot cover moves nothing, and only admins take part. Race: two admins applying at once, on
// PostgreSQL from two instances with both writes queued together.
import { describe, expect, it } from 'vitest'
import type { Correction, MemberDetail } from '../../contract/ops'
import { checkBooks } from '../../server/wallet/books'
import { balanceOf, DEMO_MEMBER_ID, DEMO_START_MINOR } from './depositHelpers'
import { type TestServer, call, expectError, login, onPostgres, startInstances, withWritesHeld, serversClosedAfterEach } from './helpers'
import { auditOf, staffSession } from './opsHelpers'

const { servers, one } = serversClosedAfterEach()

type Body = Record<string, unknown>
const propose = (server: TestServer, token: string, body: Body, memberId = DEMO_MEMBER_ID) =>
  call(server.app, 'POST', `/ops/api/members/${memberId}/corrections`, { token, body })
const decide = (server: TestServer, token: string, id: string, status: 'applied' | 'refused', reason = 'checked against the bank') =>
  call(server.app, 'POST', `/ops/api/corrections/${id}`, { token, body: { status, reason } })
const corrections = (server: TestServer) =>
  server.app.serverContext.db.selectFrom('movements').select(['kind', 'reference', 'member_id']).where('kind', '=', 'correction').execute()

describe('a correction of a member wallet', () => {
  it('waits for a second admin; applied, it is one movement of its own kind, shown in the statement, audited with both names', async () => {
    const server = await one()
    const [a, b] = [await staffSession(server.app, 'admin'), await staffSession(server.app, 'admin')]
    const proposed = await propose(server, a.token, { direction: 'credit', amount: 150.25, reason: 'deposit booked short' })
    expect(proposed.status).toBe(200)
    const correction = proposed.body as unknown as Correction
    expect(correction).toMatchObject({
      member: { id: String(DEMO_MEMBER_ID), currency: 'THB' }, direction: 'credit', amount: 150.25, reason: 'deposit booked short',
      status: 'pending', madeBy: { id: String(a.id), username: a.username }, decidedBy: null, decidedAt: null,
    })
    // Nothing moved yet; the list and the member page show it waiting.
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
    expect((await call(server.app, 'GET', '/ops/api/corrections', { token: b.token })).body).toEqual({ corrections: [correction] })
    expect(((await call(server.app, 'GET', `/ops/api/members/${DEMO_MEMBER_ID}`, { token: b.token })).body as unknown as MemberDetail).corrections).toEqual([correction])

    // Its maker may not apply it.
    expect(await decide(server, a.token, correction.id, 'applied')).toMatchObject(expectError(409, 'SAME_APPROVER'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)

    const applied = await decide(server, b.token, correction.id, 'applied', 'bank statement line 14')
    expect(applied.status).toBe(200)
    expect(applied.body).toMatchObject({ status: 'applied', decidedBy: { id: String(b.id), username: b.username }, decisionReason: 'bank statement line 14' })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 150_25)
    expect(await corrections(server)).toEqual([{ kind: 'correction', reference: `correction:${correction.id}`, member_id: DEMO_MEMBER_ID }])
    expect((await checkBooks(server.app.serverContext.db)).balanced).toBe(true)
    // Once: neither a second application nor a refusal changes it.
    expect(await decide(server, b.token, correction.id, 'applied')).toMatchObject(expectError(409, 'ALREADY_DECIDED'))
    expect(await decide(server, a.token, correction.id, 'refused')).toMatchObject(expectError(409, 'ALREADY_DECIDED'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 150_25)
    expect((await call(server.app, 'GET', '/ops/api/corrections', { token: b.token })).body).toEqual({ corrections: [] })

    const trail = (await auditOf(server.app, `correction:${correction.id}`)).map((row) => [row.action, Number(row.staff_id), JSON.parse(row.after ?? 'null').reason])
    expect(trail).toEqual([['correction.propose', a.id, 'deposit booked short'], ['correction.apply', b.id, 'bank statement line 14']])

    // The member sees it as money in, by way of a correction.
    const member = await login(server.app)
    const statement = await call(server.app, 'POST', '/api/statement', { token: member, body: { page: 1, limit: 5 } })
    expect((statement.body.statements as Body[])[0]).toMatchObject({ statementType: 'deposit', from: 'correction', to: 'WALLET', amount: 150.25, status: 'SUCCESS' })
  })

  it('a debit the wallet cannot cover moves nothing and stays pending; its maker may take it back; a debit it can cover is money out', async () => {
    const server = await one()
    const [a, b] = [await staffSession(server.app, 'admin'), await staffSession(server.app, 'admin')]
    const tooMuch = (await propose(server, a.token, { direction: 'debit', amount: DEMO_START_MINOR / 100 + 0.01, reason: 'double credit' })).body as unknown as Correction
    expect(await decide(server, b.token, tooMuch.id, 'applied')).toMatchObject(expectError(400, 'MONEY_NOT_ENOUGH'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
    expect((await call(server.app, 'GET', '/ops/api/corrections', { token: b.token })).body).toMatchObject({ corrections: [{ id: tooMuch.id, status: 'pending' }] })
    expect((await decide(server, a.token, tooMuch.id, 'refused', 'wrong amount')).body).toMatchObject({ status: 'refused', decidedBy: { id: String(a.id) } })
    expect(await decide(server, b.token, tooMuch.id, 'applied')).toMatchObject(expectError(409, 'ALREADY_DECIDED'))
    expect(await corrections(server)).toEqual([])

    const debit = (await propose(server, a.token, { direction: 'debit', amount: 100, reason: 'double credit' })).body as unknown as Correction
    expect((await decide(server, b.token, debit.id, 'applied')).status).toBe(200)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR - 100_00)
    expect((await checkBooks(server.app.serverContext.db)).balanced).toBe(true)
    const member = await login(server.app)
    const statement = await call(server.app, 'POST', '/api/statement', { token: member, body: { page: 1, limit: 5, statementTypes: ['withdraw'] } })
    expect(statement.body.statements).toMatchObject([{ statementType: 'withdraw', from: 'WALLET', to: 'correction', amount: 100, status: 'SUCCESS' }])
  })

  it('only admins propose, decide or list; amounts are strict; a member who is not there is 404', async () => {
    const server = await one()
    const admin = await staffSession(server.app, 'admin')
    const pending = (await propose(server, admin.token, { direction: 'credit', amount: 10, reason: 'r' })).body as unknown as Correction
    for (const role of ['cashier', 'support'] as const) {
      const { token } = await staffSession(server.app, role)
      expect(await propose(server, token, { direction: 'credit', amount: 10, reason: 'r' })).toMatchObject(expectError(403, 'FORBIDDEN_ROLE'))
      expect(await decide(server, token, pending.id, 'applied')).toMatchObject(expectError(403, 'FORBIDDEN_ROLE'))
      expect(await call(server.app, 'GET', '/ops/api/corrections', { token })).toMatchObject(expectError(403, 'FORBIDDEN_ROLE'))
    }
    expect((await propose(server, admin.token, { direction: 'credit', amount: 10.001, reason: 'r' })).status).toBe(400)
    expect((await propose(server, admin.token, { direction: 'credit', amount: 0, reason: 'r' })).status).toBe(400)
    expect((await propose(server, admin.token, { direction: 'credit', amount: 10, reason: '  ' })).status).toBe(400)
    expect((await propose(server, admin.token, { direction: 'up', amount: 10, reason: 'r' })).status).toBe(400)
    expect(await propose(server, admin.token, { direction: 'credit', amount: 10, reason: 'r' }, 999_999)).toMatchObject(expectError(404, 'NO_DATA'))
    expect(await decide(server, admin.token, '999999', 'refused')).toMatchObject(expectError(404, 'NO_DATA'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
  })
})

describe(`two admins applying one correction at once${onPostgres() ? ' on two instances' : ''}`, () => {
  it('moves the money once: one applies, the other is told it was decided', async () => {
    await startInstances(servers)
    const on = (i: number) => servers[i % servers.length]
    const [maker, b, c] = [await staffSession(on(0).app, 'admin'), await staffSession(on(0).app, 'admin'), await staffSession(on(1).app, 'admin')]
    const correction = (await propose(on(0), maker.token, { direction: 'credit', amount: 500, reason: 'missing deposit' })).body as unknown as Correction
    // Both claims are queued on the table before either writes (PostgreSQL); on SQLite they go one after the other.
    const answers = await withWritesHeld(on(0).app.serverContext.db, 'corrections', 2, () =>
      Promise.all([decide(on(0), b.token, correction.id, 'applied'), decide(on(1), c.token, correction.id, 'applied')]))
    expect(answers.map((answer) => (answer.status === 200 ? 200 : answer.body.message)).sort()).toEqual([200, 'ALREADY_DECIDED'])
    expect(await balanceOf(on(0).app)).toBe(DEMO_START_MINOR + 500_00)
    expect(await corrections(on(0))).toHaveLength(1)
    expect((await auditOf(on(0).app, `correction:${correction.id}`)).filter((row) => row.action === 'correction.apply')).toHaveLength(1)
  })
})
