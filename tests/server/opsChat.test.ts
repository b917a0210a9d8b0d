// @vitest-environment node
// Issue 33, the support inbox: conversations waiting for staff (the player spoke last in the
// current session), a conversation's messages paged, a reply of each message type the chat shows
// (through the dev stand-in's own function, reaching the player's socket), the end of a session,
// each with its audit row; a session ended by two staff at once is ended once (on PostgreSQL on two
// instances); and the member's unread count that the home reads without the chat.
import { describe, expect, it } from 'vitest'
import type { ChatItem } from '../../contract'
import { DEMO_MEMBER_ID } from './depositHelpers'
import { barrier, call, expectError, login, onPostgres, startInstances, serversClosedAfterEach } from './helpers'
import { agentReply, byId, chatHistory, connectChat, listening, newGuestId, sendMessage, textMessage } from './chatHelpers'
import { auditOf, staffSession } from './opsHelpers'
import { agentName } from '../../server/chat/opsRoutes'

const { servers, one: server } = serversClosedAfterEach()

interface Conversation { id: string; kind: string; member: { id: string; phone: string } | null; sessionId: string; waiting: boolean; lastMessage: ChatItem | null }
const conversations = (body: Record<string, unknown>) => body.conversations as Conversation[]

describe("the name on a staff member's reply (issue 51 §5)", () => {
  it('is the first word of their name, at most 40 characters; a blank name gives none', () => {
    expect(agentName('Nok Siriwan')).toBe('Nok')
    expect(agentName('  นุ่น   ใจดี ')).toBe('นุ่น')
    expect(agentName('A'.repeat(60))).toBe('A'.repeat(40))
    expect(agentName('   ')).toBeUndefined()
  })
})

