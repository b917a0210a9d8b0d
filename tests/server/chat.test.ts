// @vitest-environment node
// The live support chat (spec 7 "Chat", spec 9): a guest by its id or a member by its own token,
// messages stored once per deliver.id, history newest first, uploads checked by their bytes, the
// agent's dev stand-in, and socket.io rooms that only their owner hears. On PostgreSQL two server
// instances share the database, and an emit on one reaches the sockets of the other.
import { describe, expect, it } from 'vitest'
import type { ChatItem } from '../../contract'
import { DEMO, START, MINUTE, type TestServer, call, expectError, login, onDemoServer, onPostgres, registerMember, startServer, testStorage } from './helpers'
import {
  agentReply, byId, chatHistory, connectChat, gifBytes, handshake, isoMedia, jpegBytes, listening, newClientId, newGuestId, pngBytes, sendMessage,
  textMessage, upload, uploadAs, type Who,
} from './chatHelpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

async function memberWho(app = server.app, as = token): Promise<Who & { userId: string; token: string }> {
  const profile = await call(app, 'GET', '/api/account/profile', { token: as })
  return { userId: (profile.body.profile as { _id: string })._id, token: as }
}

const item = (result: { body: Record<string, unknown> }) => result.body as unknown as ChatItem
const rows = (app = server.app) => app.serverContext.db.selectFrom('chat_messages' as never).selectAll().execute() as Promise<Record<string, unknown>[]>

describe('GET /api/chat/config', () => {
  it('answers the room prefix, by default wallet', async () => {
    expect(await call(server.app, 'GET', '/api/chat/config')).toMatchObject({ status: 200, body: { PREFIX: 'wallet' } })
  })

  it('answers the prefix the server was given', async () => {
    const branded = await startServer({ chatPrefix: 'brand' })
    try {
      expect((await call(branded.app, 'GET', '/api/chat/config')).body).toEqual({ PREFIX: 'brand' })
    } finally {
      await branded.app.close()
    }
  })
})

