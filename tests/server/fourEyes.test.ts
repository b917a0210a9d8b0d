// @vitest-environment node
// Issue 47 §5, the four-eyes rule. On 3490fad one cashier approved a blank picture for ฿9,999,999.99
// and then marked that member's ฿50,000 withdrawal paid. Now a credit or a payout above the admin's
// threshold is decided by two people, and nobody credits and pays out the same member within the
// admin's window. Races: on PostgreSQL two instances, the two decisions held until both have read.
import { describe, expect, it } from 'vitest'
import { slipStillProcessing } from '../../server/deposit/repo'
import { fourEyes } from '../../server/ops/approvals'
import { sql } from 'kysely'
import { LOCKS } from '../../server/shared/db'
import { type TestServer, HOUR, barrier, call, expectError, holdLock, login, onPostgres, registerMember, startInstances, serversClosedAfterEach, withWritesHeld } from './helpers'
import { balanceOf, DEMO_MEMBER_ID, DEMO_START_MINOR } from './depositHelpers'
import { auditOf, requestWithdrawal, STAFF_PASSWORD, staffSession, totpCode, uploadSlip } from './opsHelpers'

const { servers, one } = serversClosedAfterEach()

const approve = (server: TestServer, token: string, reference: string, amount: number, refNo?: string) =>
  call(server.app, 'POST', `/ops/api/slips/${reference}`, { token, body: { status: 'success', amount, ...(refNo ? { refNo } : {}) } })
const pay = (server: TestServer, token: string, id: string, bankReference: string) =>
  call(server.app, 'POST', `/ops/api/withdrawals/${id}`, { token, body: { status: 'paid', bankReference } })
const actions = async (server: TestServer, item: string) => (await auditOf(server.app, item)).map((row) => [row.action, row.staff_id])

/** One instance, or two on PostgreSQL (`on(i)` alternates), the demo member signed in and a cashier. */
async function cashierOnInstances() {
  await startInstances(servers)
  const on = (i: number) => servers[i % servers.length]
  const member = await login(on(0).app)
  const cashier = await staffSession(on(0).app, 'cashier')
  return { on, member, cashier }
}

