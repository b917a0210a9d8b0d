// A job an instance runs by itself (issue 53 §3): the transfer sweep, the retention sweep, the
// chat's unsent files, demo mode's bank. Each area keeps its own; app.ts only starts and stops them.
import type { FastifyInstance } from 'fastify'

export interface Job {
  /** No more runs; resolves once the run in progress, if any, has ended. */
  stop(): Promise<void>
}

/**
 * Runs `run` every `everyMs` (0: never on a timer), and once when the server is ready unless
 * `atStart` is false; one run at a time, a failure logged as "<what> failed" and the next run
 * going on. Stopping waits for the run in progress, so a closing server's database outlives it.
 */
export function keepJob(app: FastifyInstance, what: string, everyMs: number, run: () => Promise<unknown>, { atStart = true } = {}): Job {
  let running: Promise<unknown> = Promise.resolve()
  const once = () => {
    running = running.then(run).catch((error: Error) => app.log.error({ err: error }, `${what} failed`))
  }
  const timer = everyMs > 0 ? setInterval(once, everyMs).unref() : undefined
  if (atStart) app.addHook('onReady', async () => once())
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
