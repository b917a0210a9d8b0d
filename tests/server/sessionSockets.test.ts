// @vitest-environment node
// Sessions end everywhere (issue 31): a sign-out, a password change, the ten-session cap and
// endSessions itself cut the chat sockets opened with the ended sessions at once, on every instance
// (on PostgreSQL two instances share the database, the sockets on one and the call on the other),
// and leave every other socket connected (so does a production start that disables the demo member); a session that expires while its socket is connected
// has it cut at the expiry; a revoked or expired token is refused at the handshake.
import Fastify, { type FastifyInstance } from 'fastify'
import type { Socket } from 'socket.io-client'
import { afterEach, describe, expect, it } from 'vitest'
import { startChatHub } from '../../server/chat/socket'
import type { SocketOwner } from '../../server/chat/identity'
import { fail } from '../../server/shared/http/errors'
import { sessionRoom } from '../../server/auth/sessions'
import { endSessions } from '../../server/auth/sessions'
import { MAX_SESSIONS_PER_MEMBER } from '../../server/auth/repo'
import { markProduction } from '../../server/seed/productionMark'
import { sha256 } from '../../server/shared/tokens'
import { DEMO, START, type TestServer, call, login, onPostgres, registerMember, startServer, testStorage } from './helpers'
import { agentReply, byId, type ChatClient, connectChat, handshake, listening, newGuestId, type Who } from './chatHelpers'
import type { ChatItem } from '../../contract'

let running: { app: FastifyInstance }[] = []
let clients: ChatClient[] = []
afterEach(async () => {
  clients.forEach((client) => client.socket.close())
  clients = []
  await Promise.all(running.map((server) => server.app.close()))
  running = []
})

/** Instance A and instance B: two on one PostgreSQL database, or the one SQLite instance twice. */
async function instances(options: Parameters<typeof startServer>[0] = {}) {
  const storage = await testStorage()
  const a = await startServer({ ...storage, ...options })
  running.push(a)
  const b = onPostgres() ? await startServer({ ...storage, ...options }) : a
  if (b !== a) running.push(b)
  const urlA = await listening(a.app)
  return { a, b, urlA, urlB: b === a ? urlA : await listening(b.app) }
}

async function connect(url: string, auth: { token: string } | { guestId: string }): Promise<ChatClient> {
  const client = await connectChat(url, auth)
  clients.push(client)
  return client
}

/** The reason of the socket's next disconnect (socket.io's 'io server disconnect' when the server cut it). */
const nextDisconnect = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve))

async function memberId(server: TestServer, token: string): Promise<string> {
  const profile = await call(server.app, 'GET', '/api/account/profile', { token })
  return (profile.body.profile as { _id: string })._id
}

/** Each of these sockets still hears its room: an agent reply sent after the cut reaches it. */
async function expectStillConnected(server: TestServer, sockets: { client: ChatClient; who: Who }[]) {
  for (const { client, who } of sockets) {
    const reply = (await agentReply(server.app, who, { message_type: 'text', payload: 'still here?' })).body as unknown as ChatItem
    expect(await client.next(byId(reply._id))).toMatchObject({ _id: reply._id })
    expect(client.socket.connected).toBe(true)
  }
}