describe('a credit above the threshold', () => {
  it('waits for a second person, who must confirm the same decision: then it is credited once, both named', async () => {
    const server = await one()
    const member = await login(server.app)
    const reference = await uploadSlip(server.app, member)
    const [a, b, c] = [await staffSession(server.app, 'cashier'), await staffSession(server.app, 'cashier'), await staffSession(server.app, 'admin')]

    const first = await approve(server, a.token, reference, 9_999_999.99, 'KB1')
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ awaitingSecond: { by: { id: String(a.id), username: a.username }, amount: 9_999_999.99, currency: 'THB', reference: 'KB1', at: expect.any(String) } })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
    const queue = await call(server.app, 'GET', '/ops/api/slips', { token: b.token })
    expect(queue.body.slips).toEqual([expect.objectContaining({ reference, approval: expect.objectContaining({ by: { id: String(a.id), username: a.username }, amount: 9_999_999.99 }) })])
    // The first person cannot be the second.
    expect(await approve(server, a.token, reference, 9_999_999.99, 'KB1')).toMatchObject(expectError(409, 'SAME_APPROVER'))
    // Another person reading another amount does not confirm: theirs is now the one waiting.
    expect((await approve(server, b.token, reference, 25_000, 'KB1')).body).toMatchObject({ awaitingSecond: { by: { username: b.username }, amount: 25_000 } })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
    const confirmed = await approve(server, c.token, reference, 25_000, 'KB1')
    expect(confirmed.body).toMatchObject({ reference, status: 'SUCCESS', amount: 25_000 })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 25_000_00)
    expect(await actions(server, `slip:${reference}`)).toEqual([['slip.approve.first', a.id], ['slip.approve.first', b.id], ['slip.approve', c.id]])
    const done = (await auditOf(server.app, `slip:${reference}`)).at(-1)!
    expect(JSON.parse(done.after!)).toMatchObject({ status: 'SUCCESS', firstApprover: { id: String(b.id), username: b.username } })
    expect(await approve(server, a.token, reference, 25_000, 'KB1')).toMatchObject(expectError(409, 'ALREADY_DECIDED'))
  })

  it('needs one person up to the threshold, and to reject; a rejection ends a first approval waiting', async () => {
    const server = await one()
    const member = await login(server.app)
    const cashier = await staffSession(server.app, 'cashier')
    const small = await uploadSlip(server.app, member)
    expect((await approve(server, cashier.token, small, 20_000)).body).toMatchObject({ status: 'SUCCESS', amount: 20_000 })
    const big = await uploadSlip(server.app, member)
    expect((await approve(server, cashier.token, big, 20_000.01)).body).toHaveProperty('awaitingSecond')
    const other = await staffSession(server.app, 'cashier')
    expect((await call(server.app, 'POST', `/ops/api/slips/${big}`, { token: other.token, body: { status: 'failed', note: 'INVALID_SLIP' } })).body).toMatchObject({ status: 'FAILED' })
    expect(await server.app.serverContext.db.selectFrom('pending_approvals').selectAll().execute()).toEqual([])
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 20_000_00)
  })

  it("counts what the same person credited the member alone that day: five slips of ฿20,000 are not ฿100,000 by one cashier", async () => {
    const server = await one()
    const member = await login(server.app)
    const [a, b] = [await staffSession(server.app, 'cashier'), await staffSession(server.app, 'cashier')]
    expect((await approve(server, a.token, await uploadSlip(server.app, member), 20_000)).body).toMatchObject({ status: 'SUCCESS' })
    // A's next slip for this member, however small, takes A's day over the threshold.
    const split = await uploadSlip(server.app, member)
    expect((await approve(server, a.token, split, 0.01)).body).toMatchObject({ awaitingSecond: { by: { username: a.username }, amount: 0.01 } })
    // Another person's own day is theirs: B credits alone, and confirms A's.
    expect((await approve(server, b.token, await uploadSlip(server.app, member), 100)).body).toMatchObject({ status: 'SUCCESS' })
    expect((await approve(server, b.token, split, 0.01)).body).toMatchObject({ status: 'SUCCESS' })
    // What A settled with a second person is not A's alone; after a day A credits alone again.
    server.advance(24 * HOUR + 1)
    const aAgain = (await call(server.app, 'POST', '/ops/api/login', { body: { username: a.username, password: STAFF_PASSWORD } })).body.token as string
    expect((await approve(server, aAgain, await uploadSlip(server.app, await login(server.app)), 20_000)).body).toMatchObject({ status: 'SUCCESS' })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 20_000_00 + 1 + 100_00 + 20_000_00)
  })

  it("follows the admin's threshold of each money, and approves a kip slip above the baht ceiling", async () => {
    const server = await one()
    const admin = await staffSession(server.app, 'admin')
    const cashier = await staffSession(server.app, 'cashier')
    await call(server.app, 'POST', '/dev/config', { body: { variant: 'la' } })
    const kip = await registerMember(server.app, {
      username: '2055512377', name: 'Khamla Phommavong', bankCode: 'BCEL', bankAccountName: 'khamla phommavong', bankAccountNo: '0101999999977', currency: 'LAK',
    })
    const slip = await uploadSlip(server.app, kip)
    const rule = { secondAboveMinor: { THB: 20_000_00, LAK: 50_000_000_00 }, separationHours: 24 }
    expect((await call(server.app, 'POST', '/ops/api/settings', { token: admin.token, body: { approvals: rule } })).status).toBe(200)
    // ₭15,000,000: over 3490fad's baht ceiling of 10,000,000, under this kip threshold.
    const approved = await approve(server, cashier.token, slip, 15_000_000)
    expect(approved.body).toMatchObject({ status: 'SUCCESS', amount: 15_000_000 })
    expect((await call(server.app, 'GET', '/api/wallet', { token: kip })).body.wallet).toEqual({ amount: 15_000_000, currency: 'LAK' })
  })
})

