// @vitest-environment node
// One member, helped (issue 52 §3, server/account/memberCare.ts): an admin suspends a member, whose
// calls then answer 410 gone (the app's terminated screen) but for the contact and the chat, and
// lifts it; support ends the member's sessions, resets the OTP wait and keeps notes, and may not
// suspend or unlink; each action is audited with its reason and shows on the member page. On
// PostgreSQL, a suspension on one instance is refused on the other once it hears the member changed.
import { afterEach, describe, expect, it } from 'vitest'
import { recordRateEvent } from '../../server/shared/limits'
import type { MemberDetail } from '../../contract/ops'
import { DEMO_MEMBER_ID } from './depositHelpers'
import { call, DEMO, HOUR, login, onPostgres, startServer, testStorage, type TestServer } from './helpers'
import { auditOf, staffSession } from './opsHelpers'
import { agentReply, sendMessage, textMessage } from './chatHelpers'
import { addPasskey } from '../../server/identity/repo'

let servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers) await server.app.close()
  servers = []
})

async function started(options: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const server = await startServer({ transferSweepMs: 0, ...options })
  servers.push(server)
  return server
}

const act = (server: TestServer, token: string, action: string, reason = 'Asked by the member on the phone', id = DEMO_MEMBER_ID) =>
  call(server.app, 'POST', `/ops/api/members/${id}/${action}`, { token, body: { reason } })

