// @vitest-environment node
// TRUST_PROXY end to end (issue 47): each form the setting takes, as the environment reads it, on a
// server listening on loopback (and server/main.ts as an operator starts it), seen as a load balancer
// sees it (every request from one peer, 127.0.0.1, naming the player in X-Forwarded-For), and the
// per-address OTP limit (10 an hour) counting each player's address.
// On 3490fad the hop count trusted nothing: the balancer was every player, and the 11th was refused.
import { afterEach, describe, expect, it } from 'vitest'
import { readServerEnv } from '../../server/env'
import { DEFAULT_LIMITS } from '../../server/shared/limits'
import { startServer, type TestServer } from './helpers'
import { PROCESS_TEST_MS, startMain, stopMainProcessesAfterEach } from './mainProcess'

stopMainProcessesAfterEach()
const running: TestServer[] = []
afterEach(async () => {
  for (const server of running.splice(0)) await server.app.close()
})

const PLAYERS = 13

/** An OTP send for a new phone, as a player at `forwardedFor` behind the proxy asks it. */
async function sendOtp(url: string, phoneIndex: number, forwardedFor: string): Promise<number> {
  const response = await fetch(`${url}/api/otp/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ phoneNumber: `08${String(10_000_000 + phoneIndex)}` }),
  })
  await response.arrayBuffer()
  return response.status
}

/** Each player's address as the proxies write it: `hops` - 1 proxies of the operator's after the player. */
const forwarded = (player: number, hops: number) =>
  [`203.0.113.${player + 1}`, ...Array.from({ length: hops - 1 }, (_, i) => `10.1.0.${i + 1}`)].join(', ')

/** Each form the setting takes, and how many proxies of the operator's the requests pass. */
const FORMS = [
  ['1', 1],
  ['2', 2],
  ['127.0.0.1', 1],
  ['10.1.0.1, 127.0.0.0/8', 2],
  ['loopback', 1],
] as const

describe('TRUST_PROXY behind a proxy', { timeout: PROCESS_TEST_MS }, () => {
  // Each form as the environment reads it, on a server listening on loopback: real requests through
  // Fastify's own reading of X-Forwarded-For.
  it.each(FORMS)('TRUST_PROXY=%j: players at different addresses are counted apart, and one address still meets its limit', async (setting, hops) => {
    const server = await startServer({ trustProxy: readServerEnv({ APP_MODE: 'test', TRUST_PROXY: setting }).trustProxy })
    running.push(server)
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' })
    const statuses = await Promise.all(Array.from({ length: PLAYERS }, (_, player) => sendOtp(url, player, forwarded(player, hops))))
    expect(statuses).toEqual(Array(PLAYERS).fill(200))
    // The first player's address has had one send: the limit is still theirs alone.
    const again: number[] = []
    for (let n = 1; n <= DEFAULT_LIMITS.otpPerAddress; n += 1) again.push(await sendOtp(url, 100 + n, forwarded(0, hops)))
    expect(again).toEqual([...Array(DEFAULT_LIMITS.otpPerAddress - 1).fill(200), 429])
  })

  // The whole start as an operator runs it: main.ts reads the setting and hands it on.
  it('main.ts with TRUST_PROXY=1 counts players behind one proxy apart', async () => {
    const { url } = await startMain({ APP_MODE: 'test', TRUST_PROXY: '1', HOST: '127.0.0.1' })
    const statuses = await Promise.all(Array.from({ length: PLAYERS }, (_, player) => sendOtp(url, player, forwarded(player, 1))))
    expect(statuses).toEqual(Array(PLAYERS).fill(200))
  })

  it('believes no header from a peer it does not trust: every player behind it is its address', async () => {
    const server = await startServer({ trustProxy: readServerEnv({ APP_MODE: 'test', TRUST_PROXY: '10.9.9.9' }).trustProxy })
    running.push(server)
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' })
    const statuses = []
    for (let player = 0; player < PLAYERS; player += 1) statuses.push(await sendOtp(url, player, forwarded(player, 1)))
    expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_LIMITS.otpPerAddress)
    expect(statuses.slice(DEFAULT_LIMITS.otpPerAddress)).toEqual(Array(PLAYERS - DEFAULT_LIMITS.otpPerAddress).fill(429))
  })

  // On 3490fad 0.0.0.0/0 crashed the start with a TypeError; every such setting is refused by name (env.test.ts has the others).
  it('main.ts refuses to start with TRUST_PROXY=0.0.0.0/0, which trusts every address, naming the variable', async () => {
    await expect(startMain({ APP_MODE: 'test', TRUST_PROXY: '0.0.0.0/0' })).rejects.toThrow(/exited with 1: Cannot start: TRUST_PROXY="0.0.0.0\/0" takes in every IPv4 address/)
  })
})
