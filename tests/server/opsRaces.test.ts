// @vitest-environment node
// Issue 33: a slip or a withdrawal decided by two staff at once is decided once. On PostgreSQL two
// server instances share the database, as two API nodes would, and both decisions are held until
// both have passed their checks, so they reach the settling update together.
import { afterEach, describe, expect, it } from 'vitest'
import { type TestServer, barrier, call, login, onPostgres, startInstances } from './helpers'
import { balanceOf, DEMO_START_MINOR } from './depositHelpers'
import { auditOf, requestWithdrawal, staffSession, uploadSlip } from './opsHelpers'

let servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers) await server.app.close()
  servers = []
})

const on = (i: number) => servers[i % servers.length].app

/** Starts the instances with a hold: once armed, every POST to `path` waits until `parties` of them have
 *  arrived, before its handler reads anything. They start at one moment; how their reads and writes
 *  interleave after that is the database's, so a test proves its rule for requests that arrive at once. */
async function startHeld(): Promise<(path: RegExp, parties: number) => void> {
  await startInstances(servers)
  let held: { path: RegExp; meet: () => Promise<void> } | undefined
  // Before the first request: a server that has answered takes no more hooks.
  for (const server of servers) {
    server.app.addHook('preHandler', async (request) => {
      if (held && request.method === 'POST' && held.path.test(request.url)) await held.meet()
    })
  }
  return (path, parties) => {
    held = { path, meet: barrier(parties) }
  }
}

describe(`two staff deciding at once${onPostgres() ? ' on two instances' : ''}`, () => {
  it('approves a slip once: one approval, one ALREADY_DECIDED, one credit, one audit row', async () => {
    const holdTogether = await startHeld()
    const member = await login(on(0))
    const reference = await uploadSlip(on(0), member)
    const first = await staffSession(on(0), 'cashier')
    const second = await staffSession(on(1), 'cashier')
    holdTogether(/^\/ops\/api\/slips\//, 2)
    const answers = await Promise.all([
      call(on(0), 'POST', `/ops/api/slips/${reference}`, { token: first.token, body: { status: 'success', amount: 120 } }),
      call(on(1), 'POST', `/ops/api/slips/${reference}`, { token: second.token, body: { status: 'success', amount: 120 } }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ message: 'ALREADY_DECIDED' })
    expect(await balanceOf(on(0))).toBe(DEMO_START_MINOR + 120_00)
    const rows = await auditOf(on(0), `slip:${reference}`)
    expect(rows).toHaveLength(1)
    expect(rows[0].staff_id).toBe(answers[0].status === 200 ? first.id : second.id)
  })

  it('settles a withdrawal once when one cashier pays it as another fails it', async () => {
    const holdTogether = await startHeld()
    const member = await login(on(0))
    const id = await requestWithdrawal(on(0), member, 400)
    const first = await staffSession(on(0), 'cashier')
    const second = await staffSession(on(1), 'cashier')
    holdTogether(/^\/ops\/api\/withdrawals\//, 2)
    const answers = await Promise.all([
      call(on(0), 'POST', `/ops/api/withdrawals/${id}`, { token: first.token, body: { status: 'paid', bankReference: 'BBL-1' } }),
      call(on(1), 'POST', `/ops/api/withdrawals/${id}`, { token: second.token, body: { status: 'failed', reason: 'Name mismatch' } }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const paid = answers[0].status === 200
    // Paid: the money stays out of the wallet; failed: it is back, once.
    expect(await balanceOf(on(0))).toBe(paid ? DEMO_START_MINOR - 400_00 : DEMO_START_MINOR)
    const rows = await auditOf(on(0), `withdrawal:${id}`)
    expect(rows.map((row) => row.action)).toEqual([paid ? 'withdrawal.paid' : 'withdrawal.failed'])
    expect((await call(on(1), 'GET', '/ops/api/books', { token: first.token })).body).toMatchObject({ balanced: true })
  })

  it('leaves an active admin when two admins demote each other at once', async () => {
    const holdTogether = await startHeld()
    const a = await staffSession(on(0), 'admin')
    const b = await staffSession(on(1), 'admin')
    holdTogether(/^\/ops\/api\/staff\/\d+$/, 2)
    const answers = await Promise.all([
      call(on(0), 'POST', `/ops/api/staff/${b.id}`, { token: a.token, body: { role: 'support' } }),
      call(on(1), 'POST', `/ops/api/staff/${a.id}`, { token: b.token, body: { role: 'support' } }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const admins = await on(0).serverContext.db.selectFrom('staff').select('id').where('role', '=', 'admin').where('active', '=', 1).execute()
    expect(admins).toHaveLength(1)
  })
})
