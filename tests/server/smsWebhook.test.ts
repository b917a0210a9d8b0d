// @vitest-environment node
// Production's SMS webhook (issue 27) against real local HTTP servers: each call is signed over its
// exact body and a timestamp with SMS_WEBHOOK_SECRET, and a redirect is never followed (the code
// would go wherever the answer points).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createWebhookOtpSender } from '../../server/otp/sms'
import { call, expectError, startServer, type TestServer } from './helpers'

const SECRET = 'test-webhook-secret-0123456789abcdef'

interface Received {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

const servers: Server[] = []
const apps: TestServer[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.app.close()))
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A gateway on a free local port: records every request and answers as `answer` says. */
async function gateway(answer: (response: ServerResponse) => void = (response) => response.end('{}')) {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) })
      answer(response)
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received }
}

/** What the gateway does with a call: recompute the signature over the bytes it received. */
function verifies(secret: string, { headers, body }: Received): boolean {
  const timestamp = String(headers['x-signature-timestamp'])
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`)
  const given = Buffer.from(String(headers['x-signature']))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

describe('SMS webhook', () => {
  it('signs each call over its exact body and a timestamp, with X-Signature: sha256=<hex>', async () => {
    const sms = await gateway()
    const now = Date.parse('2025-01-15T05:00:00Z')
    await createWebhookOtpSender(`${sms.url}/otp`, { secret: SECRET, now: () => now }).sendOtp({ phone: '0812345678', code: '123456', reference: 'ABCD' })
    expect(sms.received).toHaveLength(1)
    const [request] = sms.received
    expect(request).toMatchObject({ method: 'POST', url: '/otp' })
    expect(JSON.parse(request.body.toString('utf8'))).toEqual({ phone: '0812345678', code: '123456', reference: 'ABCD' })
    expect(request.headers['x-signature-timestamp']).toBe(String(now / 1000))
    expect(request.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/)
    expect(verifies(SECRET, request)).toBe(true)
    // Another secret, another body or another time does not verify.
    expect(verifies(`${SECRET}x`, request)).toBe(false)
    expect(verifies(SECRET, { ...request, body: Buffer.from(request.body.toString('utf8').replace('123456', '654321')) })).toBe(false)
    expect(verifies(SECRET, { ...request, headers: { ...request.headers, 'x-signature-timestamp': String(now / 1000 + 3600) } })).toBe(false)
  })

  it("signs the server's OTP sends", async () => {
    const sms = await gateway()
    const server = await startServer({ sms: createWebhookOtpSender(`${sms.url}/otp`, { secret: SECRET }) })
    apps.push(server)
    const sent = await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: '0891234567' } })
    expect(sent.status).toBe(200)
    expect(sms.received).toHaveLength(1)
    expect(verifies(SECRET, sms.received[0])).toBe(true)
    expect(JSON.parse(sms.received[0].body.toString('utf8'))).toMatchObject({ phone: '0891234567', reference: sent.body.otpRef })
  })

  it('does not follow a redirect: a 302 is a failed send (OTP_SEND_FAIL) and its target never gets the code', async () => {
    const elsewhere = await gateway()
    const sms = await gateway((response) => {
      response.writeHead(302, { location: `${elsewhere.url}/collect` })
      response.end()
    })
    const sender = createWebhookOtpSender(`${sms.url}/otp`, { secret: SECRET })
    await expect(sender.sendOtp({ phone: '0812345678', code: '123456', reference: 'ABCD' })).rejects.toThrow(/redirect \(302\).*08xxxxx678/)
    expect(sms.received).toHaveLength(1)
    // The send has ended: a followed redirect would have reached the target before it did.
    expect(elsewhere.received).toEqual([])

    const server = await startServer({ sms: sender })
    apps.push(server)
    expect(await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: '0891234567' } })).toMatchObject(expectError(502, 'OTP_SEND_FAIL'))
    expect(sms.received).toHaveLength(2)
    expect(elsewhere.received).toEqual([])
  })
})
