// @vitest-environment node
// Retention (issue 49 §2): the tables that grow with every attempt and sign-in lose what has aged
// past its use, by themselves, on both dialects, and keep everything younger: the limits still
// count the attempts inside their windows, a code can still register its phone within its day.
import { afterEach, expect, it } from 'vitest'
import { countRateEvents, RATE_EVENTS_KEPT_MS } from '../../server/shared/limits'
import { OTP_KEPT_MS } from '../../server/otp/repo'
import { sweepRetention } from '../../server/retention'
import { DAY, HOUR, type TestServer, startServer } from './helpers'
import { staffSession } from './opsHelpers'

const servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.app.close()
})

/** An attempt and a code made now, on `server`'s clock. */
async function leaveTraces(server: TestServer, subject: string): Promise<void> {
  const { db } = server.app.serverContext
  const now = server.app.serverContext.now()
  await db.insertInto('rate_events').values({ kind: 'login_fail', subject, at: now }).execute()
  await db.insertInto('otps').values({ phone: subject, token_hash: `hash-${subject}`, code: '123456', ref: 'ABCD', created_at: now, expires_at: now + 5 * 60_000 }).execute()
}

const left = async (server: TestServer) => {
  const { db } = server.app.serverContext
  return {
    rateEvents: (await db.selectFrom('rate_events').select('subject').where('kind', '=', 'login_fail').execute()).map((row) => row.subject).sort(),
    otps: (await db.selectFrom('otps').select('phone').execute()).map((row) => row.phone).sort(),
    staffSessions: (await db.selectFrom('staff_sessions').select('staff_id').execute()).map((row) => Number(row.staff_id)).sort(),
  }
}

it('removes attempts past every window, codes past their use and staff sessions a day past their end, and nothing younger', async () => {
  const server = await startServer({ retentionSweepMs: 0 })
  servers.push(server)
  const old = await staffSession(server.app, 'cashier')
  await leaveTraces(server, '0800000001')
  // Past the keep of every table: an attempt a day and more, a code two days and more, the
  // session (twelve hours) a day past its end.
  server.advance(Math.max(RATE_EVENTS_KEPT_MS, OTP_KEPT_MS, 12 * HOUR + DAY) + HOUR)
  const fresh = await staffSession(server.app, 'support')
  await leaveTraces(server, '0800000002')
  // Just inside: a failure 23 hours old still counts against its phone's day.
  server.advance(23 * HOUR)
  expect(await sweepRetention(server.app.serverContext)).toEqual({ rateEvents: 1, otps: 1, staffSessions: 1, memberEvents: 0 })
  expect(await left(server)).toEqual({ rateEvents: ['0800000002'], otps: ['0800000002'], staffSessions: [fresh.id] })
  expect(old.id).not.toBe(fresh.id)
  const now = server.app.serverContext.now()
  expect(await countRateEvents(server.app.serverContext.db, 'login_fail', '0800000002', now - RATE_EVENTS_KEPT_MS)).toBe(1)
  // A second sweep (another instance's, say) finds nothing more.
  expect(await sweepRetention(server.app.serverContext)).toEqual({ rateEvents: 0, otps: 0, staffSessions: 0, memberEvents: 0 })
})

it('deletes in batches, however many rows have aged', async () => {
  const server = await startServer({ retentionSweepMs: 0 })
  servers.push(server)
  const { db } = server.app.serverContext
  const at = server.app.serverContext.now()
  const rows = Array.from({ length: 12_345 }, (_, i) => ({ kind: 'login_fail', subject: `s${i}`, at }))
  for (let i = 0; i < rows.length; i += 1_000) await db.insertInto('rate_events').values(rows.slice(i, i + 1_000)).execute()
  server.advance(RATE_EVENTS_KEPT_MS + HOUR)
  expect((await sweepRetention(server.app.serverContext)).rateEvents).toBe(12_345)
  expect(await db.selectFrom('rate_events').select('id').where('kind', '=', 'login_fail').execute()).toEqual([])
})

it('sweeps by itself once started and then on its period', async () => {
  const server = await startServer({ retentionSweepMs: 20 })
  servers.push(server)
  // Started as main.ts starts it: ready (listening), so its jobs run (shared/job.ts).
  await server.app.ready()
  await leaveTraces(server, '0800000003')
  server.advance(OTP_KEPT_MS + HOUR)
  await expect.poll(async () => left(server), { timeout: 30_000, interval: 20 }).toMatchObject({ rateEvents: [], otps: [] })
})
