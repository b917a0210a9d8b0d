// Retention (issue 49 §2): what grows with every attempt and sign-in and is of no use once old goes
// by itself, on every instance (each deletion is by age alone, so two instances at once delete
// nothing twice and skip nothing): attempts past every limit's window, OTP codes past their use,
// staff sessions past their end, the events a member was told of (after 90 days). The rest prune
// themselves as they are written (member sessions, sign-in addresses, idempotency keys, passkey
// challenges, game launches, unsent chat files).
// Kept on purpose, never swept: the ledger and every money record, chat history, the audit trails
// (ops_audit, identity_events: append-only, see README "Staff security") and members' records.
import type { FastifyInstance } from 'fastify'
import { type Job, keepJob } from './shared/job'
import { pruneEvents } from './notify/repo'
import { pruneOtps } from './otp/repo'
import { pruneStaffSessions } from './ops/repo'
import type { ServerContext } from './shared/context'
import { pruneRateEvents } from './shared/limits'

/** How often each instance sweeps: the tables hold at most an hour's worth beyond their keep. */
export const DEFAULT_RETENTION_SWEEP_MS = 60 * 60 * 1000

export interface Pruned { rateEvents: number; otps: number; staffSessions: number; memberEvents: number }

/** One sweep: every table's aged rows, a batch at a time; how many went from each. */
export async function sweepRetention(ctx: Pick<ServerContext, 'db' | 'now'>): Promise<Pruned> {
  const now = ctx.now()
  return {
    rateEvents: await pruneRateEvents(ctx.db, now),
    otps: await pruneOtps(ctx.db, now),
    staffSessions: await pruneStaffSessions(ctx.db, now),
    memberEvents: await pruneEvents(ctx.db, now),
  }
}

/** Sweeps once the server is ready and then every `everyMs` (0: never), one sweep at a time; `stop` ends it and waits for the one running. */
export function keepRetention(app: FastifyInstance, ctx: Pick<ServerContext, 'db' | 'now'>, everyMs: number): Job {
  return keepJob(app, 'retention sweep', everyMs, async () => {
    const pruned = await sweepRetention(ctx)
    if (Object.values(pruned).some((count) => count > 0)) app.log.info({ pruned }, 'retention sweep')
  }, { atStart: everyMs > 0 })
}
