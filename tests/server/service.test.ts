// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RuntimeConfig } from '../../contract'
import { DEMO, type TestServer, call, expectError, login, startServer } from './helpers'

let server: TestServer
beforeEach(async () => {
  server = await startServer()
})
afterEach(async () => {
  await server.app.close()
})

describe('a terminated service', () => {
  it('answers 410 gone on every API call except the active check and how to reach the operator', async () => {
    // A member signed in before the end, with money in the wallet.
    const token = await login(server.app)
    const balance = (await call(server.app, 'GET', '/api/wallet', { token })).body.wallet
    expect(balance).toMatchObject({ amount: expect.any(Number) })
    const switched = await call(server.app, 'POST', '/dev/service', { body: { terminated: true } })
    expect(switched.body).toMatchObject({ terminated: true })
    for (const [method, url] of [
      ['GET', '/api/lookup/banks'],
      ['POST', '/api/login'],
      ['GET', '/api/account/profile'],
      ['GET', '/api/no-such-route'],
    ] as const) {
      const result = await call(server.app, method, url, { body: method === 'POST' ? DEMO : undefined })
      expect(result, url).toMatchObject(expectError(410, 'gone'))
    }
    expect((await call(server.app, 'GET', '/api/lookup/active')).body).toEqual({ isActive: false, terminated: true })
    expect((await call(server.app, 'GET', '/api/lookup/active/')).status).toBe(200)
    expect((await call(server.app, 'GET', '/config.json')).status).toBe(200)
    // A player who still has money is told how to reach the operator: contact, and the chat.
    expect((await call(server.app, 'GET', '/api/lookup/contact')).status).toBe(200)
    expect((await call(server.app, 'GET', '/api/lookup/enableChatWidget')).status).toBe(200)
    expect((await call(server.app, 'GET', '/api/chat/config')).status).toBe(200)
    expect((await call(server.app, 'POST', '/api/chat/history', { body: { guestId: 'guest-of-a-terminated-service', limit: 10, skip: 0 } })).status).toBe(200)
    for (const url of ['/api/lookup/contactX', '/api/lookup/contact/more', '/api/chat', '/api/chatty']) {
      expect(await call(server.app, 'GET', url), url).toMatchObject(expectError(410, 'gone'))
    }
    // The router reads `/%61pi/` as `/api/`; the check reads the path as it came. A disguised path
    // names no route at all: no sign-in, no withdrawal from a service that ended.
    expect(await call(server.app, 'POST', '/%61pi/login', { body: { username: DEMO.phone, password: DEMO.password } }), 'a disguised sign-in').toMatchObject(expectError(404, 'NO_DATA'))
    for (const url of ['/%61pi/wallet/withdraw', '/%61pi/wallet/withdrawAll', '/api/wallet/withdr%61w']) {
      expect(await call(server.app, 'POST', url, { token, body: { amount: 100 } }), url).toMatchObject(expectError(404, 'NO_DATA'))
    }
    expect(await call(server.app, 'GET', '/api/wallet', { token })).toMatchObject(expectError(410, 'gone'))

    await call(server.app, 'POST', '/dev/service', { body: { terminated: false } })
    expect((await call(server.app, 'GET', '/api/lookup/banks')).status).toBe(200)
    expect((await call(server.app, 'GET', '/api/wallet', { token })).body.wallet).toEqual(balance)
  })
})

describe('error answers', () => {
  it('is 404 NO_DATA for an unknown API route', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const result = await call(server.app, method, '/api/nothing/here')
      expect(result.status).toBe(404)
      expect(result.body).toEqual({ message: 'NO_DATA' })
    }
  })

  it('answers a non-JSON body with KEY_INVALID and an empty JSON body with KEY_MISSING', async () => {
    const text = await server.app.inject({
      method: 'POST', url: '/api/login', headers: { 'content-type': 'text/plain' }, payload: 'hello',
    })
    expect(text.statusCode).toBe(400)
    expect(text.json()).toEqual({ message: 'KEY_INVALID' })
    const xml = await server.app.inject({
      method: 'POST', url: '/api/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>',
    })
    expect(xml.statusCode).toBe(415)
    expect(xml.json()).toEqual({ message: 'KEY_INVALID' })
    const empty = await server.app.inject({
      method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '',
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({ message: 'KEY_MISSING' })
  })

  it('hides unexpected errors behind 500 INTERNAL_SERVER_ERROR', async () => {
    const app = (await startServer()).app
    app.get('/api/boom', async () => {
      throw new Error('secret detail')
    })
    const result = await app.inject({ method: 'GET', url: '/api/boom' })
    expect(result.statusCode).toBe(500)
    expect(result.json()).toEqual({ message: 'INTERNAL_SERVER_ERROR' })
    expect(result.body).not.toContain('secret')
    await app.close()
  })

  it('ignores a trailing slash', async () => {
    expect((await call(server.app, 'GET', '/api/lookup/banks/')).status).toBe(200)
  })
})

