// @vitest-environment node
// Issue 33, live updates for staff: a staff console's socket (handshake `{ staffToken }`, on the
// chat's socket.io) hears the events of its role's duties as slips, withdrawals and players' chat
// messages arrive and are decided, from any instance (on PostgreSQL two instances share the
// database: the sockets on one, the calls on the other), and is cut when its session ends.
import type { Socket } from 'socket.io-client'
import { afterEach, describe, expect, it } from 'vitest'
import { OPS_EVENTS } from '../../contract/ops'
import { type TestServer, call, login, onPostgres, startServer, testStorage } from './helpers'
import { handshake, listening, newGuestId, sendMessage, textMessage } from './chatHelpers'
import { connectStaff, requestWithdrawal, type StaffClient, staffSession, uploadSlip } from './opsHelpers'

let running: TestServer[] = []
let clients: StaffClient[] = []
afterEach(async () => {
  clients.forEach((client) => client.socket.close())
  clients = []
  await Promise.all(running.map((server) => server.app.close()))
  running = []
})

/** Instance A (the sockets) and instance B (the calls): two on one PostgreSQL database, or the one SQLite instance twice. */
async function instances() {
  const storage = await testStorage()
  const a = await startServer(storage)
  running.push(a)
  const b = onPostgres() ? await startServer(storage) : a
  if (b !== a) running.push(b)
  return { a, b, url: await listening(a.app) }
}

async function console_(url: string, token: string): Promise<StaffClient> {
  const client = await connectStaff(url, { staffToken: token })
  clients.push(client)
  return client
}

const nextDisconnect = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve))

