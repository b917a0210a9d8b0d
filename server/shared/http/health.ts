// What a load balancer asks an instance (issue 49 §3, README "Several instances"). GET /healthz:
// the process answers (alive; restart it when it does not). GET /readyz: send it players: its
// database answers within a bound, every migration of this code is applied there, and it is not
// draining (a SIGTERM began its shutdown: it finishes what it has while the balancer sends the
// next calls elsewhere). Neither says more than that, nor is logged at every probe.
import type { FastifyInstance } from 'fastify'
import { type Db, pendingMigrations } from '../db'
import { within } from '../within'

/** The longest /readyz waits for the database before it says it is not reachable. */
export const READY_DATABASE_WAIT_MS = 2_000

export type Readiness =
  | { status: 'ready' }
  | { status: 'draining' }
  | { status: 'database unreachable' }
  | { status: 'migrations pending'; pending: number }

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts this instance's shutdown: /readyz answers `draining` and every answer closes its connection from now on. */
    drain(): void
  }
}

async function readiness(db: Db, draining: boolean): Promise<Readiness> {
  if (draining) return { status: 'draining' }
  try {
    const pending = await within(pendingMigrations(db), READY_DATABASE_WAIT_MS, () => {
      throw new Error('late')
    })
    return pending === 0 ? { status: 'ready' } : { status: 'migrations pending', pending }
  } catch {
    return { status: 'database unreachable' }
  }
}

export function registerHealth(app: FastifyInstance, db: Db): void {
  let draining = false
  app.decorate('drain', () => {
    draining = true
  })
  // Draining, every answer closes its connection: a balancer or a client keeping one open to this
  // instance opens its next where it is sent, not here.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('Connection', 'close')
  })
  // Probes come every few seconds from every balancer: only a failure is worth a log line.
  const probe = { logLevel: 'warn' as const }
  app.get('/healthz', probe, async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'alive' }))
  app.get('/readyz', probe, async (request, reply) => {
    const answer = await readiness(db, draining)
    reply.header('Cache-Control', 'no-store')
    if (answer.status === 'ready') return reply.send(answer)
    if (answer.status !== 'draining') request.log.warn(answer, 'not ready')
    return reply.code(503).send(answer)
  })
}