describe(`sessions end everywhere${onPostgres() ? ' (two instances, one database)' : ''}`, () => {
  it("cuts at once a signed-out session's socket on the other instance, and only that socket", async () => {
    const { a, b, urlA, urlB } = await instances()
    const signedOut = await login(a.app)
    const otherDevice = await login(b.app)
    const otherMember = await registerMember(b.app)
    const demoId = await memberId(a, signedOut)
    const guestId = newGuestId()
    const [cutSocket, otherDeviceSocket, otherMemberSocket, guestSocket] = await Promise.all([
      connect(urlB, { token: signedOut }),
      connect(urlA, { token: otherDevice }),
      connect(urlB, { token: otherMember }),
      connect(urlB, { guestId }),
    ])
    const cut = nextDisconnect(cutSocket.socket)

    expect((await call(a.app, 'POST', '/api/logout', { token: signedOut })).status).toBe(200)
    expect(await cut).toBe('io server disconnect')
    expect(await handshake(urlB, { token: signedOut })).toBe('invalid token')
    await expectStillConnected(b, [
      { client: otherDeviceSocket, who: { userId: demoId, token: otherDevice } },
      { client: otherMemberSocket, who: { userId: await memberId(b, otherMember), token: otherMember } },
      { client: guestSocket, who: { guestId } },
    ])
    // The cut socket heard none of it.
    expect(cutSocket.received).toEqual([])
  })

  it("cuts the other sessions' sockets on a password change, not its own", async () => {
    const { a, b, urlA, urlB } = await instances()
    const changing = await login(a.app)
    const others = [await login(a.app), await login(b.app)]
    const demoId = await memberId(a, changing)
    const own = await connect(urlB, { token: changing })
    const otherSockets = await Promise.all([connect(urlA, { token: others[0] }), connect(urlB, { token: others[1] })])
    const cuts = otherSockets.map((client) => nextDisconnect(client.socket))

    const changed = await call(a.app, 'PUT', '/api/account/changepwd', { token: changing, body: { oldPassword: DEMO.password, newPassword: 'another9' } })
    expect(changed.status).toBe(200)
    expect(await Promise.all(cuts)).toEqual(['io server disconnect', 'io server disconnect'])
    await expectStillConnected(a, [{ client: own, who: { userId: demoId, token: changing } }])
  })

  it('endSessions cuts the sockets of every session it names, on both instances', async () => {
    const { a, b, urlA, urlB } = await instances()
    const ended = [await login(a.app), await login(b.app)]
    const kept = await login(b.app)
    const demoId = await memberId(a, kept)
    const endedSockets = await Promise.all([connect(urlA, { token: ended[0] }), connect(urlB, { token: ended[1] })])
    const keptSocket = await connect(urlA, { token: kept })
    const cuts = endedSockets.map((client) => nextDisconnect(client.socket))

    await endSessions(b.app.serverContext, ended.map(sha256))
    expect(await Promise.all(cuts)).toEqual(['io server disconnect', 'io server disconnect'])
    // Instance a hears of the ended rows by its own notification (auth/sessionCache.ts), which may come
    // a moment after the adapter's cut: refused once it has.
    for (const token of ended) await expect.poll(async () => (await call(a.app, 'GET', '/api/account/profile', { token })).status).toBe(401)
    await expectStillConnected(b, [{ client: keptSocket, who: { userId: demoId, token: kept } }])
  })

  it('endSessions with no session cuts nothing', async () => {
    const { a, b, urlB } = await instances()
    const token = await login(a.app)
    const guestId = newGuestId()
    const sockets = await Promise.all([connect(urlB, { token }), connect(urlB, { guestId })])
    await endSessions(a.app.serverContext, [])
    await expectStillConnected(b, [
      { client: sockets[0], who: { userId: await memberId(a, token), token } },
      { client: sockets[1], who: { guestId } },
    ])
  })

  it('cuts the socket of the oldest session when a sign-in passes the cap', async () => {
    const { a, b, urlB } = await instances()
    const oldest = await login(a.app)
    const oldestSocket = await connect(urlB, { token: oldest })
    const cut = nextDisconnect(oldestSocket.socket)
    // A second apart, so the oldest is the first (equal times have no order among them).
    for (let index = 1; index < MAX_SESSIONS_PER_MEMBER; index++) {
      a.advance(1000)
      await login(a.app)
    }
    expect(oldestSocket.socket.connected).toBe(true)
    a.advance(1000)
    const newest = await login(a.app)
    expect(await cut).toBe('io server disconnect')
    const newestSocket = await connect(urlB, { token: newest })
    await expectStillConnected(b, [{ client: newestSocket, who: { userId: await memberId(b, newest), token: newest } }])
  })

  // Two instances on one database need PostgreSQL: on SQLite the test is not defined at all.
  if (onPostgres()) it("cuts a demo member's socket on a running instance when a production instance disables it", async () => {
    const storage = await testStorage()
    const demo = await startServer(storage)
    running.push(demo)
    const client = await connect(await listening(demo.app), { token: await login(demo.app) })
    const cut = nextDisconnect(client.socket)
    // Production does not take a demo's database (productionMark.test.ts): this is the one whose
    // mark came while a demo started on it (two starts on one empty database at once), or that an
    // older release's production took.
    await markProduction(demo.app.serverContext.db, Date.now())
    running.push(await startServer({ ...storage, mode: 'production' }))
    expect(await cut).toBe('io server disconnect')
  })

  it('cuts a socket when its session expires, and refuses the expired token at the handshake', async () => {
    const ttl = 60_000
    const { a, urlA } = await instances({ sessionTtlMs: ttl })
    const token = await login(a.app)
    // The server's clock (a test's, which stands still) 200 ms before the expiry: the socket is cut
    // 200 ms of real time after it connected, however slow the machine.
    a.setTime(START + ttl - 200)
    const client = await connect(urlA, { token })
    expect(await nextDisconnect(client.socket)).toBe('io server disconnect')
    a.setTime(START + ttl)
    expect(await handshake(urlA, { token })).toBe('EXPIRED_AUTH_TOKEN')
  })

  it('cuts a socket whose session ended while its handshake was being checked', async () => {
    // The hub alone, its handshake held: the session ends (its cut goes out to an empty room)
    // after the handshake read it and before the socket joined its room.
    const app = Fastify()
    const hash = sha256('a-session-token-of-the-test')
    let admit = () => {}
    let answerAgain = () => {}
    const again = new Promise<void>((resolve) => (answerAgain = resolve))
    let checks = 0
    const identify = async (): Promise<SocketOwner> => {
      checks += 1
      if (checks > 1) {
        // The second look (once the socket is in its room) finds the session gone.
        await again
        throw fail(401, 'invalid token')
      }
      await new Promise<void>((resolve) => (admit = resolve))
      return { kind: 'member', id: '7', member: {} as never, session: { room: sessionRoom(hash), expiresAt: Date.now() + 60_000 } }
    }
    const hub = await startChatHub({ server: app.server, prefix: 'wallet', identify, now: Date.now, log: app.log })
    app.addHook('preClose', async () => hub.disconnect())
    app.addHook('onClose', async () => hub.close())
    running.push({ app })
    const connecting = connect(await listening(app), { token: 'a-session-token-of-the-test' })
    await expect.poll(() => checks).toBe(1)
    await hub.cut([hash])
    admit()
    const client = await connecting
    const cut = nextDisconnect(client.socket)
    answerAgain()
    expect(await cut).toBe('io server disconnect')
  })
})
