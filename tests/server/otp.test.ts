// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLogOtpSender, createWebhookOtpSender } from '../../server/otp/sms'
import { DAY, DEMO, HOUR, MINUTE, type TestServer, call, expectError, startServer } from './helpers'

let server: TestServer
beforeEach(async () => {
  server = await startServer()
})
afterEach(async () => {
  await server.app.close()
})

const PHONE = '0891234567'
const send = (phoneNumber: unknown = PHONE) =>
  call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber } })
const verify = (otpToken: unknown, otpCode: unknown) =>
  call(server.app, 'POST', '/api/otp/verify', { body: { otpToken, otpCode } })
const lastCode = async (phone = PHONE) => (await call(server.app, 'GET', `/dev/otp/${phone}`)).body

describe('POST /api/otp/send', () => {
  it('sends a 6-digit code with a 4-letter reference', async () => {
    const result = await send()
    expect(result.status).toBe(200)
    expect(result.body).toEqual({ code: 'OK', otpRef: expect.stringMatching(/^[A-Z]{4}$/), otpToken: expect.any(String) })
    const dev = await lastCode()
    expect(dev).toEqual({ otpCode: expect.stringMatching(/^\d{6}$/), otpRef: result.body.otpRef })
    expect(server.sms).toEqual([{ phone: PHONE, code: dev.otpCode, reference: dev.otpRef }])
  })

  it('answers OTP_SEND_FAIL when the SMS gateway fails, and lets the player ask again at once', async () => {
    expect((await call(server.app, 'POST', '/dev/sms', { body: { down: true } })).body).toEqual({ down: true })
    expect(await send()).toMatchObject(expectError(502, 'OTP_SEND_FAIL'))
    expect(server.sms).toHaveLength(0)
    // Nothing reached the phone, so no minute's wait: the next try goes out once the gateway is back.
    expect(await send()).toMatchObject(expectError(502, 'OTP_SEND_FAIL'))
    await call(server.app, 'POST', '/dev/sms', { body: { down: false } })
    const result = await send()
    expect(result.status).toBe(200)
    expect(server.sms).toEqual([{ phone: PHONE, code: (await lastCode()).otpCode, reference: result.body.otpRef }])
    expect(await send()).toMatchObject(expectError(429, 'REQUEST_LIMIT_1MIN'))
  })

  it('answers OTP_SEND_FAIL when a webhook gateway answers an error, and counts the address', async () => {
    await server.app.close()
    let calls = 0
    const gateway = async () => {
      calls += 1
      return new Response('busy', { status: 503 })
    }
    server = await startServer({ sms: createWebhookOtpSender('https://sms.example/send', { send: gateway as typeof fetch }), limits: { otpPerAddress: 2 } })
    expect(await send('0891234567')).toMatchObject(expectError(502, 'OTP_SEND_FAIL'))
    expect(await send('0891234568')).toMatchObject(expectError(502, 'OTP_SEND_FAIL'))
    expect(await send('0891234569')).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    expect(calls).toBe(2)
  })

  it('checks the phone format of the Thai variant', async () => {
    expect(await send('081234567')).toMatchObject(expectError(400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'))
    expect(await send('08123456789')).toMatchObject(expectError(400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'))
    expect(await send('08-1234567')).toMatchObject(expectError(400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'))
    expect(await send('')).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await send(812345678)).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(server.sms).toHaveLength(0)
  })

  it('takes 8 to 15 digits in the Lao variant', async () => {
    await call(server.app, 'POST', '/dev/config', { body: { variant: 'la' } })
    expect((await send('20551234')).status).toBe(200)
    expect((await send('856205512345678')).status).toBe(200)
    expect(await send('2055123')).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await send('8562055123456789')).toMatchObject(expectError(400, 'KEY_INVALID'))
  })

  it('refuses a registered phone', async () => {
    expect(await send(DEMO.phone)).toMatchObject(expectError(409, 'EXISTING_USER'))
  })

  it('allows one send per minute', async () => {
    expect((await send()).status).toBe(200)
    server.advance(59 * 1000)
    expect(await send()).toMatchObject(expectError(429, 'REQUEST_LIMIT_1MIN'))
    server.advance(1000)
    expect((await send()).status).toBe(200)
  })

  it('blocks a sixth send within an hour', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await send()).status).toBe(200)
      server.advance(MINUTE)
    }
    expect(await send()).toMatchObject(expectError(429, 'OTP_BLOCK'))
    server.advance(HOUR - 5 * MINUTE + 1)
    expect((await send()).status).toBe(200)
  })

  it('lifts the send limits on POST /dev/reset-limits', async () => {
    await send()
    expect((await send()).status).toBe(429)
    await call(server.app, 'POST', '/dev/reset-limits')
    expect((await send()).status).toBe(200)
  })

  it('answers OTP_VERIFIED without an SMS only to the player presenting the verified token, within 24 hours', async () => {
    const sent = await send()
    const otpToken = sent.body.otpToken as string
    // Presented before it is verified: a code is sent as for anyone.
    server.advance(MINUTE)
    const again = await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: PHONE, otpToken } })
    expect(again.body.code).toBe('OK')
    await verify(again.body.otpToken, (await lastCode()).otpCode)
    const verifiedToken = again.body.otpToken as string
    server.advance(2 * MINUTE)
    const withToken = (otpToken: unknown, phoneNumber = PHONE) => call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber, otpToken } })
    expect(await withToken(verifiedToken)).toMatchObject({ status: 200, body: { code: 'OTP_VERIFIED', otpRef: '', otpToken: '' } })
    expect(server.sms).toHaveLength(2)
    // Anyone else asking for the verified phone (no token, another token) gets a code sent to it.
    expect((await send()).body.code).toBe('OK')
    server.advance(MINUTE)
    expect((await withToken(otpToken)).body.code).toBe('OK')
    server.advance(MINUTE)
    // The token says nothing of another phone.
    expect((await withToken(verifiedToken, '0891234568')).body.code).toBe('OK')
    expect(server.sms).toHaveLength(5)
    // Verified 4 minutes ago: usable for 24 hours from then, and no longer.
    server.advance(DAY - 4 * MINUTE - 1)
    expect((await withToken(verifiedToken)).body.code).toBe('OTP_VERIFIED')
    server.advance(1)
    expect((await withToken(verifiedToken)).body.code).toBe('OK')
  })

  it('tells one address whether a phone is registered only a handful of times, counted before the lookup', async () => {
    const answers = []
    for (let i = 0; i < 40; i++) answers.push(await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: DEMO.phone }, address: '10.7.0.1' }))
    expect(answers.slice(0, 10).every((answer) => answer.status === 409 && answer.body.message === 'EXISTING_USER')).toBe(true)
    expect(answers.slice(10).every((answer) => answer.status === 429 && answer.body.message === 'REQUEST_LIMIT')).toBe(true)
    expect(Number(answers[10].headers['retry-after'])).toBe(60 * 60)
    expect((await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: DEMO.phone }, address: '10.7.0.2' })).status).toBe(409)
  })

  it('holds the cap for everyone across addresses before the lookup, and alerts', async () => {
    await server.app.close()
    const lines: string[] = []
    server = await startServer({ limits: { otpGlobal: 3 }, logger: true, loggerStream: { write: (line) => lines.push(line) } })
    const answers = []
    for (let i = 0; i < 6; i++) answers.push(await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: DEMO.phone }, address: `10.7.1.${i}` }))
    expect(answers.map((answer) => answer.status)).toEqual([409, 409, 409, 429, 429, 429])
    expect(lines.filter((line) => line.includes('ALERT') && line.includes('otp_all'))).toHaveLength(1)
  })

  // Issue 47: on 3490fad a full cap for everyone stopped every registration, wherever it came from.
  it('lets a place where members signed in through a full cap, still alerting, and refuses fresh addresses', async () => {
    await server.app.close()
    const lines: string[] = []
    server = await startServer({ limits: { otpGlobal: 3 }, logger: true, loggerStream: { write: (line) => lines.push(line) } })
    // A member signed in from this place (a home, a carrier's shared address) before the flood.
    expect((await call(server.app, 'POST', '/api/login', { body: { username: DEMO.phone, password: DEMO.password }, address: '10.8.0.1' })).status).toBe(200)
    for (let i = 0; i < 3; i++) await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: `08200000${10 + i}` }, address: `10.9.0.${i}` })
    expect((await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: '0820000099' }, address: '10.9.9.9' })).status).toBe(429)
    const player = await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: '0820000077' }, address: '10.8.0.1' })
    expect(player.status, JSON.stringify(player.body)).toBe(200)
    expect(lines.filter((line) => line.includes('ALERT') && line.includes('otp_all'))).toHaveLength(1)
    // Its own limits still hold there.
    server.advance(61_000)
    for (let i = 0; i < 9; i++) await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: `08300000${10 + i}` }, address: '10.8.0.1' })
    expect(await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: '0830000099' }, address: '10.8.0.1' })).toMatchObject({ status: 429 })
  })
})