describe('POST /api/chat/send-message', () => {
  it('stores a guest text message and answers the conversation item', async () => {
    const guest = { guestId: newGuestId() }
    const message = textMessage('hello')
    const result = await sendMessage(server.app, guest, message)
    expect(result.status).toBe(200)
    expect(result.body).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      sender: 'customer',
      message: { message_type: 'text', payload: 'hello', deliver: { id: message.deliver.id, status: 'succeed' } },
      createdAt: new Date(START).toISOString(),
      session_id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      userId: null,
      guestId: guest.guestId,
    })
  })

  it("stores a member's message with the member's username and name, behind the member's own token", async () => {
    const member = await memberWho()
    const result = await sendMessage(server.app, member, textMessage('from a member'))
    expect(result.status).toBe(200)
    expect(result.body).toMatchObject({ sender: 'customer', userId: member.userId, guestId: null, username: DEMO.phone, name: expect.any(String) })
  })

  it('refuses a member without a token, with a bad one, or with another member\'s', async () => {
    const member = await memberWho()
    const other = await registerMember(server.app)
    const body = { userId: member.userId, message: textMessage('x') }
    expect(await call(server.app, 'POST', '/api/chat/send-message', { body })).toMatchObject(expectError(401, 'UNAUTHORIZED'))
    expect(await call(server.app, 'POST', '/api/chat/send-message', { body, token: 'x'.repeat(32) })).toMatchObject(expectError(401, 'invalid token'))
    expect(await call(server.app, 'POST', '/api/chat/send-message', { body, token: other })).toMatchObject(expectError(403, 'UNAUTHORIZED'))
    expect(await rows()).toEqual([])
  })

  it('needs exactly one of userId and guestId, and a guest id that is not all digits', async () => {
    const member = await memberWho()
    const send = (body: Record<string, unknown>) => call(server.app, 'POST', '/api/chat/send-message', { body: { ...body, message: textMessage('x') }, token })
    expect(await send({})).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await send({ userId: member.userId, guestId: newGuestId() })).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await send({ guestId: '1234567890123456' })).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await send({ guestId: 'short' })).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await send({ guestId: 'has spaces in it ok' })).toMatchObject(expectError(400, 'KEY_INVALID'))
  })

  it('refuses blank or too long text, unknown types and extra keys (spec 5, 9)', async () => {
    const guest = { guestId: newGuestId() }
    const send = (message: unknown) => call(server.app, 'POST', '/api/chat/send-message', { body: { ...guest, message } })
    expect(await send(textMessage('   '))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await send(textMessage(''))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await send(textMessage('a'.repeat(2001)))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect((await send(textMessage('a'.repeat(2000)))).status).toBe(200)
    expect(await send({ message_type: 'buttons', payload: { text: 'x', buttons: [] }, deliver: { id: newClientId() } })).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await send({ message_type: 'text', payload: 'x' })).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await send({ ...textMessage('x'), extra: 1 })).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await send({ message_type: 'text', payload: 'x', deliver: { id: 'bad id' } })).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await call(server.app, 'POST', '/api/chat/send-message', { body: guest })).toMatchObject(expectError(400, 'KEY_MISSING'))
  })

  it("takes a postback button's payload", async () => {
    const result = await sendMessage(server.app, { guestId: newGuestId() }, { message_type: 'postback', payload: { title: 'Deposit', payload: 'DEPOSIT' }, deliver: { id: newClientId() } })
    expect(result).toMatchObject({ status: 200, body: { message: { message_type: 'postback', payload: { title: 'Deposit', payload: 'DEPOSIT' } } } })
  })

  it('answers a resent deliver.id with the message stored the first time, stored once', async () => {
    const guest = { guestId: newGuestId() }
    const id = newClientId()
    const first = await sendMessage(server.app, guest, textMessage('once', id))
    const again = await sendMessage(server.app, guest, textMessage('once', id))
    const changed = await sendMessage(server.app, guest, textMessage('edited on the way', id))
    expect(again).toMatchObject({ status: 200, body: first.body })
    expect(changed).toMatchObject({ status: 200, body: first.body })
    expect(await rows()).toHaveLength(1)
    // The same client id in another room is another message.
    expect((await sendMessage(server.app, { guestId: newGuestId() }, textMessage('twin', id))).status).toBe(200)
    expect(await rows()).toHaveLength(2)
  })

  it('limits the messages of one room a minute (429 REQUEST_LIMIT); a resend is not counted', async () => {
    const limited = await startServer({ limits: { chatMessages: 3 } })
    try {
      const guest = { guestId: newGuestId() }
      const first = textMessage('1')
      for (const message of [first, textMessage('2'), textMessage('3')]) expect((await sendMessage(limited.app, guest, message)).status).toBe(200)
      expect((await sendMessage(limited.app, guest, first)).status).toBe(200)
      expect(await sendMessage(limited.app, guest, textMessage('4'))).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
      expect((await sendMessage(limited.app, { guestId: newGuestId() }, textMessage('other room'))).status).toBe(200)
      limited.advance(MINUTE)
      expect((await sendMessage(limited.app, guest, textMessage('5'))).status).toBe(200)
      expect(await sendMessage(limited.app, guest, textMessage('6'))).toMatchObject({ status: 200 })
      expect(await sendMessage(limited.app, guest, textMessage('7'))).toMatchObject({ status: 200 })
      expect(await sendMessage(limited.app, guest, textMessage('8'))).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
      expect((await call(limited.app, 'POST', '/dev/reset-limits')).status).toBe(200)
      expect((await sendMessage(limited.app, guest, textMessage('9'))).status).toBe(200)
    } finally {
      await limited.app.close()
    }
  })

  it('limits the messages of one address across rooms: a new guest id for each message does not get past it', async () => {
    const limited = await startServer({ limits: { chatMessages: 100, chatMessagesPerAddress: 3 } })
    try {
      for (const text of ['1', '2', '3']) expect((await sendMessage(limited.app, { guestId: newGuestId() }, textMessage(text))).status).toBe(200)
      expect(await sendMessage(limited.app, { guestId: newGuestId() }, textMessage('4'))).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
      limited.advance(MINUTE)
      expect((await sendMessage(limited.app, { guestId: newGuestId() }, textMessage('5'))).status).toBe(200)
    } finally {
      await limited.app.close()
    }
  })
})