describe(`staff consoles live${onPostgres() ? ' (two instances, one database)' : ''}`, () => {
  it("brings each console its role's queues as items arrive and are decided, and nothing else", async () => {
    const { b, url } = await instances()
    const [support, cashier, admin] = await Promise.all([staffSession(b.app, 'support'), staffSession(b.app, 'cashier'), staffSession(b.app, 'admin')])
    const [supportSocket, cashierSocket, adminSocket] = await Promise.all([console_(url, support.token), console_(url, cashier.token), console_(url, admin.token)])

    const member = await login(b.app)
    const reference = await uploadSlip(b.app, member)
    await Promise.all([cashierSocket, adminSocket].map((socket) => socket.next(OPS_EVENTS.slips, reference, 'new')))
    const withdrawal = await requestWithdrawal(b.app, member, 100)
    await Promise.all([cashierSocket, adminSocket].map((socket) => socket.next(OPS_EVENTS.withdrawals, withdrawal, 'new')))

    const guest = { guestId: newGuestId() }
    expect((await sendMessage(b.app, guest, textMessage('is anyone there?'))).status).toBe(200)
    const inbox = await call(b.app, 'GET', '/ops/api/chat', { token: support.token })
    const [conversation] = inbox.body.conversations as { id: string; sessionId: string }[]
    await Promise.all([supportSocket, adminSocket].map((socket) => socket.next(OPS_EVENTS.chat, conversation.id, 'waiting')))

    // Decided by one, told to all of the duty: the other consoles drop it from their queue.
    expect((await call(b.app, 'POST', `/ops/api/slips/${reference}`, { token: cashier.token, body: { status: 'failed', note: 'NOT_MATCH' } })).status).toBe(200)
    expect((await call(b.app, 'POST', `/ops/api/withdrawals/${withdrawal}`, { token: admin.token, body: { status: 'paid', bankReference: 'KTB-1' } })).status).toBe(200)
    expect((await call(b.app, 'POST', `/ops/api/chat/${conversation.id}/messages`, { token: support.token, body: { message: { message_type: 'text', payload: 'Yes!' } } })).status).toBe(200)
    expect((await call(b.app, 'POST', `/ops/api/chat/${conversation.id}/end`, { token: support.token, body: { sessionId: conversation.sessionId } })).status).toBe(200)
    await Promise.all([cashierSocket, adminSocket].map((socket) => socket.next(OPS_EVENTS.slips, reference, 'decided')))
    await Promise.all([cashierSocket, adminSocket].map((socket) => socket.next(OPS_EVENTS.withdrawals, withdrawal, 'decided')))
    await Promise.all([supportSocket, adminSocket].map((socket) => socket.next(OPS_EVENTS.chat, conversation.id, 'answered')))
    await Promise.all([supportSocket, adminSocket].map((socket) => socket.next(OPS_EVENTS.chat, conversation.id, 'ended')))

    // A sentinel the cashier hears after everything above: it heard no chat, support no queue.
    const last = await uploadSlip(b.app, member)
    await Promise.all([cashierSocket, adminSocket].map((socket) => socket.next(OPS_EVENTS.slips, last, 'new')))
    expect(cashierSocket.heard.map((entry) => entry.event)).not.toContain(OPS_EVENTS.chat)
    expect(supportSocket.heard.map((entry) => entry.event)).toEqual([OPS_EVENTS.chat, OPS_EVENTS.chat, OPS_EVENTS.chat])
    // The admin does every duty: each event once.
    expect(adminSocket.heard.map(({ event, payload }) => `${event} ${payload.state}`).sort()).toEqual([
      'ops:chat answered', 'ops:chat ended', 'ops:chat waiting', 'ops:slip decided', 'ops:slip new', 'ops:slip new', 'ops:withdrawal decided', 'ops:withdrawal new',
    ])
  })

  it('cuts a staff socket when its session ends: sign-out, a change of role, a deactivation, an end of sessions', async () => {
    const { b, url } = await instances()
    const admin = await staffSession(b.app, 'admin')
    const [signingOut, demoted, deactivated, ended] = await Promise.all([
      staffSession(b.app, 'support'), staffSession(b.app, 'cashier'), staffSession(b.app, 'support'), staffSession(b.app, 'cashier'),
    ])
    const adminSocket = await console_(url, admin.token)
    const sockets = await Promise.all([signingOut, demoted, deactivated, ended].map((staff) => console_(url, staff.token)))
    const cuts = sockets.map((client) => nextDisconnect(client.socket))

    expect((await call(b.app, 'POST', '/ops/api/logout', { token: signingOut.token })).status).toBe(200)
    expect(await cuts[0]).toBe('io server disconnect')
    expect((await call(b.app, 'POST', `/ops/api/staff/${demoted.id}`, { token: admin.token, body: { role: 'support' } })).status).toBe(200)
    expect(await cuts[1]).toBe('io server disconnect')
    expect((await call(b.app, 'POST', `/ops/api/staff/${deactivated.id}`, { token: admin.token, body: { active: false } })).status).toBe(200)
    expect(await cuts[2]).toBe('io server disconnect')
    expect((await call(b.app, 'DELETE', `/ops/api/staff/${ended.id}/sessions`, { token: admin.token })).status).toBe(200)
    expect(await cuts[3]).toBe('io server disconnect')

    for (const staff of [signingOut, demoted, deactivated, ended]) expect(await handshake(url, { staffToken: staff.token })).toBe('invalid token')
    // The admin's socket was left alone and still hears its queues.
    const reference = await uploadSlip(b.app, await login(b.app))
    await adminSocket.next(OPS_EVENTS.slips, reference, 'new')
    expect(adminSocket.socket.connected).toBe(true)
  })

  it('refuses a staff handshake with a bad or a member token, or with a chat identity beside it, and grants no chat room', async () => {
    const { a, url } = await instances()
    const member = await login(a.app)
    const support = await staffSession(a.app, 'support')
    expect(await handshake(url, { staffToken: 'x'.repeat(32) })).toBe('invalid token')
    expect(await handshake(url, { staffToken: member })).toBe('invalid token')
    expect(await handshake(url, { staffToken: 42 })).toBe('invalid token')
    expect(await handshake(url, { staffToken: support.token, guestId: newGuestId() })).toBe('KEY_INVALID')
    expect(await handshake(url, { token: support.token })).toBe('invalid token')
    const client = await console_(url, support.token)
    expect(await client.socket.emitWithAck('join', 'wallet-1')).toEqual({ joined: false })
    expect(await client.socket.emitWithAck('join', 'ops:slips')).toEqual({ joined: false })
  })
})
