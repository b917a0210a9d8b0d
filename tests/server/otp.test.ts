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

  it('answers OTP_VERIFIED without an SMS for a phone verified within 24 hours', async () => {
    const sent = await send()
    await verify(sent.body.otpToken, (await lastCode()).otpCode)
    server.advance(2 * MINUTE)
    expect(await send()).toMatchObject({ status: 200, body: { code: 'OTP_VERIFIED', otpRef: '', otpToken: '' } })
    expect(server.sms).toHaveLength(1)
    server.advance(DAY)
    expect((await send()).body.code).toBe('OK')
  })
})

describe('POST /api/otp/verify', () => {
  it('accepts the right code and marks the phone verified', async () => {
    const sent = await send()
    const result = await verify(sent.body.otpToken, (await lastCode()).otpCode)
    expect(result).toMatchObject({ status: 200, body: { code: 'OTP_CODE_VALID' } })
    // A repeated verify (double tap) is still valid.
    expect((await verify(sent.body.otpToken, (await lastCode()).otpCode)).status).toBe(200)
    const verified = (await server.app.wallet.db.selectFrom('phone_verifications').select('phone').execute()).map((row) => row.phone)
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