describe('a payout', () => {
  it('above the threshold waits for a second person too', async () => {
    const server = await one()
    const member = await login(server.app)
    const [a, b] = [await staffSession(server.app, 'cashier'), await staffSession(server.app, 'cashier')]
    // The member needs the money first: credited by a third person, so neither is kept apart from paying.
    const credit = await staffSession(server.app, 'admin')
    const reference = await uploadSlip(server.app, member)
    expect((await approve(server, credit.token, reference, 20_000)).status).toBe(200)
    const id = await requestWithdrawal(server.app, member, 20_500)
    expect((await pay(server, a.token, id, 'KTB-1')).body).toMatchObject({ awaitingSecond: { by: { username: a.username }, amount: 20_500, reference: 'KTB-1' } })
    expect((await call(server.app, 'GET', '/ops/api/withdrawals', { token: b.token })).body.withdrawals).toEqual([expect.objectContaining({ id, approval: expect.objectContaining({ reference: 'KTB-1' }) })])
    expect(await pay(server, a.token, id, 'KTB-1')).toMatchObject(expectError(409, 'SAME_APPROVER'))
    expect((await pay(server, b.token, id, 'KTB-1')).body).toMatchObject({ id, status: 'paid' })
    expect(await actions(server, `withdrawal:${id}`)).toEqual([['withdrawal.paid.first', a.id], ['withdrawal.paid', b.id]])
  })
})

describe('payouts one person made alone that day', () => {
  it('count with the next: a second ฿15,000 payout to the same member by the same cashier waits for a second person', async () => {
    const server = await one()
    const member = await login(server.app)
    const [a, b] = [await staffSession(server.app, 'cashier'), await staffSession(server.app, 'cashier')]
    // Credited by two others, each within their own day.
    for (const [role, amount] of [['admin', 20_000], ['cashier', 10_000]] as const) {
      expect((await approve(server, (await staffSession(server.app, role)).token, await uploadSlip(server.app, member), amount)).body).toMatchObject({ status: 'SUCCESS' })
    }
    expect((await pay(server, a.token, await requestWithdrawal(server.app, member, 15_000), 'KTB-10')).body).toMatchObject({ status: 'paid' })
    const second = await requestWithdrawal(server.app, member, 15_000)
    expect((await pay(server, a.token, second, 'KTB-11')).body).toMatchObject({ awaitingSecond: { by: { username: a.username }, amount: 15_000 } })
    expect((await pay(server, b.token, second, 'KTB-11')).body).toMatchObject({ id: second, status: 'paid' })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 30_000_00 - 30_000_00)
  })
})

describe(`one cashier's two credits at once${onPostgres() ? ' on two instances' : ''}`, () => {
  it('each under the threshold, together over it: one is credited, the other waits for a second person', async () => {
    const { on, member, cashier } = await cashierOnInstances()
    const slips = [await uploadSlip(on(0).app, member), await uploadSlip(on(0).app, member)]
    // Both have read the cashier's empty day before either settles (PostgreSQL: the slips' table is
    // held against writes until both wait at their settling update).
    const answers = await withWritesHeld(on(0).app.serverContext.db, 'deposit_slips', 2, () =>
      Promise.all(slips.map((reference, i) => approve(on(i), cashier.token, reference, 15_000))))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(answers.map((answer) => ('awaitingSecond' in answer.body ? 'waits' : answer.body.status)).sort()).toEqual(['SUCCESS', 'waits'])
    expect(await balanceOf(on(0).app)).toBe(DEMO_START_MINOR + 15_000_00)
  })
})

