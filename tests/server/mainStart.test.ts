// @vitest-environment node
// server/main.ts as an operator starts it (issue 27): without APP_MODE and outside `npm start` it
// runs the demo, but on loopback only whatever HOST says, and says so loudly.
import { describe, expect, it } from 'vitest'
import { OPERATOR_ENV } from './helpers'
import { PROCESS_TEST_MS, startMain as start, stopMainProcessesAfterEach } from './mainProcess'

stopMainProcessesAfterEach()

// A whole start (a process, the demo member's hash at the real cost, migrations) takes seconds.
describe('server/main.ts', { timeout: PROCESS_TEST_MS }, () => {
  it('without APP_MODE outside npm start, listens on loopback only, even with HOST=0.0.0.0, and warns', async () => {
    const { stdout, stderr } = await start({ HOST: '0.0.0.0' })
    const listening = [...stdout.matchAll(/Server listening at (http:\/\/[^"\s]+)/g)].map((match) => new URL(match[1]).hostname)
    expect(listening.length).toBeGreaterThan(0)
    expect(new Set(listening)).toEqual(new Set(['127.0.0.1']))
    expect(stdout).toMatch(/Wallet API \(demo mode\) on http:\/\/127\.0\.0\.1:[1-9]/)
    expect(stderr).toMatch(/!{20,}\n!! WARNING: APP_MODE is not set/)
    expect(stderr).toContain('HOST=0.0.0.0 is ignored')
  })

  it('refuses to start in production with TRUST_PROXY=true, naming the variable', async () => {
    await expect(start({ APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', SMS_WEBHOOK_SECRET: 's'.repeat(32), ...OPERATOR_ENV, TRUST_PROXY: 'true' }))
      .rejects.toThrow(/exited with 1: Cannot start: TRUST_PROXY=true/)
  })
})
