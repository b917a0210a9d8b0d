// Demo mode's job (issue 53 §3): the demo bank (counterparty.ts) pays and approves what waits, and
// the demo agent (agent.ts) answers the chat, a pass every second or two, one at a time. Never in
// production, and no pass acts once production has joined the database.
import type { FastifyInstance } from 'fastify'
import type { ChatHub } from '../chat/socket'
import type { ServerContext, ServerMode } from '../shared/context'
import { type Job, keepJob } from '../shared/job'
import { demoAgentPass } from './agent'
import { demoBankPass } from './counterparty'

export const DEFAULT_DEMO_BANK_MS = 1_500

/** How often the demo bank passes (0: never): by default in demo mode only; never in production. */
export const demoBankEvery = (mode: ServerMode, asked: number | undefined): number =>
  mode === 'production' ? 0 : asked ?? (mode === 'demo' ? DEFAULT_DEMO_BANK_MS : 0)

/** `productionArrived`: whether production has started on this database since (seed/productionMark.ts). */
export const keepDemo = (app: FastifyInstance, ctx: ServerContext, hub: ChatHub, everyMs: number, productionArrived: (options: { fresh: boolean }) => Promise<boolean>): Job =>
  keepJob(app, 'demo bank pass', everyMs, async () => {
    // Read afresh each pass, never from the second-long cache, so no pass acts after the mark. The
    // pass acts on what was due when it began, before that read: what comes due while the read is
    // out (production's mark landing meanwhile) waits for the next pass, which finds the mark.
    const now = ctx.now()
    if (await productionArrived({ fresh: true })) return
    await demoBankPass(ctx, now)
    await demoAgentPass(ctx, hub)
  }, { atStart: false })