describe('the support inbox', () => {
  it('lists the conversations waiting for staff, newest first, and every open one on asking', async () => {
    const { app } = await server()
    const support = await staffSession(app, 'support')
    const member = await login(app)
    const first = { guestId: newGuestId() }
    const answered = { guestId: newGuestId() }
    await sendMessage(app, first, textMessage('first guest'))
    await sendMessage(app, answered, textMessage('second guest'))
    await agentReply(app, answered, { message_type: 'text', payload: 'answered by the dev stand-in' })
    await sendMessage(app, { userId: String(DEMO_MEMBER_ID), token: member }, textMessage('the member, last'))

    const waiting = conversations((await call(app, 'GET', '/ops/api/chat', { token: support.token })).body)
    expect(waiting.map((c) => [c.kind, c.member?.phone ?? null, c.waiting, (c.lastMessage?.message.payload as string)])).toEqual([
      ['member', '08xxxxx678', true, 'the member, last'],
      ['guest', null, true, 'first guest'],
    ])
    // Never the guest's id: it opens the guest's chat to whoever holds it.
    expect(JSON.stringify(waiting)).not.toContain(first.guestId)
    const open = conversations((await call(app, 'GET', '/ops/api/chat?state=open', { token: support.token })).body)
    expect(open.map((c) => c.waiting)).toEqual([true, false, true])
    const older = conversations((await call(app, 'GET', `/ops/api/chat?state=open&before=${open[1].lastMessage!._id}`, { token: support.token })).body)
    expect(older.map((c) => c.id)).toEqual([open[2].id])
    expect(await call(app, 'GET', '/ops/api/chat?state=closed', { token: support.token })).toMatchObject(expectError(400, 'KEY_INVALID'))
  })

  it("pages a conversation's messages newest first, and answers with each message type, the player's socket hearing it", async () => {
    const { app } = await server()
    const support = await staffSession(app, 'support')
    const guest = { guestId: newGuestId() }
    for (const text of ['one', 'two', 'three']) await sendMessage(app, guest, textMessage(text))
    const [conversation] = conversations((await call(app, 'GET', '/ops/api/chat', { token: support.token })).body)

    const page = await call(app, 'GET', `/ops/api/chat/${conversation.id}?limit=2`, { token: support.token })
    const messages = page.body.messages as ChatItem[]
    expect(messages.map((m) => m.message.payload)).toEqual(['three', 'two'])
    expect(messages.every((m) => m.guestId === null)).toBe(true)
    const rest = await call(app, 'GET', `/ops/api/chat/${conversation.id}?before=${messages[1]._id}`, { token: support.token })
    expect((rest.body.messages as ChatItem[]).map((m) => m.message.payload)).toEqual(['one'])
    expect(await call(app, 'GET', '/ops/api/chat/999999', { token: support.token })).toMatchObject(expectError(404, 'NO_DATA'))

    const client = await connectChat(await listening(app), guest)
    try {
      const replies = [
        { message_type: 'text', payload: 'Hello, how can we help?' },
        { message_type: 'buttons', payload: { text: 'Pick one', buttons: [{ title: 'Deposit', type: 'postback', payload: 'DEPOSIT' }] } },
        { message_type: 'quick_replies', payload: { text: 'Quick', quick_replies: [{ title: 'Yes', type: 'text' }] } },
        { message_type: 'generic', payload: { elements: [{ title: 'Promo', subtitle: 'Now', image_url: 'https://example.com/a.png', buttons: [{ title: 'Open', type: 'web', payload: 'https://example.com' }] }] } },
        { message_type: 'media', payload: { url: true, fileType: 'image', filePath: 'https://example.com/qr.png', name: 'qr.png' } },
        { message_type: 'sticker', payload: { url: 'https://example.com/thanks.png', alt: 'Thank you' } },
      ]
      for (const message of replies) {
        const sent = await call(app, 'POST', `/ops/api/chat/${conversation.id}/messages`, { token: support.token, body: { message }, address: '192.0.2.7' })
        expect(sent.status, JSON.stringify(sent.body)).toBe(200)
        const item = sent.body as unknown as ChatItem
        // Signed with the staff member's first name ("support 1"), never their username (half a login).
        expect(item).toMatchObject({ sender: 'agent', message, guestId: null, name: 'support' })
        expect(item).not.toHaveProperty('username')
        const heard = await client.next(byId(item._id))
        expect(heard.message).toEqual(message)
        expect(heard.name).toBe('support')
      }
      const history = (await chatHistory(app, guest, 10)).body as unknown as ChatItem[]
      expect(history.slice(0, 6).map((item) => item.message.message_type)).toEqual(['sticker', 'media', 'generic', 'quick_replies', 'buttons', 'text'])
      expect(history.slice(0, 6).map((item) => item.name)).toEqual(Array(6).fill('support'))
    } finally {
      client.socket.close()
    }

    const rows = await auditOf(app, `chat:${conversation.id}`)
    expect(rows.map((row) => row.action)).toEqual(Array(6).fill('chat.reply'))
    expect(rows[0]).toMatchObject({ staff_id: support.id, member_id: null, address: '192.0.2.7' })
    expect(JSON.parse(rows[0].after!)).toMatchObject({ messageType: 'text', sessionId: conversation.sessionId })
    // Answered: it left the waiting list.
    expect(conversations((await call(app, 'GET', '/ops/api/chat', { token: support.token })).body)).toEqual([])
  })

  it('refuses a reply the chat cannot show, and sends nothing for it', async () => {
    const { app } = await server()
    const support = await staffSession(app, 'support')
    const guest = { guestId: newGuestId() }
    await sendMessage(app, guest, textMessage('hi'))
    const [conversation] = conversations((await call(app, 'GET', '/ops/api/chat', { token: support.token })).body)
    const bad = [
      { message_type: 'text', payload: '   ' },
      { message_type: 'text', payload: 'x'.repeat(2001) },
      { message_type: 'postback', payload: { title: 'a', payload: 'b' } },
      { message_type: 'buttons', payload: { text: 'none', buttons: [] } },
      { message_type: 'media', payload: { url: true, fileType: 'image', filePath: 'javascript:alert(1)', name: 'x' } },
      { message_type: 'media', payload: { url: false, fileType: 'image', filePath: '/chat-files/x.png', name: 'x' } },
      { message_type: 'whatever', payload: {} },
      // A sticker the player's app could not load (its policy loads https pictures only), or no picture at all.
      { message_type: 'sticker', payload: { url: 'http://example.com/s.png' } },
      { message_type: 'sticker', payload: { url: 'javascript:alert(1)' } },
      { message_type: 'sticker', payload: { alt: 'no picture' } },
    ]
    for (const message of bad) {
      const answer = await call(app, 'POST', `/ops/api/chat/${conversation.id}/messages`, { token: support.token, body: { message } })
      expect(answer.status, JSON.stringify(message)).toBe(400)
    }
    expect(((await chatHistory(app, guest)).body as unknown as ChatItem[])).toHaveLength(1)
    expect(await auditOf(app, `chat:${conversation.id}`)).toEqual([])
  })

  it("ends a member's session once, recorded with the session ended; the next message starts a new one", async () => {
    const { app } = await server()
    const support = await staffSession(app, 'support')
    const token = await login(app)
    const member = { userId: String(DEMO_MEMBER_ID), token }
    await sendMessage(app, member, textMessage('please close my question'))
    const [conversation] = conversations((await call(app, 'GET', '/ops/api/chat', { token: support.token })).body)
    const ended = await call(app, 'POST', `/ops/api/chat/${conversation.id}/end`, { token: support.token, body: { sessionId: conversation.sessionId } })
    expect(ended.body).toMatchObject({ id: conversation.id, waiting: false, lastMessage: null, member: { id: String(DEMO_MEMBER_ID) } })
    const next = (ended.body as unknown as Conversation).sessionId
    expect(next).not.toBe(conversation.sessionId)
    // Ended already: the same session again, and the new one with nothing in it.
    expect(await call(app, 'POST', `/ops/api/chat/${conversation.id}/end`, { token: support.token, body: { sessionId: conversation.sessionId } }))
      .toMatchObject(expectError(409, 'ALREADY_DECIDED'))
    expect(await call(app, 'POST', `/ops/api/chat/${conversation.id}/end`, { token: support.token, body: { sessionId: next } }))
      .toMatchObject(expectError(409, 'ALREADY_DECIDED'))
    expect(conversations((await call(app, 'GET', '/ops/api/chat?state=open', { token: support.token })).body)).toEqual([])

    const after = (await sendMessage(app, member, textMessage('one more thing'))).body as unknown as ChatItem
    expect(after.session_id).toBe(next)
    const rows = await auditOf(app, `chat:${conversation.id}`)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ staff_id: support.id, action: 'chat.endSession', member_id: DEMO_MEMBER_ID })
    expect(JSON.parse(rows[0].before!)).toEqual({ sessionId: conversation.sessionId })
    expect(JSON.parse(rows[0].after!)).toEqual({ sessionId: next })
  })

  it("keeps the dev stand-in's newSession: it ends the session through the same function", async () => {
    const { app } = await server()
    const guest = { guestId: newGuestId() }
    const first = (await agentReply(app, guest, { message_type: 'text', payload: 'a' })).body as unknown as ChatItem
    const second = (await agentReply(app, guest, { message_type: 'text', payload: 'b' }, true)).body as unknown as ChatItem
    expect(second.session_id).not.toBe(first.session_id)
  })
})

