// @vitest-environment node
// Demo, production, dev and test modes; the OTP senders; seed content that follows the variant.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildServer } from '../../server/app'
import { createLogOtpSender, createWebhookOtpSender } from '../../server/otp/sms'
import { markProduction } from '../../server/seed/productionMark'
import { maskPhone } from '../../server/shared/mask'
import { call, DEMO, expectError, expectSignedIn, login, OPERATOR, startServer, TEST_PASSWORD_COST, testStorage, type TestServer } from './helpers'

const servers: TestServer[] = []
const dirs: string[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.app.close()))
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }))
})
const start = async (options: Parameters<typeof startServer>[0]) => {
  const server = await startServer(options)
  servers.push(server)
  return server
}

describe('modes', () => {
  it('demo has the demo member with a balance and no /dev/ endpoints', async () => {
    const demo = await start({ mode: 'demo' })
    await expectSignedIn(demo.app, await login(demo.app))
    expect((await call(demo.app, 'GET', '/dev/settings')).status).toBe(404)
    expect((await call(demo.app, 'POST', '/dev/service', { body: { terminated: true } })).status).toBe(404)
  })

  it('production seeds no demo member', async () => {
    const production = await start({ mode: 'production' })
    expect(await call(production.app, 'POST', '/api/login', { body: { username: DEMO.phone, password: DEMO.password } })).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
    expect(await production.app.serverContext.db.selectFrom('members').select('id').execute()).toEqual([])
    expect((await call(production.app, 'GET', '/dev/settings')).status).toBe(404)
  })

  it('production disables a demo member left by an earlier demo run, and ends its sessions', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wallet-modes-'))
    dirs.push(dataDir)
    const sms = { async sendOtp() {} }
    const storage = await testStorage(dataDir)
    const demo = await buildServer({ ...storage, mode: 'demo', passwordCost: TEST_PASSWORD_COST, staticDir: '/none' })
    const token = await login(demo)
    // Production no longer takes a demo's database (productionMark.test.ts); one an older release's
    // production took still holds what the demo left, which production puts away at every start.
    await markProduction(demo.serverContext.db, Date.now())
    await demo.close()
    const production = await buildServer({ ...storage, ...OPERATOR, mode: 'production', sms, passwordCost: TEST_PASSWORD_COST, staticDir: '/none' })
    expect(await call(production, 'POST', '/api/login', { body: { username: DEMO.phone, password: DEMO.password } })).toMatchObject(expectError(403, 'INACTIVE_USER'))
    expect((await call(production, 'GET', '/api/account/profile', { token })).status).toBe(401)
    await production.close()
  })

  it('test mode hashes passwords at the low test cost unless told otherwise; the other modes at the default', async () => {
    const costOf = async (mode: 'test' | 'demo') => {
      const app = await buildServer({ ...(await testStorage()), mode, staticDir: '/none' })
      const [{ password_hash: stored }] = await app.serverContext.db.selectFrom('members').select('password_hash').where('username', '=', DEMO.phone).execute()
      await app.close()
      return stored.split('$')[1]
    }
    expect(await costOf('test')).toBe(String(2 ** 10))
    expect(await costOf('demo')).toBe(String(2 ** 17))
  })

  it('production refuses to start without an SMS sender', async () => {
    await expect(buildServer({ dataDir: ':memory:', mode: 'production' })).rejects.toThrow(/SMS/)
  })

  it('applies operator settings at start', async () => {
    const server = await start({ mode: 'production', settings: { registerOTP: false } })
    expect((await call(server.app, 'GET', '/api/lookup/registerOTP')).body).toEqual({ registerOTP: false })
  })

  it('believes X-Forwarded-For only from trusted proxies', async () => {
    const server = await start({ trustProxy: ['127.0.0.1'] })
    const ips: string[] = []
    server.app.serverContext.limits.loginFreePerAddress = 1
    server.app.addHook('onResponse', async (request) => {
      ips.push(request.ip)
    })
    const from = (remoteAddress: string, forwarded: string) =>
      server.app.inject({ method: 'POST', url: '/api/login', remoteAddress, headers: { 'x-forwarded-for': forwarded },
        payload: { username: '0800000001', password: 'x' } })
    expect((await from('127.0.0.1', '203.0.113.7')).statusCode).toBe(401)
    expect((await from('127.0.0.1', '203.0.113.8')).statusCode).toBe(401)
    // An untrusted peer cannot pick its address: its forwarded header is ignored.
    expect((await from('198.51.100.1', '203.0.113.9')).statusCode).toBe(401)
    expect((await from('198.51.100.1', '203.0.113.10')).statusCode).toBe(429)
  })
})

