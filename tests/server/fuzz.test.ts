// @vitest-environment node
// Malformed requests across every route: wrong types, missing and extra fields, huge strings,
// unicode, negative and fractional numbers, bad JSON. Never a 5xx; every error in the spec's codes.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorCodes, extraErrorCodes } from '../../contract/errorCodes'
import { opsErrorCodes } from '../../contract/ops'
import { login, startServer, type TestServer } from './helpers'

/** Every method and path the server answers, read from Fastify's own route tree. */
function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = []
  const stack: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line)
    if (!match) continue
    const depth = match[1].length / 4
    stack.length = depth
    stack.push(match[2])
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, url: stack.join('').replace(/:\w+/g, '0812345678') })
    }
  }
  return routes
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state / 2 ** 31
  }
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] }
}

const FIELDS = ['username', 'password', 'phoneNumber', 'otpToken', 'otpCode', 'name', 'sourceCode', 'inviteCode',
  'bankCode', 'bankAccountName', 'bankAccountNo', 'currency', 'oldPassword', 'newPassword', 'terminated',
  'registerOTP', 'variant', 'line', 'telegram', 'howto', 'amount', '__proto__', 'constructor']

const VALUES: readonly unknown[] = [
  null, true, false, 0, -1, -0.5, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, '', ' ', '\u0000', 'x'.repeat(70_000),
  'ภาษาไทย', 'ພາສາລາວ', '😀👍🏽', '\u202Eevil', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd',
  '0812345678', 'demo1234', 'KTB', 'LAK', [], [1, 2], {}, { $gt: '' }, { nested: { deep: [null] } },
]

const RAW_BODIES = ['{', '{"a":', 'null', '[]', '"text"', '42', 'true', '{"username":"0812345678",}', '\u0000', '{}'.repeat(1000)]

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startServer()
  token = await login(server.app)
})
afterAll(async () => {
  await server.app.close()
})

describe('fuzz', () => {
  it('answers 2,400 malformed requests across every route without a 5xx, in the spec\'s codes', async () => {
    const routes = routesOf(server.app)
    expect(routes.length).toBeGreaterThanOrEqual(25)
    const allowed = new Set<string>([...errorCodes, ...extraErrorCodes, ...opsErrorCodes, 'invalid token', 'gone'])
    const rng = random(20261122)
    const failures: string[] = []
    const statuses: Record<number, number> = {}
    const count = 2_400
    for (let i = 0; i < count; i++) {
      const route = routes[i % routes.length]
      const headers: Record<string, string> = {}
      if (rng.next() < 0.6) headers.authorization = rng.next() < 0.8 ? `Bearer ${token}` : `Bearer ${rng.pick(['x', 'a'.repeat(200), '💥'])}`
      let payload: string | undefined
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        headers['content-type'] = rng.next() < 0.9 ? 'application/json' : rng.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'])
        if (rng.next() < 0.15) {
          payload = rng.pick(RAW_BODIES)
        } else {
          const body: Record<string, unknown> = {}
          const fields = 1 + Math.floor(rng.next() * 5)
          for (let f = 0; f < fields; f++) body[rng.pick(FIELDS)] = rng.pick(VALUES)
          payload = JSON.stringify(body)
        }
      }
      const query = rng.next() < 0.2 ? `?${rng.pick(['a=1', 'code=%FF', 'x='.repeat(50), '__proto__[x]=1'])}` : ''
      const response = await server.app.inject({ method: route.method as 'GET', url: route.url + query, headers, payload })
      const label = `${route.method} ${route.url} ${payload?.slice(0, 80) ?? ''} -> ${response.statusCode} ${response.body.slice(0, 80)}`
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
      if (response.statusCode >= 500) failures.push(label)
      if (response.statusCode >= 400) {
        let message: unknown
        try {
          message = (response.json() as { message?: unknown }).message
        } catch {
          message = undefined
        }
        if (typeof message !== 'string' || !allowed.has(message)) failures.push(label)
      }
      // Keep the limits from turning every later answer into 429 REQUEST_LIMIT.
      if (i % 50 === 0) await server.app.inject({ method: 'POST', url: '/dev/reset-limits' })
    }
    expect(failures).toEqual([])
    // The run reached the handlers, not only the validators.
    expect(Object.keys(statuses).map(Number)).toEqual(expect.arrayContaining([200, 400, 401]))
  }, 120_000)
})