describe('dev endpoints', () => {
  it('validate their bodies', async () => {
    expect(await call(server.app, 'POST', '/dev/service', { body: {} })).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await call(server.app, 'POST', '/dev/service', { body: { terminated: 'yes' } })).toMatchObject(
      expectError(400, 'KEY_INVALID'),
    )
    expect(await call(server.app, 'POST', '/dev/settings', { body: { terminated: true } })).toMatchObject(
      expectError(400, 'KEY_INVALID'),
    )
    expect(await call(server.app, 'POST', '/dev/settings', { body: { spinActive: 1 } })).toMatchObject(
      expectError(400, 'KEY_INVALID'),
    )
  })

  it('read and change settings partially', async () => {
    const invite = { active: true, type: 'turnover', isXArea: false, percent: 1 }
    const spin = expect.objectContaining({ name: 'Lucky wheel', coinPerDepositMinor: 100_00, couponDays: 7 })
    const refund = { percent: 5, period: 'week' }
    const staff = { approvals: { secondAboveMinor: { THB: 20_000_00, LAK: 12_000_000_00 }, separationHours: 24 }, staffTotp: 'admins' }
    expect((await call(server.app, 'GET', '/dev/settings')).body).toEqual({
      registerOTP: true, terminated: false, spinActive: false, enableChatWidget: false, depositManual: false, invite, spin, refund, ...staff,
    })
    const result = await call(server.app, 'POST', '/dev/settings', { body: { spinActive: true } })
    expect(result.body).toEqual({ registerOTP: true, terminated: false, spinActive: true, enableChatWidget: false, depositManual: false, invite, spin, refund, ...staff })
  })

  it('are absent in production', async () => {
    const production = await startServer({ mode: 'production' })
    for (const [method, url] of [
      ['GET', '/dev/otp/0812345678'],
      ['POST', '/dev/service'],
      ['POST', '/dev/settings'],
      ['POST', '/dev/config'],
      ['DELETE', '/dev/config'],
      ['POST', '/dev/reset-limits'],
    ] as const) {
      const result = await call(production.app, method, url, { body: method === 'POST' ? { terminated: true } : undefined })
      expect(result, url).toMatchObject(expectError(404, 'NO_DATA'))
    }
    expect((await call(production.app, 'GET', '/api/lookup/active')).body).toMatchObject({ terminated: false })
    await production.app.close()
  })
})

describe('/config.json', () => {
  const config = async () => {
    const result = await call(server.app, 'GET', '/config.json')
    expect(result.headers['cache-control']).toBe('no-cache')
    return result.body as unknown as RuntimeConfig
  }

  it('serves the default runtime config', async () => {
    expect(await config()).toEqual({
      apiBase: '',
      variant: 'th',
      appName: 'Wallet',
      chat: null,
      line: null,
      telegram: null,
      howto: {
        wallet: '/howto/wallet.mp4',
        play: '/howto/play.mp4',
        balance: '/howto/balance.mp4',
        bonus: '/howto/bonus.mp4',
        bonusCancel: '/howto/bonus-cancel.mp4',
      },
      contact: { lineName: '@wallet-demo', lineLink: 'https://line.me/R/ti/p/@wallet-demo' },
      truelinkSecret: 'wallet-demo-truelink',
      idempotencyKeys: true,
    })
  })

  it('merges the config option over the defaults', async () => {
    const custom = await startServer({ config: { appName: 'Lao Wallet', variant: 'la', howto: { wallet: '/w.mp4' } } })
    const body = (await call(custom.app, 'GET', '/config.json')).body as unknown as RuntimeConfig
    expect(body).toMatchObject({ appName: 'Lao Wallet', variant: 'la', howto: { wallet: '/w.mp4', play: '/howto/play.mp4' } })
    await custom.app.close()
  })

  it('switches platform and variant at runtime with /dev/config, and back with DELETE', async () => {
    const line = { liffId: '1234567890-AbCdEfGh', mock: true }
    const changed = await call(server.app, 'POST', '/dev/config', { body: { line, variant: 'la' } })
    expect(changed.body).toMatchObject({ line, variant: 'la' })
    expect(await config()).toMatchObject({ line, variant: 'la', telegram: null })
    const telegram = { botUsername: 'wallet_bot', appName: 'wallet' }
    await call(server.app, 'POST', '/dev/config', { body: { line: null, telegram } })
    expect(await config()).toMatchObject({ line: null, telegram, variant: 'la' })
    expect((await call(server.app, 'DELETE', '/dev/config')).body).toMatchObject({ variant: 'th', telegram: null })
    expect(await config()).toMatchObject({ variant: 'th', line: null, telegram: null })
  })

  it('refuses an invalid config patch', async () => {
    for (const body of [
      { variant: 'vn' },
      { line: { liffId: 'x' } },
      { telegram: 'bot' },
      { howto: { wallet: 1 } },
      { howto: { movie: '/m.mp4' } },
      { unknown: true },
      { toString: 'x' },
      ['variant'],
    ]) {
      expect(await call(server.app, 'POST', '/dev/config', { body }), JSON.stringify(body)).toMatchObject(
        expectError(400, 'KEY_INVALID'),
      )
    }
    expect((await config()).variant).toBe('th')
  })
})