describe('POST /api/chat/history', () => {
  it('answers newest first, a page at a time, with the agent\'s replies', async () => {
    const guest = { guestId: newGuestId() }
    const sent: string[] = []
    for (const n of [1, 2, 3, 4]) sent.push(item(await sendMessage(server.app, guest, textMessage(`m${n}`)))._id)
    sent.push(item(await agentReply(server.app, guest, { message_type: 'text', payload: 'agent' }))._id)
    const page = async (limit: number, skip: number) => (await chatHistory(server.app, guest, limit, skip)).body as unknown as ChatItem[]
    expect((await page(3, 0)).map((entry) => entry._id)).toEqual([sent[4], sent[3], sent[2]])
    expect((await page(3, 3)).map((entry) => entry._id)).toEqual([sent[1], sent[0]])
    expect(await page(3, 6)).toEqual([])
    expect((await page(10, 0))[0]).toMatchObject({ sender: 'agent', message: { message_type: 'text', payload: 'agent' } })
    expect((await page(10, 0))[0].message.deliver).toBeUndefined()
  })

  it('answers an empty list for a room that has nothing', async () => {
    expect(await chatHistory(server.app, { guestId: newGuestId() })).toMatchObject({ status: 200, body: [] })
    expect(await chatHistory(server.app, await memberWho())).toMatchObject({ status: 200, body: [] })
  })

  it("never shows a member's conversation to a guest or to another member", async () => {
    const member = await memberWho()
    await sendMessage(server.app, member, textMessage('private'))
    const other = await registerMember(server.app)
    const body = { userId: member.userId, limit: 10, skip: 0 }
    expect(await call(server.app, 'POST', '/api/chat/history', { body })).toMatchObject(expectError(401, 'UNAUTHORIZED'))
    expect(await call(server.app, 'POST', '/api/chat/history', { body, token: other })).toMatchObject(expectError(403, 'UNAUTHORIZED'))
    // A guest id cannot be a member id: all digits is refused.
    expect(await call(server.app, 'POST', '/api/chat/history', { body: { guestId: member.userId.padStart(16, '0'), limit: 10, skip: 0 } }))
      .toMatchObject(expectError(400, 'KEY_INVALID'))
    expect((await chatHistory(server.app, member)).body).toHaveLength(1)
  })

  it('refuses a page beyond the largest, or out of range', async () => {
    const guest = { guestId: newGuestId() }
    const history = (limit: unknown, skip: unknown) => call(server.app, 'POST', '/api/chat/history', { body: { ...guest, limit, skip } })
    expect(await history(51, 0)).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await history(0, 0)).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await history(10, -1)).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await history('10', 0)).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect((await history(50, 0)).status).toBe(200)
  })
})

describe('PUT /api/chat/read-customer/', () => {
  it("records when the customer read, for a guest or the member's own room", async () => {
    const guest = { guestId: newGuestId() }
    // A room nobody wrote in gets no row from a read mark.
    expect(await call(server.app, 'PUT', '/api/chat/read-customer/', { body: guest })).toMatchObject({ status: 200, body: { message: 'OK' } })
    expect((await server.app.serverContext.db.selectFrom('chat_rooms' as never).selectAll().execute() as { owner: string }[]).filter((room) => room.owner === guest.guestId)).toHaveLength(0)
    expect((await sendMessage(server.app, guest, textMessage('hello'))).status).toBe(200)
    expect(await call(server.app, 'PUT', '/api/chat/read-customer/', { body: guest })).toMatchObject({ status: 200, body: { message: 'OK' } })
    const member = await memberWho()
    expect((await sendMessage(server.app, member, textMessage('hi'))).status).toBe(200)
    server.advance(MINUTE)
    expect(await call(server.app, 'PUT', '/api/chat/read-customer', { body: { userId: member.userId }, token })).toMatchObject({ status: 200, body: { message: 'OK' } })
    const rooms = await server.app.serverContext.db.selectFrom('chat_rooms' as never).selectAll().execute() as { owner: string; customer_read_at: number }[]
    expect(rooms.map((room) => [room.owner, Number(room.customer_read_at)]).sort()).toEqual([[guest.guestId, START], [member.userId, START + MINUTE]].sort())
    expect(await call(server.app, 'PUT', '/api/chat/read-customer/', { body: { userId: member.userId } })).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })
})

