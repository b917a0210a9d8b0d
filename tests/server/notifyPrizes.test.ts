// @vitest-environment node
// Issue 50 §1, "a promotion about to expire if the operator turns that on": a wheel prize not yet
// claimed, told once when it is within NOTIFY_PRIZE_EXPIRY_HOURS of expiring; never one claimed or
// expired, never twice, not at all with the setting off. On both dialects.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Notifications } from '../../contract'
import { NOTIFY_OFF } from '../../server/notify/settings'
import { remindExpiringPrizes } from '../../server/spin/reminders'
import { DEMO_MEMBER_ID } from './depositHelpers'
import { call, HOUR, login, startServer, type TestServer } from './helpers'

let server: TestServer
let token: string
beforeEach(async () => {
  server = await startServer({ notify: { ...NOTIFY_OFF, prizeReminderMs: 24 * HOUR }, prizeReminderEveryMs: 0 })
  token = await login(server.app)
})
afterEach(async () => {
  await server.app.close()
})

const bell = async () => (await call(server.app, 'GET', '/api/notifications', { token })).body as unknown as Notifications
async function prize(label: string, expiresIn: number, claimed = false): Promise<void> {
  const now = server.app.serverContext.now()
  await server.app.serverContext.db.insertInto('spin_coupons').values({
    member_id: DEMO_MEMBER_ID, slice_code: 'S1', label, wheel_name: 'Wheel', amount_minor: 5_000, created_at: now, expires_at: now + expiresIn, claimed_at: claimed ? now : null,
  }).execute()
}
const remind = () => remindExpiringPrizes(server.app.serverContext, 24 * HOUR)

describe('a wheel prize about to expire', () => {
  it('is told once when it comes within the window, with its amount, name and expiry; never a claimed or expired one', async () => {
    await prize('฿50 later', 30 * HOUR)
    await prize('claimed', 2 * HOUR, true)
    await prize('gone', -HOUR)
    expect(await remind()).toBe(0)
    server.advance(6 * HOUR + 1)
    expect(await remind()).toBe(1)
    expect(await remind()).toBe(0)
    const { notifications, unread } = await bell()
    expect(unread).toBe(1)
    expect(notifications).toMatchObject([{ kind: 'prize_expiring', amount: 50, prize: '฿50 later', currency: 'THB', expiresAt: new Date(server.app.serverContext.now() - 6 * HOUR - 1 + 30 * HOUR).toISOString() }])
  })

  it('is told at two instances at once only once', async () => {
    await prize('one', 2 * HOUR)
    const told = await Promise.all([remind(), remind()])
    expect(told.reduce((sum, count) => sum + count, 0)).toBe(1)
    expect((await bell()).notifications).toHaveLength(1)
  })
})
