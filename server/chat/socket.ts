// The chat's real-time side (spec 7 "Chat"): socket.io on the API's own HTTP server. A socket is a
// guest or a member (its handshake's auth), in its own room `${PREFIX}-${id}` and no other; new
// conversation items go to that room. With PostgreSQL, the socket.io PostgreSQL adapter carries an
// emit on one instance to the sockets of every other (LISTEN/NOTIFY); with SQLite there is one
// instance and the in-memory adapter. A member's socket is also in its session's room
// (auth/sessions.ts, sessionRoom): an ended session's sockets are cut there on every instance, and
// a socket is cut by itself when its session expires. A staff console's socket (issue 33) has no
// chat room: it is in its session's room, cut the same way, and in the room of each live duty of
// its role, where the hub, as the server's OpsFeed (ops/feed.ts), sends the queues' events.
import type { Server as HttpServer } from 'node:http'
import { createAdapter } from '@socket.io/postgres-adapter'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { Server } from 'socket.io'
import { CHAT_JOIN_EVENT, CHAT_MESSAGING_EVENT, type ChatItem } from '../../contract'
import { OPS_EVENTS } from '../../contract/ops'
import { type SessionSockets, sessionRoom } from '../auth/sessions'
import { dutyRoom, type OpsFeed } from '../ops/feed'
import { Refusal } from '../shared/http/errors'
import { within } from '../shared/within'
import type { SocketOwner } from './identity'

export interface ChatHub extends SessionSockets, OpsFeed {
  /** The room prefix (GET /api/chat/config). */
  prefix: string
  /** Sends new items to a room's sockets, on this instance and every other. */
  emit(room: string, items: ChatItem[]): void
  /** How many sockets this instance holds now (GET /metrics). */
  connected(): number
  /** Closes this instance's socket connections (their clients reconnect elsewhere), so the HTTP server can close. */
  disconnect(): void
  /** Closes socket.io and the adapter's connections. */
  close(): Promise<void>
}

export interface ChatHubOptions {
  server: HttpServer
  prefix: string
  /** Set: the PostgreSQL adapter, on a small pool of its own. */
  databaseUrl?: string
  /** The socket's owner from its handshake `auth`; an Refusal refuses the connection with its code. */
  identify: (auth: unknown) => Promise<SocketOwner>
  /** The server's clock (epoch ms): a member's socket is cut when its session expires by it. */
  now: () => number
  log: FastifyBaseLogger
}

/** How long a start waits for the adapter's LISTEN before going on without it (it keeps trying). */
const LISTEN_WAIT_MS = 10_000