describe('OTP senders', () => {
  it('masks phones in logs', () => {
    expect(maskPhone('0812345678')).toBe('08xxxxx678')
    expect(maskPhone('2055512345')).toBe('20xxxxx345')
  })

  it('the log sender prints the code (demo, dev, test)', async () => {
    const lines: string[] = []
    await createLogOtpSender((line) => lines.push(line)).sendOtp({ phone: '0812345678', code: '123456', reference: 'ABCD' })
    expect(lines).toEqual(['OTP for 0812345678: 123456 (ref ABCD)'])
  })

  it('the webhook sender POSTs { phone, code, reference } as JSON and fails on a non-2xx', async () => {
    const send = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 200 }))
    const sender = createWebhookOtpSender('https://sms.example/otp', { send })
    await sender.sendOtp({ phone: '0812345678', code: '123456', reference: 'ABCD' })
    const [url, init] = send.mock.calls[0]
    expect(url).toBe('https://sms.example/otp')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ phone: '0812345678', code: '123456', reference: 'ABCD' })
    send.mockResolvedValue(new Response('', { status: 503 }))
    await expect(sender.sendOtp({ phone: '0812345678', code: '1', reference: 'X' })).rejects.toThrow('08xxxxx678')
  })

  it('production never writes an OTP code to its log', async () => {
    const lines: string[] = []
    const logStream = { write: (line: string) => lines.push(line) }
    const codes: string[] = []
    const app = await buildServer({
      ...(await testStorage()), ...OPERATOR, mode: 'production', passwordCost: TEST_PASSWORD_COST, staticDir: '/none',
      logger: true, loggerStream: logStream,
      sms: { async sendOtp({ code }) { codes.push(code) } },
    })
    const sent = await call(app, 'POST', '/api/otp/send', { body: { phoneNumber: '0812345678' } })
    expect(sent.status).toBe(200)
    expect(codes).toHaveLength(1)
    const log = lines.join('\n')
    expect(log).toContain('08xxxxx678')
    expect(log).not.toContain(codes[0])
    expect(log).not.toContain('0812345678')
    await app.close()
  })
})

describe('seed content follows the variant', () => {
  it('a Lao-variant server seeds sources, contact, conditions and agreements in Lao', async () => {
    const server = await start({ config: { variant: 'la' } })
    const lao = /[\u0E80-\u0EFF]/
    const thai = /[\u0E00-\u0E7F]/
    const sources = (await call(server.app, 'GET', '/api/lookup/sources')).body as unknown as { description: string }[]
    expect(sources.every((source) => lao.test(source.description))).toBe(true)
    const contact = (await call(server.app, 'GET', '/api/lookup/contact')).body as { contactText: string }
    expect(contact.contactText).toMatch(lao)
    expect(contact.contactText).not.toMatch(thai)
    const conditions = (await call(server.app, 'GET', '/api/lookup/conditions')).body as unknown as string[]
    expect(conditions.every((html) => lao.test(html) && !thai.test(html))).toBe(true)
    const token = await login(server.app)
    const agreements = (await call(server.app, 'GET', '/api/lookup/agreements', { token })).body as unknown as string[]
    expect(agreements.every((html) => lao.test(html) && !thai.test(html))).toBe(true)
  })

  it('a Thai-variant server seeds them in Thai', async () => {
    const server = await start({})
    const sources = (await call(server.app, 'GET', '/api/lookup/sources')).body as unknown as { description: string }[]
    expect(sources.every((source) => /[\u0E00-\u0E7F]/.test(source.description))).toBe(true)
  })
})
