// Ending sessions: what a sign-out, a password change or an unlink does to the sessions it ends.
import type { ServerContext } from '../shared/context'

/** Ends the sessions with these token hashes: their tokens open nothing from now on. */
export async function endSessions(ctx: ServerContext, tokenHashes: readonly string[]): Promise<void> {
  if (tokenHashes.length === 0) return
  await ctx.db.deleteFrom('sessions').where('token_hash', 'in', [...tokenHashes]).execute()
}