/** The longest delay setTimeout keeps (about 24.8 days); a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1

export async function startChatHub(options: ChatHubOptions): Promise<ChatHub> {
  const adapter = options.databaseUrl ? listeningPool(options.databaseUrl, options.log) : undefined
  // Same origin only (no CORS): the app is served by this server, or behind one proxy with it.
  // The token travels in the handshake, never in a cookie, so another site's page gains nothing.
  const io = new Server(options.server, {
    path: '/socket.io',
    serveClient: false,
    // Clients send only `join`: a room name.
    maxHttpBufferSize: 16 * 1024,
    ...(adapter ? { adapter: createAdapter(adapter.pool, { errorHandler: (error: Error) => options.log.warn({ err: error }, 'chat adapter') }) } : {}),
  })

  io.use((socket, next) => {
    options.identify(socket.handshake.auth).then(
      (owner) => {
        socket.data.room = owner.kind === 'staff' ? undefined : `${options.prefix}-${owner.id}`
        socket.data.rooms = owner.kind === 'staff' ? owner.rooms : []
        socket.data.session = owner.session
        next()
      },
      (error: unknown) => {
        if (!(error instanceof Refusal)) options.log.error({ err: error }, 'chat socket handshake failed')
        next(new Error(error instanceof Refusal ? error.code : 'INTERNAL_SERVER_ERROR'))
      },
    )
  })
  io.on('connection', (socket) => {
    const own = socket.data.room as string | undefined
    if (own !== undefined) void socket.join(own)
    for (const room of socket.data.rooms as string[]) void socket.join(room)
    const session = socket.data.session as SocketOwner['session']
    if (session) {
      void socket.join(session.room)
      // A session ended while the handshake read it sent its cut before this socket was in the
      // room: asked once more now that it is, a cut from here on reaches it and an end before is seen.
      options.identify(socket.handshake.auth).then(() => undefined, () => socket.disconnect(true))
      // An expired session hears nothing more: its socket is cut at the expiry (a reconnect is
      // then refused, EXPIRED_AUTH_TOKEN), not left to hear the member's chat for as long as it stays.
      let timer: NodeJS.Timeout
      const armExpiry = () => {
        const left = session.expiresAt - options.now()
        timer = left > MAX_TIMER_MS ? setTimeout(armExpiry, MAX_TIMER_MS) : setTimeout(() => socket.disconnect(true), left)
        timer.unref()
      }
      armExpiry()
      socket.on('disconnect', () => clearTimeout(timer))
    }
    // The app asks to join its room by name once it knows the prefix; only its own is granted.
    socket.on(CHAT_JOIN_EVENT, (room: unknown, ack: unknown) => {
      if (typeof ack === 'function') ack({ joined: own !== undefined && room === own })
    })
  })

  if (adapter) {
    // An emit from another instance reaches this one only once it listens: wait for that before
    // this instance takes sockets (a start that cannot, logs it and goes on; the adapter retries).
    const listening = await within(adapter.listening.then(() => true), LISTEN_WAIT_MS, () => false)
    if (!listening) options.log.warn('chat: the PostgreSQL adapter does not listen yet; emits of other instances may not reach this one')
  }

  return {
    prefix: options.prefix,
    emit(room, items) {
      io.to(room).emit(CHAT_MESSAGING_EVENT, items)
    },
    tell(duty, event) {
      io.to(dutyRoom(duty)).emit(OPS_EVENTS[duty], event)
    },
    async cut(tokenHashes) {
      // Nothing to cut: an empty room list would reach every socket.
      if (tokenHashes.length === 0) return
      // The adapter's own call, awaited: with PostgreSQL it publishes the cut to every instance
      // (io.in(rooms).disconnectSockets does the same without telling when), then cuts here.
      await io.of('/').adapter.disconnectSockets({ rooms: new Set(tokenHashes.map(sessionRoom)), except: new Set(), flags: {} }, true)
    },
    connected: () => io.engine.clientsCount,
    disconnect() {
      // The transports only, this instance's: a client whose connection closes reconnects (to
      // another instance, through the balancer), where a socket.io disconnect would tell it to stay
      // away. With the adapter, io.disconnectSockets would end every instance's sockets.
      io.engine.close()
    },
    async close() {
      await io.close()
      await adapter?.pool.end()
    },
  }
}

/**
 * The adapter's own pool (one connection LISTENs for the whole life of the instance, others
 * NOTIFY), and a promise kept when the LISTEN is in place. The adapter starts listening on its
 * own, unawaited, so the pool's clients tell when a LISTEN statement has been answered.
 */
function listeningPool(databaseUrl: string, log: FastifyBaseLogger): { pool: pg.Pool; listening: Promise<void> } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 })
  pool.on('error', (error) => log.warn({ err: error }, 'chat adapter: PostgreSQL connection lost'))
  let heard = () => {}
  const listening = new Promise<void>((resolve) => {
    heard = resolve
  })
  pool.on('connect', (client) => {
    const query = client.query as (...args: unknown[]) => unknown
    client.query = ((...args: unknown[]) => {
      const result = query.apply(client, args)
      if (typeof args[0] === 'string' && args[0].startsWith('LISTEN ') && result instanceof Promise) result.then(heard, () => {})
      return result
    }) as typeof client.query
  })
  return { pool, listening }
}