describe(`two staff ending one session at once${onPostgres() ? ' on two instances' : ''}`, () => {
  it('ends it once: one answer, one ALREADY_DECIDED, one audit row', async () => {
    await startInstances(servers)
    const on = (i: number) => servers[i % servers.length].app
    // Both ends wait for each other before their handlers, so they start at one moment and, as a rule,
    // both read the session open before either ends it (without the update's check of the session
    // ended, both answer 200: shown on PostgreSQL). The hold is before the reads, so it does not
    // force that interleaving; it makes it the usual one.
    const hold: { meet?: () => Promise<void> } = {}
    for (const { app } of servers) {
      app.addHook('preHandler', async (request) => {
        if (hold.meet && request.method === 'POST' && /\/end$/.test(request.url)) await hold.meet()
      })
    }
    const guest = { guestId: newGuestId() }
    await sendMessage(on(0), guest, textMessage('two of you?'))
    const first = await staffSession(on(0), 'support')
    const second = await staffSession(on(1), 'admin')
    const [conversation] = conversations((await call(on(0), 'GET', '/ops/api/chat', { token: first.token })).body)
    hold.meet = barrier(2)
    const answers = await Promise.all([
      call(on(0), 'POST', `/ops/api/chat/${conversation.id}/end`, { token: first.token, body: { sessionId: conversation.sessionId } }),
      call(on(1), 'POST', `/ops/api/chat/${conversation.id}/end`, { token: second.token, body: { sessionId: conversation.sessionId } }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ message: 'ALREADY_DECIDED' })
    const rows = await auditOf(on(0), `chat:${conversation.id}`)
    expect(rows).toHaveLength(1)
    expect(rows[0].staff_id).toBe(answers[0].status === 200 ? first.id : second.id)
    // Two replies at once are both replies.
    const replies = await Promise.all([first, second].map((staff, i) =>
      call(on(i), 'POST', `/ops/api/chat/${conversation.id}/messages`, { token: staff.token, body: { message: { message_type: 'text', payload: `reply ${i}` } } })))
    expect(replies.map((reply) => reply.status)).toEqual([200, 200])
    expect(((await chatHistory(on(0), guest)).body as unknown as ChatItem[])).toHaveLength(3)
  })
})

describe("the member's unread count (GET /api/chat/unread)", () => {
  it("counts the agent's messages to a member who never opened the chat, and none once read", async () => {
    const { app } = await server()
    const token = await login(app)
    const member = { userId: String(DEMO_MEMBER_ID), token }
    expect((await call(app, 'GET', '/api/chat/unread', { token })).body).toEqual({ count: 0 })
    await agentReply(app, member, { message_type: 'text', payload: 'A bonus waits for you' })
    await agentReply(app, member, { message_type: 'text', payload: 'Still there?' })
    expect((await call(app, 'GET', '/api/chat/unread', { token })).body).toEqual({ count: 2 })
    // The player's own messages are not unread.
    await sendMessage(app, member, textMessage('yes'))
    expect((await call(app, 'GET', '/api/chat/unread', { token })).body).toEqual({ count: 2 })
    expect((await call(app, 'PUT', '/api/chat/read-customer/', { token, body: { userId: member.userId } })).status).toBe(200)
    expect((await call(app, 'GET', '/api/chat/unread', { token })).body).toEqual({ count: 0 })
    // Only the member's own room: a guest's replies are not theirs.
    await agentReply(app, { guestId: newGuestId() }, { message_type: 'text', payload: 'to a guest' })
    expect((await call(app, 'GET', '/api/chat/unread', { token })).body).toEqual({ count: 0 })
    expect(await call(app, 'GET', '/api/chat/unread')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })
})