describe(`one cashier's credit and payout of one member at once${onPostgres() ? ' on two instances' : ''}`, () => {
  it.each([['settles alone', 500], ['waits for a second person', 25_000]] as const)('both read no opposite row before either was written: one goes on, the other is refused (DUTY_SEPARATION); the credit %s', async (_case, amount) => {
    const { on, member, cashier } = await cashierOnInstances()
    const reference = await uploadSlip(on(0).app, member)
    const id = await requestWithdrawal(on(0).app, member, 200)
    const { db } = on(0).app.serverContext
    // PostgreSQL: the member's decisions held until both have passed the check before settling and
    // wait to settle; then let go, one after the other.
    const hold = onPostgres()
      ? await holdLock(db, (trx) => sql`SELECT pg_advisory_xact_lock(${sql.lit(LOCKS.memberDecisions)}, ${DEMO_MEMBER_ID}::int)`.execute(trx))
      : undefined
    const answers = Promise.all([approve(on(0), cashier.token, reference, amount), pay(on(1), cashier.token, id, 'KTB-9')])
    await hold?.queued(2)
    await hold?.release()
    const [credited, paid] = await answers
    const outcomes = [credited, paid].map((answer) => (answer.status !== 200 ? answer.body.message : 'awaitingSecond' in answer.body ? 'waits' : answer.body.status))
    expect(outcomes.filter((outcome) => outcome === 'DUTY_SEPARATION')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 'SUCCESS' || outcome === 'waits' || outcome === 'paid')).toHaveLength(1)
    const creditedNow = credited.status === 200 && !('awaitingSecond' in credited.body)
    expect(await balanceOf(on(0).app)).toBe(DEMO_START_MINOR - 200_00 + (creditedNow ? amount * 100 : 0))
  })
})

describe('duties kept apart', () => {
  it("refuses to let who credited a member pay them out within the window, and the other way round, unless the admin allows it", async () => {
    const server = await one()
    const member = await login(server.app)
    const [a, b] = [await staffSession(server.app, 'cashier'), await staffSession(server.app, 'cashier')]
    const admin = await staffSession(server.app, 'admin')
    const reference = await uploadSlip(server.app, member)
    expect((await approve(server, a.token, reference, 500)).status).toBe(200)
    const id = await requestWithdrawal(server.app, member, 200)
    expect(await pay(server, a.token, id, 'KTB-2')).toMatchObject(expectError(403, 'DUTY_SEPARATION'))
    expect((await pay(server, b.token, id, 'KTB-2')).body).toMatchObject({ status: 'paid' })
    // B paid the member out: B may not credit them now.
    const next = await uploadSlip(server.app, member)
    expect(await approve(server, b.token, next, 100)).toMatchObject(expectError(403, 'DUTY_SEPARATION'))
    // After the window (a day: the staff sign in again, the member too), or with the window at 0, they may.
    server.advance(24 * HOUR + 1)
    const signedIn = async (username: string, code?: string) =>
      (await call(server.app, 'POST', '/ops/api/login', { body: { username, password: STAFF_PASSWORD, ...(code ? { code } : {}) } })).body.token as string
    const bAgain = await signedIn(b.username)
    expect((await approve(server, bAgain, next, 100)).status).toBe(200)
    const again = await requestWithdrawal(server.app, await login(server.app), 100)
    expect(await pay(server, bAgain, again, 'KTB-3')).toMatchObject(expectError(403, 'DUTY_SEPARATION'))
    const adminAgain = await signedIn(admin.username, await totpCode(server.app, admin.secret!))
    expect((await call(server.app, 'POST', '/ops/api/settings', { token: adminAgain, body: { approvals: { secondAboveMinor: { THB: 20_000_00, LAK: 12_000_000_00 }, separationHours: 0 } } })).status).toBe(200)
    expect((await pay(server, bAgain, again, 'KTB-3')).body).toMatchObject({ status: 'paid' })
    expect(await balanceOf(server.app, DEMO_MEMBER_ID)).toBe(DEMO_START_MINOR + 500_00 + 100_00 - 200_00 - 100_00)
  })

  it("counts a first person's approval as crediting: who approved first may not pay out, even before the second confirms", async () => {
    const server = await one()
    const member = await login(server.app)
    const a = await staffSession(server.app, 'cashier')
    const reference = await uploadSlip(server.app, member)
    expect((await approve(server, a.token, reference, 9_999_999.99)).body).toHaveProperty('awaitingSecond')
    const id = await requestWithdrawal(server.app, member, 1_000)
    expect(await pay(server, a.token, id, 'KTB-4')).toMatchObject(expectError(403, 'DUTY_SEPARATION'))
  })
})