describe('POST /api/otp/verify', () => {
  it('accepts the right code and marks the phone verified', async () => {
    const sent = await send()
    const { otpCode } = await lastCode()
    for (let i = 0; i < 4; i++) expect((await verify(sent.body.otpToken, otpCode === '000000' ? '111111' : '000000')).status).toBe(400)
    const result = await verify(sent.body.otpToken, otpCode)
    expect(result).toMatchObject({ status: 200, body: { code: 'OTP_CODE_VALID' } })
    // A repeated verify (double tap) is still valid.
    expect((await verify(sent.body.otpToken, (await lastCode()).otpCode)).status).toBe(200)
    const verified = (await server.app.serverContext.db.selectFrom('phone_verifications').select('phone').execute()).map((row) => row.phone)
    expect(verified).toEqual([PHONE])
  })

  it('validates the body', async () => {
    expect(await verify(undefined, '123456')).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await verify('token', undefined)).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await verify('token', 123456)).toMatchObject(expectError(400, 'KEY_INVALID'))
  })

  it('refuses an unknown token', async () => {
    expect(await verify('not-a-token', '123456')).toMatchObject(expectError(400, 'OTP_TOKEN_INVALID'))
  })

  it('limits code checks per address, before the token is looked up', async () => {
    const from = (address: string) => call(server.app, 'POST', '/api/otp/verify', { body: { otpToken: 'not-a-token', otpCode: '123456' }, address })
    for (let i = 0; i < 20; i++) expect(await from('10.7.2.1')).toMatchObject(expectError(400, 'OTP_TOKEN_INVALID'))
    const refused = await from('10.7.2.1')
    expect(refused).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    expect(refused.headers['retry-after']).toBe(String(15 * 60))
    expect(await from('10.7.2.2')).toMatchObject(expectError(400, 'OTP_TOKEN_INVALID'))
    server.advance(15 * MINUTE)
    expect(await from('10.7.2.1')).toMatchObject(expectError(400, 'OTP_TOKEN_INVALID'))
  })

  it('refuses an expired code after 5 minutes', async () => {
    const sent = await send()
    const { otpCode } = await lastCode()
    server.advance(5 * MINUTE)
    expect(await verify(sent.body.otpToken, otpCode)).toMatchObject(expectError(400, 'OTP_EXPIRED'))
  })

  it('refuses a wrong code, and burns the token at the fifth', async () => {
    const sent = await send()
    const { otpCode } = await lastCode()
    const wrong = otpCode === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) {
      expect(await verify(sent.body.otpToken, wrong)).toMatchObject(expectError(400, 'OTP_CODE_INVALID'))
    }
    expect(await verify(sent.body.otpToken, wrong)).toMatchObject(expectError(429, 'OTP_BLOCK'))
    expect(await verify(sent.body.otpToken, otpCode)).toMatchObject(expectError(429, 'OTP_BLOCK'))
  })
})

describe('the OTP dev tools', () => {
  it('GET /dev/otp/:phone answers 404 NO_DATA before any code', async () => {
    expect(await call(server.app, 'GET', '/dev/otp/0800000000')).toMatchObject(expectError(404, 'NO_DATA'))
  })

  it('the dev SMS sender logs the code and reference', async () => {
    const lines: string[] = []
    await createLogOtpSender((line) => lines.push(line)).sendOtp({ phone: '0812345678', code: '123456', reference: 'ABCD' })
    expect(lines).toEqual(['OTP for 0812345678: 123456 (ref ABCD)'])
  })
})
