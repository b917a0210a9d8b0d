// How sessions end (issue 31, "Sessions end everywhere"): a sign-out, a password change, a member
// past the ten-session cap, a deactivated member, an unlinked messenger. Each goes through
// endSessions, which deletes the rows and cuts the sockets opened with them on every instance, so
// a revoked session stops hearing the member's chat at once, not when the app next drops it.
import type { ServerContext } from '../shared/context'
import { sha256 } from '../shared/tokens'
import { deleteSessionRows, insertSession, memberSessionHashes, type SessionOpening } from './repo'

/**
 * What cuts a session's live connections on every instance: the chat hub (chat/socket.ts), which
 * puts each member socket in its session's room (sessionRoom) at the handshake.
 */
export interface SessionSockets {
  /** Disconnects every socket opened with one of these sessions, here and on every other instance. */
  cut(tokenHashes: readonly string[]): Promise<void>
}

declare module '../shared/context' {
  interface ServerContext {
    sessionSockets: SessionSockets
  }
}

/** The room of the sockets opened with a session: named by the token's hash, never the token, as
 *  room names travel between instances (the PostgreSQL adapter's notifications). */
export const sessionRoom = (tokenHash: string): string => `session:${tokenHash}`

/** Ends these sessions (by the sha256 of their tokens): their rows go, then their sockets. */
export async function endSessions(ctx: ServerContext, tokenHashes: readonly string[]): Promise<void> {
  // An empty list must stay a no-op: a cut of no room would reach every socket.
  if (tokenHashes.length === 0) return
  await deleteSessionRows(ctx.db, tokenHashes)
  await ctx.sessionSockets.cut(tokenHashes)
}

/** A sign-in's new session (its token), opened by the password or a messenger; a session the
 *  ten-session cap drops ends here too. */
export async function createSession(ctx: ServerContext, memberId: number, at: number, opening: SessionOpening): Promise<string> {
  const { token, dropped } = await insertSession(ctx.db, memberId, at, ctx.sessionTtlMs, opening)
  await endSessions(ctx, dropped)
  return token
}

/** Sign-out: the session holding `token` ends. */
export const endSession = (ctx: ServerContext, token: string): Promise<void> => endSessions(ctx, [sha256(token)])

/** Every session of the member but the one holding `keepToken` ends (a password change). */
export async function endOtherSessions(ctx: ServerContext, memberId: number, keepToken: string): Promise<void> {
  const keep = sha256(keepToken)
  await endSessions(ctx, (await memberSessionHashes(ctx.db, memberId)).filter((hash) => hash !== keep))
}

/** Every session of the member ends (a deactivated member). */
export async function endMemberSessions(ctx: ServerContext, memberId: number): Promise<void> {
  await endSessions(ctx, await memberSessionHashes(ctx.db, memberId))
}