describe('a confirmation that read the slip before another settled it', () => {
  it('answers ALREADY_DECIDED, leaving no new wait behind: the interleaving two confirmations at once can take', async () => {
    const server = await one()
    const member = await login(server.app)
    const reference = await uploadSlip(server.app, member)
    const [a, b, c] = [await staffSession(server.app, 'cashier'), await staffSession(server.app, 'cashier'), await staffSession(server.app, 'cashier')]
    expect((await approve(server, a.token, reference, 30_000)).body).toHaveProperty('awaitingSecond')
    expect((await approve(server, b.token, reference, 30_000)).body).toMatchObject({ status: 'SUCCESS' })
    // c read the slip still processing before b's commit; what c reads after it (no first decision
    // waiting) is all fourEyes sees from here.
    const late = fourEyes(server.app.serverContext, { staffId: c.id, address: '127.0.0.1' }, {
      duty: 'credit', item: `slip:${reference}`, id: reference, memberId: DEMO_MEMBER_ID, amountMinor: 30_000_00, currency: 'THB',
      decision: { amountMinor: 30_000_00, refNo: null }, reference: null, stillOpen: (trx) => slipStillProcessing(trx, reference),
    })
    await expect(late).rejects.toMatchObject({ status: 409, code: 'ALREADY_DECIDED' })
    expect(await server.app.serverContext.db.selectFrom('pending_approvals').selectAll().execute()).toEqual([])
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 30_000_00)
  })
})

describe(`two people confirming at once${onPostgres() ? ' on two instances' : ''}`, () => {
  it('credits once: one confirmation, one ALREADY_DECIDED', async () => {
    await startInstances(servers)
    const on = (i: number) => servers[i % servers.length]
    // Armed below: both confirmations enter their handlers at one moment, and their checks and writes
    // interleave as the instances and the database run them (a preHandler holds a request before it
    // reads anything): what this holds is one credit for two that arrive at once. (Hooks go on before
    // a server's first request.)
    let meet: (() => Promise<void>) | undefined = undefined
    for (const server of servers) {
      server.app.addHook('preHandler', async (request) => {
        if (meet && request.method === 'POST' && request.url.startsWith('/ops/api/slips/')) await meet()
      })
    }
    const member = await login(on(0).app)
    const reference = await uploadSlip(on(0).app, member)
    const first = await staffSession(on(0).app, 'cashier')
    const [b, c] = [await staffSession(on(0).app, 'cashier'), await staffSession(on(1).app, 'cashier')]
    expect((await approve(on(0), first.token, reference, 30_000)).body).toHaveProperty('awaitingSecond')
    meet = barrier(2)
    // On SQLite one instance: the barrier holds the first until the second arrives, then both go on.
    const answers = await Promise.all([approve(on(0), b.token, reference, 30_000), approve(on(1), c.token, reference, 30_000)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(await balanceOf(on(0).app)).toBe(DEMO_START_MINOR + 30_000_00)
    expect((await actions(on(0), `slip:${reference}`)).filter(([action]) => action === 'slip.approve')).toHaveLength(1)
  })
})
