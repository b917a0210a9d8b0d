// Issue 50 §1: a wheel prize not claimed, about to expire, told to its member once, where the
// operator turns that on (NOTIFY_PRIZE_EXPIRY_HOURS). The spin area's own job: every few minutes on
// each instance; a prize is taken and marked told in the transaction that writes its event, so two
// instances never tell it twice (on PostgreSQL the second waits for the first's rows and then finds
// them told).
import { tell } from '../notify/events'
import type { FastifyInstance } from 'fastify'
import { hasDevRoutes, type ServerContext } from '../shared/context'
import { type Job, keepJob } from '../shared/job'
import { inTransaction } from '../shared/db'
import { takePrizesToRemind } from './repo'

const BATCH = 100
/** How often each instance looks for prizes to tell. */
export const PRIZE_REMINDER_EVERY_MS = 5 * 60 * 1000

/** Tells each member of their prizes expiring within `windowMs`; how many were told. */
export async function remindExpiringPrizes(ctx: Pick<ServerContext, 'db' | 'now'>, windowMs: number): Promise<number> {
  let told = 0
  for (;;) {
    const taken = await inTransaction(ctx.db, async (trx) => {
      const now = ctx.now()
      const prizes = await takePrizesToRemind(trx, now, now + windowMs, BATCH)
      for (const prize of prizes) {
        await tell(trx, Number(prize.member_id), {
          kind: 'prize_expiring', reference: String(prize.id), amountMinor: Number(prize.amount_minor), currency: prize.currency, prize: prize.label, expiresAt: Number(prize.expires_at),
        }, now)
      }
      return prizes.length
    })
    told += taken
    if (taken < BATCH) return told
  }
}

/**
 * The spin area's job: the reminders at start and every `everyMs` (0: never), with the setting as
 * it is then (ctx.notify: dev and test change it). It runs where the operator turns reminders on,
 * or in dev and test.
 */
export function keepPrizeReminders(app: FastifyInstance, ctx: ServerContext, everyMs = PRIZE_REMINDER_EVERY_MS): Job | undefined {
  if (ctx.notify.prizeReminderMs === undefined && !hasDevRoutes(ctx.mode)) return undefined
  return keepJob(app, 'prize reminders', everyMs, async () => {
    const windowMs = ctx.notify.prizeReminderMs
    if (windowMs !== undefined) await remindExpiringPrizes(ctx, windowMs)
  }, { atStart: everyMs > 0 })
}
