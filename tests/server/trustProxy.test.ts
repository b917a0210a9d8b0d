// @vitest-environment node
// TRUST_PROXY end to end (issue 47): server/main.ts started with each form the setting takes, a
// load balancer's view of it (every request from one peer, 127.0.0.1, naming the player in
// X-Forwarded-For), and the per-address OTP limit (10 an hour) counting each player's address.
// On 3490fad the hop count trusted nothing: the balancer was every player, and the 11th was refused.
import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS } from '../../server/shared/limits'
import { startMain, stopMainProcessesAfterEach } from './mainProcess'

stopMainProcessesAfterEach()

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

describe('TRUST_PROXY behind a proxy', { timeout: 120_000 }, () => {
  it.each([
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', 1],
    ['10.1.0.1, 127.0.0.0/8', 2],
    ['loopback', 1],
  ])('TRUST_PROXY=%j: players at different addresses are counted apart, and one address still meets its limit', async (setting, hops) => {
    const server = await startMain({ APP_MODE: 'test', TRUST_PROXY: setting, HOST: '127.0.0.1' })
    const statuses = await Promise.all(Array.from({ length: PLAYERS }, (_, player) => sendOtp(server.url, player, forwarded(player, hops))))
    expect(statuses).toEqual(Array(PLAYERS).fill(200))
    // The first player's address has had one send: the limit is still theirs alone.
    const again: number[] = []
    for (let i = 1; i <= DEFAULT_LIMITS.otpPerAddress; i += 1) again.push(await sendOtp(server.url, 100 + i, forwarded(0, hops)))
    expect(again.slice(0, -1)).toEqual(Array(DEFAULT_LIMITS.otpPerAddress - 1).fill(200))
    expect(again.at(-1)).toBe(429)
  })

  it('believes no header from a peer it does not trust: every player behind it is its address', async () => {
    const server = await startMain({ APP_MODE: 'test', TRUST_PROXY: '10.9.9.9', HOST: '127.0.0.1' })
    const statuses = []
    for (let player = 0; player < PLAYERS; player += 1) statuses.push(await sendOtp(server.url, player, forwarded(player, 1)))
    expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_LIMITS.otpPerAddress)
    expect(statuses.slice(DEFAULT_LIMITS.otpPerAddress)).toEqual(Array(PLAYERS - DEFAULT_LIMITS.otpPerAddress).fill(429))
  })

  it.each(['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1'])('refuses to start with TRUST_PROXY=%j, which trusts every address, naming the variable', async (setting) => {
    await expect(startMain({ APP_MODE: 'test', TRUST_PROXY: setting })).rejects.toThrow(/exited with 1: Cannot start: TRUST_PROXY="[^"]+" takes in every IPv4 address/)
  })
})