describe('POST /api/chat/upload-image and upload-video', () => {
  const MB = 1024 * 1024

  it('keeps png, jpeg and gif images under a name of its own, served with their type', async () => {
    const guest = { guestId: newGuestId() }
    for (const [bytes, extension, type] of [[pngBytes(), 'png', 'image/png'], [jpegBytes(), 'jpg', 'image/jpeg'], [gifBytes(), 'gif', 'image/gif']] as const) {
      const result = await uploadAs(server.app, 'image', guest, bytes)
      expect(result.status, JSON.stringify(result.body)).toBe(200)
      const path = result.body.path as string
      expect(path).toMatch(new RegExp(`^/chat-files/[A-Za-z0-9_-]{32}\\.${extension}$`))
      const served = await server.app.inject({ method: 'GET', url: path })
      expect(served.statusCode).toBe(200)
      expect(served.rawPayload.equals(bytes)).toBe(true)
      expect(served.headers).toMatchObject({
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'cross-origin',
        'cache-control': expect.stringMatching(/^private\b/),
      })
    }
  })

  it('keeps mp4 and QuickTime videos, served in ranges for video players', async () => {
    const guest = { guestId: newGuestId() }
    for (const [bytes, extension, type] of [[isoMedia('isom'), 'mp4', 'video/mp4'], [isoMedia('qt  '), 'mov', 'video/quicktime'], [Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('moov'), Buffer.alloc(32)]), 'mov', 'video/quicktime']] as const) {
      const result = await uploadAs(server.app, 'video', guest, bytes)
      expect(result.status, JSON.stringify(result.body)).toBe(200)
      expect(result.body.path).toMatch(new RegExp(`\\.${extension}$`))
      const served = await server.app.inject({ method: 'GET', url: result.body.path as string, headers: { range: 'bytes=0-7' } })
      expect(served.statusCode).toBe(206)
      expect(served.headers['content-type']).toBe(type)
      expect(served.rawPayload.equals(bytes.subarray(0, 8))).toBe(true)
      expect(served.headers['cache-control']).toBe('private, max-age=86400')
      // A range past the end is refused, and the refusal is not kept as the file would be.
      const beyond = await server.app.inject({ method: 'GET', url: result.body.path as string, headers: { range: 'bytes=100000-100007' } })
      expect(beyond.statusCode).toBe(416)
      expect(beyond.headers['cache-control']).not.toBe('private, max-age=86400')
    }
  })

  it('refuses what its bytes say is not an image or a video of the kind asked (400 CHAT_FILE_NOT_SUPPORTED)', async () => {
    const guest = { guestId: newGuestId() }
    const text = Buffer.from('<script>alert(1)</script> not an image at all')
    expect(await uploadAs(server.app, 'image', guest, text)).toMatchObject(expectError(400, 'CHAT_FILE_NOT_SUPPORTED'))
    expect(await uploadAs(server.app, 'video', guest, text)).toMatchObject(expectError(400, 'CHAT_FILE_NOT_SUPPORTED'))
    expect(await uploadAs(server.app, 'image', guest, isoMedia('isom'))).toMatchObject(expectError(400, 'CHAT_FILE_NOT_SUPPORTED'))
    expect(await uploadAs(server.app, 'video', guest, pngBytes())).toMatchObject(expectError(400, 'CHAT_FILE_NOT_SUPPORTED'))
    // HEIF pictures are ISO base media too, but not video.
    expect(await uploadAs(server.app, 'video', guest, isoMedia('heic'))).toMatchObject(expectError(400, 'CHAT_FILE_NOT_SUPPORTED'))
  })

  it('refuses an image over 10 MB and a video over 20 MB (413 CHAT_FILE_TOO_LARGE)', async () => {
    const guest = { guestId: newGuestId() }
    const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)])
    // One byte over each limit (the form itself is within the route's body limit)...
    expect(await uploadAs(server.app, 'image', guest, padded(pngBytes(), 10 * MB + 1))).toMatchObject(expectError(413, 'CHAT_FILE_TOO_LARGE'))
    expect(await uploadAs(server.app, 'video', guest, padded(isoMedia('mp42'), 20 * MB + 1))).toMatchObject(expectError(413, 'CHAT_FILE_TOO_LARGE'))
    // ...and a body over the route's limit, refused before it is read.
    expect(await uploadAs(server.app, 'image', guest, padded(pngBytes(), 11 * MB))).toMatchObject(expectError(413, 'CHAT_FILE_TOO_LARGE'))
    expect((await uploadAs(server.app, 'image', guest, padded(pngBytes(), 1 * MB))).status).toBe(200)
  })

  it('needs the identity in the form, a member\'s own token, a file, and a multipart body', async () => {
    const member = await memberWho()
    expect(await upload(server.app, 'image', {}, pngBytes())).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await upload(server.app, 'image', { guestId: newGuestId(), userId: member.userId }, pngBytes())).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await upload(server.app, 'image', { guestId: '12345678901234567' }, pngBytes())).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await upload(server.app, 'image', { userId: member.userId }, pngBytes())).toMatchObject(expectError(401, 'UNAUTHORIZED'))
    expect(await upload(server.app, 'image', { userId: member.userId }, pngBytes(), await registerMember(server.app))).toMatchObject(expectError(403, 'UNAUTHORIZED'))
    expect((await uploadAs(server.app, 'image', member, pngBytes())).status).toBe(200)
    expect(await upload(server.app, 'image', { guestId: newGuestId() })).toMatchObject(expectError(400, 'KEY_MISSING'))
    const raw = await server.app.inject({ method: 'POST', url: '/api/chat/upload-image', headers: { 'content-type': 'image/png' }, payload: pngBytes() })
    expect({ status: raw.statusCode, body: raw.json() }).toMatchObject(expectError(400, 'KEY_INVALID'))
  })

  it('limits the uploads of one room (429 REQUEST_LIMIT)', async () => {
    const limited = await startServer({ limits: { chatUploads: 2 } })
    try {
      const guest = { guestId: newGuestId() }
      expect((await uploadAs(limited.app, 'image', guest, pngBytes())).status).toBe(200)
      expect((await uploadAs(limited.app, 'video', guest, isoMedia('isom'))).status).toBe(200)
      expect(await uploadAs(limited.app, 'image', guest, pngBytes())).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
      expect((await uploadAs(limited.app, 'image', { guestId: newGuestId() }, pngBytes())).status).toBe(200)
      limited.advance(10 * MINUTE)
      expect((await uploadAs(limited.app, 'image', guest, pngBytes())).status).toBe(200)
    } finally {
      await limited.app.close()
    }
  })

  it('answers 404 NO_DATA for a file it does not have', async () => {
    for (const url of ['/chat-files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png', '/chat-files/nothing.txt', '/chat-files/../wallet.db', '/chat-files/a/b', '/chat-files/']) {
      const response = await server.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toEqual({ message: 'NO_DATA' })
    }
  })

  it('lets a media message name only a file its own room uploaded, as the upload answered it', async () => {
    const guest = { guestId: newGuestId() }
    const path = (await uploadAs(server.app, 'image', guest, pngBytes())).body.path as string
    const media = (payload: Record<string, unknown>) => ({
      message_type: 'media' as const,
      payload: { url: false, fileType: 'image' as const, filePath: path, name: 'photo.png', ...payload },
      deliver: { id: newClientId() },
    })
    const sent = await sendMessage(server.app, guest, media({ message: 'my slip' }))
    expect(sent).toMatchObject({ status: 200, body: { message: { message_type: 'media', payload: { url: false, fileType: 'image', filePath: path, name: 'photo.png', message: 'my slip' } } } })
    expect(await sendMessage(server.app, { guestId: newGuestId() }, media({}))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await sendMessage(server.app, guest, media({ url: true }))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await sendMessage(server.app, guest, media({ fileType: 'video' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await sendMessage(server.app, guest, media({ filePath: 'https://example.com/x.png' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await sendMessage(server.app, guest, media({ filePath: '/chat-files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
  })
})

describe('POST /dev/chat/reply', () => {
  const AGENT_MESSAGES = [
    { message_type: 'text', payload: 'Hello, how can I help?' },
    { message_type: 'buttons', payload: { text: 'Pick one', buttons: [{ title: 'Site', type: 'web', payload: 'https://example.com' }, { title: 'Call', type: 'call', payload: '021234567' }, { title: 'Deposit', type: 'postback', payload: 'DEPOSIT' }] } },
    { message_type: 'media', payload: { url: true, fileType: 'image', filePath: 'https://example.com/promo.png', name: 'promo.png', message: 'Our promotion' } },
    { message_type: 'quick_replies', payload: { text: 'Anything else?', quick_replies: [{ title: 'Yes', type: 'text' }, { title: 'No', type: 'text' }] } },
    { message_type: 'generic', payload: { elements: [{ image_url: 'https://example.com/1.png', title: 'Slot', subtitle: 'Play now', buttons: [{ title: 'Open', type: 'web', payload: 'https://example.com' }] }] } },
    { message_type: 'postback', payload: { title: 'Deposit', payload: 'DEPOSIT' } },
    { message_type: 'some_future_type', payload: { whatever: [1, 2, 3] } },
  ]

  it('stores an agent message of every type for a guest and for a member', async () => {
    for (const who of [{ guestId: newGuestId() }, await memberWho()]) {
      for (const message of AGENT_MESSAGES) {
        const result = await agentReply(server.app, who, message)
        expect(result.status, JSON.stringify(result.body)).toBe(200)
        expect(result.body).toMatchObject({ sender: 'agent', message, userId: 'userId' in who ? who.userId : null, guestId: 'guestId' in who ? who.guestId : null })
      }
      const history = (await chatHistory(server.app, who, 50)).body as unknown as ChatItem[]
      expect(history.map((entry) => entry.message).reverse()).toEqual(AGENT_MESSAGES)
    }
  })

  it('starts a new session when asked; later messages carry it', async () => {
    const guest = { guestId: newGuestId() }
    const first = item(await sendMessage(server.app, guest, textMessage('hi')))
    expect(item(await agentReply(server.app, guest, { message_type: 'text', payload: 'same session' })).session_id).toBe(first.session_id)
    const ended = item(await agentReply(server.app, guest, { message_type: 'text', payload: 'new session' }, true))
    expect(ended.session_id).not.toBe(first.session_id)
    expect(item(await sendMessage(server.app, guest, textMessage('again'))).session_id).toBe(ended.session_id)
    expect(item(await agentReply(server.app, guest, { message_type: 'text', payload: 'still' }, false)).session_id).toBe(ended.session_id)
  })

  it("carries the agent's name the player sees when given, and none when not (issue 51 §5)", async () => {
    const guest = { guestId: newGuestId() }
    const named = await call(server.app, 'POST', '/dev/chat/reply', { body: { guestId: guest.guestId, name: 'Nok', message: { message_type: 'text', payload: 'hi' } } })
    expect(item(named)).toMatchObject({ sender: 'agent', name: 'Nok' })
    expect(item(await agentReply(server.app, guest, { message_type: 'text', payload: 'unnamed' }))).not.toHaveProperty('name')
    expect(((await chatHistory(server.app, guest)).body as unknown as ChatItem[]).map((entry) => entry.name ?? null)).toEqual([null, 'Nok'])
    expect(await call(server.app, 'POST', '/dev/chat/reply', { body: { guestId: guest.guestId, name: '  ', message: { message_type: 'text', payload: 'x' } } })).toMatchObject({ status: 400 })
  })

  it('refuses an unknown member, and names exactly one of the two', async () => {
    expect(await agentReply(server.app, { userId: '999999', token: '' }, { message_type: 'text', payload: 'x' })).toMatchObject(expectError(404, 'NO_DATA'))
    expect(await call(server.app, 'POST', '/dev/chat/reply', { body: { message: { message_type: 'text', payload: 'x' } } })).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await call(server.app, 'POST', '/dev/chat/reply', { body: { guestId: newGuestId(), message: { message_type: '', payload: 'x' } } })).toMatchObject(expectError(400, 'KEY_MISSING'))
  })
})

describe('the chat socket', () => {
  it('refuses a bad handshake with its code', async () => {
    const url = await listening(server.app)
    expect(await handshake(url, { token: 'x'.repeat(32) })).toBe('invalid token')
    expect(await handshake(url, {})).toBe('UNAUTHORIZED')
    expect(await handshake(url, { guestId: '1234567890123456' })).toBe('KEY_INVALID')
    expect(await handshake(url, { guestId: newGuestId(), token })).toBe('KEY_INVALID')
    expect(await handshake(url, { token })).toBe('connected')
    expect(await handshake(url, { guestId: newGuestId() })).toBe('connected')
    await call(server.app, 'POST', '/api/logout', { token })
    expect(await handshake(url, { token })).toBe('invalid token')
  })

  it("brings a guest its own messages and the agent's replies as they are stored, each once", async () => {
    const url = await listening(server.app)
    const guest = { guestId: newGuestId() }
    const client = await connectChat(url, guest)
    try {
      const message = textMessage('hello live')
      const mine = item(await sendMessage(server.app, guest, message))
      expect(await client.next(byId(mine._id))).toEqual(mine)
      // A resend of the same deliver.id is not sent again.
      expect(item(await sendMessage(server.app, guest, message))._id).toBe(mine._id)
      const reply = item(await agentReply(server.app, guest, { message_type: 'text', payload: 'agent here' }))
      expect(await client.next(byId(reply._id))).toEqual(reply)
      expect(client.received.map((entry) => entry._id)).toEqual([mine._id, reply._id])
    } finally {
      client.socket.close()
    }
  })

  it("never brings one room's messages to another: guest, member, other member", async () => {
    const url = await listening(server.app)
    const member = await memberWho()
    const other = await memberWho(server.app, await registerMember(server.app))
    const guest = { guestId: newGuestId() }
    const [memberClient, otherClient, guestClient] = await Promise.all([connectChat(url, { token: member.token }), connectChat(url, { token: other.token }), connectChat(url, guest)])
    try {
      const sent = item(await sendMessage(server.app, member, textMessage('member only')))
      await memberClient.next(byId(sent._id))
      // Sent after the member's was delivered: anything of it would have reached them first.
      const toOther = item(await agentReply(server.app, other, { message_type: 'text', payload: 'for the other member' }))
      const toGuest = item(await agentReply(server.app, guest, { message_type: 'text', payload: 'for the guest' }))
      await Promise.all([otherClient.next(byId(toOther._id)), guestClient.next(byId(toGuest._id))])
      expect(memberClient.received.map((entry) => entry._id)).toEqual([sent._id])
      expect(otherClient.received.map((entry) => entry._id)).toEqual([toOther._id])
      expect(guestClient.received.map((entry) => entry._id)).toEqual([toGuest._id])
    } finally {
      for (const client of [memberClient, otherClient, guestClient]) client.socket.close()
    }
  })

  it('lets the server close with sockets still connected, cutting their connections so each client reconnects (issue 49 §4)', async () => {
    const own = await startServer()
    const client = await connectChat(await listening(own.app), { guestId: newGuestId() })
    const disconnected = new Promise<string>((resolve) => client.socket.once('disconnect', resolve))
    await own.app.close()
    // Not 'io server disconnect', after which socket.io's client stays away: the balancer sends the
    // reconnection to another instance.
    expect(await disconnected).toBe('transport close')
    expect(client.socket.active, 'the client reconnects by itself').toBe(true)
    client.socket.close()
  })

  it('grants a join of its own room only', async () => {
    const url = await listening(server.app)
    const member = await memberWho()
    const guest = { guestId: newGuestId() }
    const client = await connectChat(url, guest)
    try {
      expect(await client.socket.emitWithAck('join', `wallet-${guest.guestId}`)).toEqual({ joined: true })
      expect(await client.socket.emitWithAck('join', `wallet-${member.userId}`)).toEqual({ joined: false })
      expect(await client.socket.emitWithAck('join', { room: 'x' })).toEqual({ joined: false })
      const sent = item(await sendMessage(server.app, member, textMessage('not for the guest')))
      const mine = item(await agentReply(server.app, guest, { message_type: 'text', payload: 'for the guest' }))
      await client.next(byId(mine._id))
      expect(client.received.map((entry) => entry._id)).not.toContain(sent._id)
    } finally {
      client.socket.close()
    }
  })
})

describe(`the chat across instances${onPostgres() ? ' (two instances, one database)' : ''}`, () => {
  it('brings a socket on one instance what the other stored, once, and stores a resend racing on both once', async () => {
    const storage = await testStorage()
    const a = await startServer(storage)
    const b = onPostgres() ? await startServer(storage) : a
    try {
      const url = await listening(a.app)
      const memberToken = await login(b.app)
      const member = await memberWho(b.app, memberToken)
      const guest = { guestId: newGuestId() }
      const [memberClient, guestClient] = await Promise.all([connectChat(url, { token: memberToken }), connectChat(url, guest)])
      try {
        const started = performance.now()
        const reply = item(await agentReply(b.app, member, { message_type: 'text', payload: 'from the other instance' }))
        expect(await memberClient.next(byId(reply._id))).toEqual(reply)
        const elapsed = performance.now() - started

        const message = textMessage('through B')
        const sent = item(await sendMessage(b.app, guest, message))
        expect(await guestClient.next(byId(sent._id))).toEqual(sent)

        // The same deliver.id on both instances at once: one row, one answer, one emit.
        const racing = textMessage('sent twice at once')
        const results = await Promise.all([sendMessage(a.app, guest, racing), sendMessage(b.app, guest, racing)])
        expect(results.map((result) => result.status)).toEqual([200, 200])
        expect(results[0].body).toEqual(results[1].body)
        const raced = item(results[0])
        await guestClient.next(byId(raced._id))

        const sentinel = item(await agentReply(b.app, guest, { message_type: 'text', payload: 'last' }))
        await guestClient.next(byId(sentinel._id))
        expect(guestClient.received.map((entry) => entry._id)).toEqual([sent._id, raced._id, sentinel._id])
        expect(memberClient.received.map((entry) => entry._id)).toEqual([reply._id])
        const stored = await a.app.serverContext.db.selectFrom('chat_messages' as never).select('client_id' as never).execute() as { client_id: string | null }[]
        expect(stored.filter((row) => row.client_id === racing.deliver.id)).toHaveLength(1)
        console.log(`[chat] ${onPostgres() ? 'PostgreSQL, 2 instances' : 'SQLite, 1 instance'}: agent reply on B reached the member socket on A in ${elapsed.toFixed(0)} ms`)
      } finally {
        memberClient.socket.close()
        guestClient.socket.close()
      }
    } finally {
      await a.app.close()
      if (b !== a) await b.app.close()
    }
  })
})
