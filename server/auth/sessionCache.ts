/**
 * The sessions an instance read, kept on PostgreSQL (issue 49 §1): every member call reads its
 * session and member, one round trip of the few a call makes, and the answer changes only when a
 * session ends or its member's row changes. What README promises still holds on every instance:
 *
 * - A change of a member's or a session's row notifies `wallet_sessions` with the member's id as
 *   it commits (migration 0032, a trigger: whatever made it, this code or psql). Every instance
 *   LISTENs, and forgets that member's sessions when it hears it: a session ended, a password
 *   changed or a member deactivated is refused on every instance once the notification arrives
 *   (milliseconds; tests/server/sessionCache.test.ts holds it).
 * - On the instance that made the change it is forgotten before that change's call goes on
 *   (db.ts, watchWrites): its own next request never sees the old row.
 * - While the listening connection is down (PostgreSQL restarted, the network cut), nothing is
 *   kept or served from here: every call reads, until it listens again.
 * - A session is read again at least every SESSION_CACHE_MS whatever happens: the bound should a
 *   notification be lost.
 *
 * A read that began before a change and answers after the change was heard is not kept (the
 * epoch moved). Money never rests on it alone: a withdrawal locks and reads its member's row.
 * SQLite has one process and reads cost no round trip: no cache there.
 */
import pg from 'pg'
import type { Member } from '../shared/members'

declare module '../shared/context' {
  interface ServerContext {
    /** On PostgreSQL: the sessions this instance read (tokenSession, auth/guard.ts). */
    sessionCache?: SessionCache
  }
}

/** The statements that change what a kept session says: an update or a delete of a member or a session. */
export const SESSION_WRITES = /\b(update|delete\s+from)\s+"?(members|sessions)"?[\s(]/i

/** How long a kept session is served before it is read again, whatever was heard. */
const SESSION_CACHE_MS = 10_000
/** The most sessions kept; the oldest go first. */
const SESSIONS_HELD = 50_000
/** How long after losing its connection the listener tries again. */
const RELISTEN_MS = 1_000
const SESSIONS_CHANNEL = 'wallet_sessions'

export interface CachedSession { member: Member; expiresAt: number }

export interface SessionCache {
  /** The session of `tokenHash`: kept, or read with `read` (and kept when nothing changed meanwhile). */
  session(tokenHash: string, read: () => Promise<CachedSession | undefined>): Promise<CachedSession | undefined>
  /** Forgets every kept session (this instance wrote a member's or a session's row). */
  forgetAll(): void
  /** Whether sessions are kept now (the listener is in place). */
  readonly listening: boolean
  close(): Promise<void>
}

export function startSessionCache(options: { databaseUrl: string; now: () => number; ttlMs?: number; log: (message: string) => void }): SessionCache {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_MS
  const kept = new Map<string, { session: CachedSession; at: number }>()
  const byMember = new Map<number, Set<string>>()
  let epoch = 0
  let listening = false
  let closed = false
  let client: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined

  const forgetAll = () => {
    epoch += 1
    kept.clear()
    byMember.clear()
  }
  const forgetMember = (memberId: number) => {
    epoch += 1
    for (const hash of byMember.get(memberId) ?? []) kept.delete(hash)
    byMember.delete(memberId)
  }
  const keep = (tokenHash: string, session: CachedSession) => {
    if (kept.size >= SESSIONS_HELD) forgetAll()
    kept.set(tokenHash, { session, at: options.now() })
    const hashes = byMember.get(session.member.id) ?? new Set<string>()
    hashes.add(tokenHash)
    byMember.set(session.member.id, hashes)
  }

  /** Stops listening: nothing is kept or served until a new connection listens. */
  const stopListening = async () => {
    listening = false
    forgetAll()
    const gone = client
    client = undefined
    gone?.removeAllListeners()
    gone?.on('error', () => {})
    await gone?.end().catch(() => {})
  }
  const lost = (why: string) => {
    if (!listening && client === undefined) return
    void stopListening()
    if (closed) return
    options.log(`session cache off until it listens again: ${why}`)
    retry = setTimeout(listen, RELISTEN_MS)
    retry.unref()
  }
  const listen = () => {
    if (closed) return
    const connection = new pg.Client({ connectionString: options.databaseUrl })
    client = connection
    connection.on('notification', (message) => {
      if (message.channel !== SESSIONS_CHANNEL) return
      const memberId = Number(message.payload)
      if (Number.isSafeInteger(memberId)) forgetMember(memberId)
      else forgetAll()
    })
    connection.on('error', (error) => lost(error.message))
    connection.on('end', () => lost('connection ended'))
    connection.connect()
      .then(() => connection.query(`LISTEN ${SESSIONS_CHANNEL}`))
      .then(() => {
        if (client !== connection) return
        // Whatever changed while no one listened is not known: start from nothing.
        forgetAll()
        listening = true
      })
      .catch((error: Error) => lost(error.message))
  }
  listen()

  return {
    async session(tokenHash, read) {
      if (listening) {
        const found = kept.get(tokenHash)
        if (found && options.now() - found.at < ttlMs) return found.session
      }
      const began = epoch
      const session = await read()
      if (session && listening && began === epoch) keep(tokenHash, session)
      return session
    },
    forgetAll,
    get listening() {
      return listening
    },
    async close() {
      closed = true
      clearTimeout(retry)
      await stopListening()
    },
  }
}
