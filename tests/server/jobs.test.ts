// A job of an area (server/shared/job.ts, issue 53 §3) stops itself when the server closes: the
// run in progress ends before the database goes, and no turn starts after close.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keepJob } from '../../server/shared/job'
import { startServer, type TestServer } from './helpers'

const servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.app.close()
})

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

describe("an area's job", () => {
  it('has its run in progress end before close lets the database go', async () => {
    const server = await startServer()
    const { db } = server.app.serverContext
    const order: string[] = []
    const destroy = db.destroy.bind(db)
    db.destroy = async () => {
      order.push('database closed')
      await destroy()
    }
    const started = gate()
    const release = gate()
    keepJob(server.app, 'test job', 0, async () => {
      started.open()
      await release.opened
      // A run that takes some turns of the event loop after close began, reading as it goes.
      for (let turn = 0; turn < 20; turn++) {
        await new Promise((resolve) => setImmediate(resolve))
        await db.selectFrom('members').select('id').limit(1).execute()
      }
      order.push('run ended')
    })
    // Added after the job, so run first at close: the run goes on from there.
    server.app.addHook('onClose', async () => release.open())
    await server.app.ready()
    await started.opened
    await server.app.close()
    expect(order).toEqual(['run ended', 'database closed'])
  })

  it('runs nothing on a server built but never made ready (a start that closes at once)', async () => {
    const server = await startServer()
    let runs = 0
    // The job's timer on a clock the test moves: thirty turns' time passes at once, however slow the machine.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      keepJob(server.app, 'test job', 1, async () => {
        runs += 1
      })
      vi.advanceTimersByTime(30)
      await server.app.close()
    } finally {
      vi.useRealTimers()
    }
    expect(runs).toBe(0)
  })

  it('runs one turn at a time: a turn that comes while one runs is skipped, not queued', async () => {
    const server = await startServer()
    servers.push(server)
    let runs = 0
    const release = gate()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const job = keepJob(server.app, 'test job', 1, async () => {
        runs += 1
        await release.opened
      })
      await server.app.ready()
      // Thirty turns come while the first waits (a queue would hold each of them).
      vi.advanceTimersByTime(30)
      expect(runs).toBe(1)
      release.open()
      await job.stop()
    } finally {
      vi.useRealTimers()
    }
    expect(runs).toBeLessThanOrEqual(2)
  })
})
