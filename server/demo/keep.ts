// Demo mode's job (issue 53 §3): the demo bank (counterparty.ts) pays and approves what waits, and
// the demo agent (agent.ts) answers the chat, a pass every second or two, one at a time. Never in
// production, and no pass acts once production has joined the database.
import type { FastifyInstance } from 'fastify'
import type { ChatHub } from '../chat/socket'
import type { ServerContext, ServerMode } from '../shared/context'
import { type Job, keepJob } from '../shared/job'
import { demoAgentPass } from './agent'
import { demoBankPass } from './counterparty'
import { ProductionArrived } from '../seed/productionMark'

export const DEFAULT_DEMO_BANK_MS = 1_500

/** How often the demo bank passes (0: never): by default in demo mode only; never in production. */
export const demoBankEvery = (mode: ServerMode, asked: number | undefined): number =>
  mode === 'production' ? 0 : asked ?? (mode === 'demo' ? DEFAULT_DEMO_BANK_MS : 0)

/** `productionArrived`: whether production has started on this database since (seed/productionMark.ts). */
export const keepDemo = (app: FastifyInstance, ctx: ServerContext, hub: ChatHub, everyMs: number, productionArrived: (options: { fresh: boolean }) => Promise<boolean>): Job =>
  keepJob(app, 'demo bank pass', everyMs, async () => {
    // Read afresh each pass, never from the second-long cache. A pass whose read just missed the
    // mark still decides nothing after it: each decision checks again in its own transaction
    // (DEMO_BANK's mayAct), and the pass ends there.
    const now = ctx.now()
    if (await productionArrived({ fresh: true })) return
    try {
      await demoBankPass(ctx, now)
    } catch (error) {
      if (error instanceof ProductionArrived) return
      throw error
    }
    await demoAgentPass(ctx, hub)
  }, { atStart: false })
