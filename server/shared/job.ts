// A job an instance runs by itself (issue 53 §3): the transfer sweep, the retention sweep, the
// chat's unsent files, demo mode's bank, the messengers' outbox, the prize reminders. Each area
// keeps its own, and each job stops itself when the server closes; app.ts only starts them.
import type { FastifyInstance } from 'fastify'

export interface Job {
  /** No more runs; resolves once the run in progress, if any, has ended. */
  stop(): Promise<void>
}

/**
 * Once the server is ready, runs `run` at once (unless `atStart` is false) and then every
 * `everyMs` (0: never on a timer); a server built but never made ready runs nothing. One run at
 * a time (a turn that comes while one runs is skipped, so no backlog builds), a failure logged
 * as "<what> failed" and the next run going on.
 *
 * It stops when the server closes, waiting for the run in progress. Fastify runs onClose hooks
 * last added first, so a job started after the hook that closes the database (app.ts) has ended
 * before the database goes.
 */
export function keepJob(app: FastifyInstance, what: string, everyMs: number, run: () => Promise<unknown>, { atStart = true } = {}): Job {
  let running: Promise<unknown> | undefined
  const once = () => {
    running ??= run()
      .catch((error: Error) => app.log.error({ err: error }, `${what} failed`))
      .finally(() => {
        running = undefined
      })
  }
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  app.addHook('onReady', async () => {
    if (stopped) return
    if (everyMs > 0) timer = setInterval(once, everyMs).unref()
    if (atStart) once()
  })
  const stop = async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
  app.addHook('onClose', stop)
  return { stop }
}