describe('one member, helped', () => {
  it("the member page shows the member's bonuses, any state, and the last chat messages, newest first", async () => {
    const server = await started()
    const member = await login(server.app)
    const support = await staffSession(server.app, 'support')
    const page = async () => (await call(server.app, 'GET', `/ops/api/members/${DEMO_MEMBER_ID}`, { token: support.token })).body as unknown as MemberDetail
    expect(await page()).toMatchObject({ bonuses: [], chat: null, devices: [] })
    // A passkey the member added (as the identity area stores one), shown as a device.
    const added = server.app.serverContext.now()
    await addPasskey(server.app.serverContext.db, { memberId: DEMO_MEMBER_ID, credentialId: 'cred-1', publicKey: 'key', counter: 0, transports: ['internal'] }, added)

    expect((await call(server.app, 'GET', '/api/bonus/activate/WELCOME100', { token: member })).status).toBe(200)
    const who = { userId: String(DEMO_MEMBER_ID), token: member }
    expect((await sendMessage(server.app, who, textMessage('my bonus is stuck'))).status).toBe(200)
    expect((await agentReply(server.app, who, { message_type: 'text', payload: 'Looking at it now' })).status).toBe(200)

    const shown = await page()
    expect(shown.bonuses).toEqual([{
      code: 'WELCOME100', name: expect.any(String), kind: 'bonus', status: 'active', amount: expect.any(Number), turnover: 0, turnoverTarget: expect.any(Number),
      createdAt: expect.any(String), endedAt: null,
    }])
    expect(shown.bonuses[0].amount).toBeGreaterThan(0)
    expect(shown.chat?.messages.map((item) => [item.sender, item.message.payload])).toEqual([['agent', 'Looking at it now'], ['customer', 'my bonus is stuck']])
    expect(shown.devices).toEqual([{ kind: 'passkey', addedAt: new Date(added).toISOString(), lastUsedAt: null }])
    // The conversation the inbox opens.
    expect((await call(server.app, 'GET', `/ops/api/chat/${shown.chat?.conversation}`, { token: support.token })).status).toBe(200)
  })

  it('a suspended member gets gone on every call but the contact and the chat, can still sign in, and is let back when lifted', async () => {
    const server = await started()
    const admin = await staffSession(server.app, 'admin')
    const member = await login(server.app)
    expect((await call(server.app, 'GET', '/api/wallet', { token: member })).status).toBe(200)

    const suspended = await act(server, admin.token, 'suspend', 'Chargeback under review')
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200)
    expect((suspended.body as unknown as MemberDetail).suspendedAt).toBe(new Date(server.app.serverContext.now()).toISOString())
    for (const path of ['/api/wallet', '/api/account/profile', '/api/wallet/withdrawals']) {
      // Never kept by the browser: a 410 without Cache-Control is fresh there for good, and the
      // member, let back, would still read "gone" from its cache.
      expect(await call(server.app, 'GET', path, { token: member }), path).toMatchObject({ status: 410, body: { message: 'gone' }, headers: { 'cache-control': 'no-store' } })
    }
    expect((await call(server.app, 'POST', '/api/wallet/withdraw', { token: member, body: { amount: 100 } })).status).toBe(410)
    expect((await call(server.app, 'GET', '/api/lookup/contact', { token: member })).status).toBe(200)
    expect((await call(server.app, 'GET', '/api/lookup/active', { token: member })).status).toBe(200)
    // Signing in again still works: the app then lands on the terminated screen, with the chat.
    const again = await login(server.app)
    expect((await call(server.app, 'GET', '/api/wallet', { token: again })).status).toBe(410)
    // Twice: nothing to do.
    expect(await act(server, admin.token, 'suspend')).toMatchObject({ status: 409, body: { message: 'ALREADY_DECIDED' } })

    const lifted = await act(server, admin.token, 'lift', 'Chargeback withdrawn')
    expect((lifted.body as unknown as MemberDetail).suspendedAt).toBeNull()
    expect(await call(server.app, 'GET', '/api/wallet', { token: member })).toMatchObject({ status: 200, headers: { 'cache-control': 'no-store' } })
    const trail = await auditOf(server.app, `member:${DEMO_MEMBER_ID}`)
    expect(trail.filter((row) => row.action !== 'member.lookup').map((row) => [row.action, JSON.parse(row.after ?? '{}').reason])).toEqual([
      ['member.suspend', 'Chargeback under review'], ['member.lift', 'Chargeback withdrawn'],
    ])
  })

  it('support ends the sessions, resets the OTP wait and keeps notes, but may not suspend or unlink; every action needs a reason', async () => {
    const server = await started()
    const support = await staffSession(server.app, 'support')
    const member = await login(server.app)
    expect(await act(server, support.token, 'suspend')).toMatchObject({ status: 403, body: { message: 'FORBIDDEN_ROLE' } })
    expect(await act(server, support.token, 'unlinkTelegram')).toMatchObject({ status: 403, body: { message: 'FORBIDDEN_ROLE' } })
    expect((await act(server, support.token, 'endSessions', '  ')).status).toBe(400)

    const page = await call(server.app, 'GET', `/ops/api/members/${DEMO_MEMBER_ID}`, { token: support.token })
    expect((page.body as unknown as MemberDetail).sessions).toEqual([expect.objectContaining({ openedBy: 'password' })])
    const ended = await act(server, support.token, 'endSessions', 'Lost phone')
    expect((ended.body as unknown as MemberDetail).sessions).toEqual([])
    expect((await call(server.app, 'GET', '/api/wallet', { token: member })).status).toBe(401)

    // The member's phone had asked for codes until it had to wait; after the reset it need not.
    const { db } = server.app.serverContext
    await recordRateEvent(db, 'otp_send', DEMO.phone, server.app.serverContext.now())
    expect(await act(server, support.token, 'resetOtpWait', 'Could not get a code')).toMatchObject({ status: 200 })
    expect(await db.selectFrom('rate_events').select('id').where('kind', '=', 'otp_send').where('subject', '=', DEMO.phone).execute()).toEqual([])

    const noted = await act(server, support.token, 'note', 'Prefers Thai, calls after 18:00')
    expect((noted.body as unknown as MemberDetail).notes).toEqual([{ staff: support.username, note: 'Prefers Thai, calls after 18:00', at: expect.any(String) }])
    // Nothing linked: nothing to unlink, even for an admin.
    const admin = await staffSession(server.app, 'admin')
    expect(await act(server, admin.token, 'unlinkLine')).toMatchObject({ status: 409 })
    expect((await act(server, admin.token, 'suspend', 'x', 999_999)).status).toBe(404)
    expect((await auditOf(server.app, `member:${DEMO_MEMBER_ID}`)).map((row) => row.action).filter((action) => action !== 'member.lookup'))
      .toEqual(['member.endSessions', 'member.resetOtpWait', 'member.note'])
  })
})

if (onPostgres()) {
  describe('on two instances over one PostgreSQL', () => {
    it('a suspension on one instance is refused on the other once it hears the member changed', async () => {
      const storage = await testStorage()
      const [a, b] = await Promise.all([0, 1].map(() => started({ ...storage, sessionCacheMs: HOUR })))
      for (const server of [a, b]) await expect.poll(() => server.app.serverContext.sessionCache?.listening).toBe(true)
      const member = await login(b.app)
      // B keeps the session it read: only the notification can make it refuse.
      expect((await call(b.app, 'GET', '/api/wallet', { token: member })).status).toBe(200)
      const admin = await staffSession(a.app, 'admin')
      expect((await act(a, admin.token, 'suspend')).status).toBe(200)
      await expect.poll(async () => (await call(b.app, 'GET', '/api/wallet', { token: member })).status).toBe(410)
    })
  })
}
