// @vitest-environment node
// The phone number from Telegram (issue 31 section 3): the contact Telegram signs is believed only
// when its HMAC holds, it is fresh, it is the Telegram user's of the init data sent with it, and
// only once; the operator's TELEGRAM_CONTACT_SKIPS_OTP lets it stand in for the OTP step at
// registration, for that phone only.
import { afterEach, describe, expect, it } from 'vitest'
import type { BuildServerOptions } from '../../server/app'
import { readServerEnv } from '../../server/env'
import { type TestServer, DEMO, MINUTE, call, expectError, freshAddress, registration, startServer, verifyPhone } from './helpers'
import { BOT_TOKEN, identitySettings, initData, signedContact, telegramContact } from './identityHelpers'

let server: TestServer
afterEach(async () => {
  await server?.app.close()
})

const start = async (options: Partial<BuildServerOptions> = {}, skipsOtp = false) => {
  server = await startServer({ identity: identitySettings({ telegramBotToken: BOT_TOKEN, telegramContactSkipsOtp: skipsOtp }), ...options })
  return server
}
const now = () => server.app.serverContext.now()
const PLAYER = 7770001
const PHONE = '0891112222'
const INTERNATIONAL = '66891112222'
const register = (body: Record<string, unknown>) => call(server.app, 'POST', '/api/account', { body, address: freshAddress() })

describe('the offer', () => {
  it('is on only where the bot token is set: by the bot id alone no contact can be verified', async () => {
    server = await startServer({ identity: identitySettings({ telegramBotId: 7000000001 }) })
    expect((await call(server.app, 'GET', '/config.json')).body.identity).toMatchObject({ telegram: true, telegramContact: false })
    expect(await telegramContact(server.app, 'user=1', signedContact(PLAYER, INTERNATIONAL, now()))).toMatchObject(expectError(404, 'IDENTITY_OFF'))
    await server.app.close()
    await start()
    expect((await call(server.app, 'GET', '/config.json')).body.identity).toMatchObject({ telegram: true, telegramContact: true })
  })
})

describe('a contact Telegram signed', () => {
  it("answers the phone in the variant's local form, and is believed once", async () => {
    await start()
    const contact = signedContact(PLAYER, INTERNATIONAL, now())
    expect(await telegramContact(server.app, initData(PLAYER, now()), contact)).toMatchObject({ status: 200, body: { phone: PHONE } })
    // Skip-OTP is off: a prefill, no proof.
    expect((await telegramContact(server.app, initData(PLAYER, now()), signedContact(PLAYER, `+${INTERNATIONAL}`, now() + 1000))).body).toEqual({ phone: PHONE })
    // The same contact again, even re-encoded, under fresh init data.
    expect(await telegramContact(server.app, initData(PLAYER, now()), contact)).toMatchObject(expectError(401, 'CONTACT_USED'))
    const reordered = new URLSearchParams([...new URLSearchParams(contact)].reverse()).toString()
    expect(await telegramContact(server.app, initData(PLAYER, now()), reordered)).toMatchObject(expectError(401, 'CONTACT_USED'))
  })

  it('a Lao number in the Lao variant', async () => {
    await start()
    expect((await call(server.app, 'POST', '/dev/config', { body: { variant: 'la' } })).status).toBe(200)
    expect(await telegramContact(server.app, initData(PLAYER, now()), signedContact(PLAYER, '8562055512345', now())))
      .toMatchObject({ status: 200, body: { phone: '02055512345' } })
    // A Thai number has no place in a Lao phone field.
    expect(await telegramContact(server.app, initData(PLAYER, now()), signedContact(PLAYER, INTERNATIONAL, now())))
      .toMatchObject(expectError(400, 'CONTACT_PHONE_FOREIGN'))
  })

  it('refuses a forged, tampered, stale, foreign or someone else’s contact, and init data that fails its own check', async () => {
    await start()
    const player = () => initData(PLAYER, now())
    const refused = async (contact: string, status: number, code: string, init = player()) =>
      expect(await telegramContact(server.app, init, contact)).toMatchObject(expectError(status, code))
    // Signed by another bot's token.
    await refused(signedContact(PLAYER, INTERNATIONAL, now(), '7000000009:AAAnotherBotsTokenForTheSuiteOnly_987654'), 401, 'CONTACT_INVALID')
    // Another phone put in a signed contact.
    await refused(signedContact(PLAYER, INTERNATIONAL, now()).replace('66891112222', '66899999999'), 401, 'CONTACT_INVALID')
    // No hash at all, and init data (signed by the same token) passed off as a contact.
    await refused(signedContact(PLAYER, INTERNATIONAL, now()).replace(/&hash=.*/, ''), 401, 'CONTACT_INVALID')
    await refused(initData(PLAYER, now()), 401, 'CONTACT_INVALID')
    // Older than the init data's max age (an hour), and from the future.
    await refused(signedContact(PLAYER, INTERNATIONAL, now() - 61 * MINUTE), 401, 'CONTACT_EXPIRED')
    await refused(signedContact(PLAYER, INTERNATIONAL, now() + 30 * MINUTE), 401, 'CONTACT_INVALID')
    // Telegram signed it for another user than the one whose app asks.
    await refused(signedContact(PLAYER + 1, INTERNATIONAL, now()), 403, 'CONTACT_NOT_YOURS')
    // A number outside the variant's country.
    await refused(signedContact(PLAYER, '14155550123', now()), 400, 'CONTACT_PHONE_FOREIGN')
    // The init data itself: tampered to another user, stale.
    const contact = signedContact(PLAYER, INTERNATIONAL, now())
    await refused(contact, 401, 'IDENTITY_INVALID', initData(PLAYER + 1, now()).replace(String(PLAYER + 1), String(PLAYER)))
    await refused(contact, 401, 'IDENTITY_EXPIRED', initData(PLAYER, now() - 61 * MINUTE))
    // None of the refusals used the contact up.
    expect(await telegramContact(server.app, player(), contact)).toMatchObject({ status: 200, body: { phone: PHONE } })
  })
})

describe('registration with the phone from Telegram', () => {
  it('keeps the OTP step while TELEGRAM_CONTACT_SKIPS_OTP is off', async () => {
    await start()
    const answer = await telegramContact(server.app, initData(PLAYER, now()), signedContact(PLAYER, INTERNATIONAL, now()))
    expect(answer.body).toEqual({ phone: PHONE })
    expect(await register({ ...registration({ username: PHONE }), otpToken: '' })).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    expect((await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: PHONE } })).body).toMatchObject({ code: 'OK' })
  })

  it('with it on, answers a proof that passes the OTP step once, for that phone only', async () => {
    await start({}, true)
    const answer = await telegramContact(server.app, initData(PLAYER, now()), signedContact(PLAYER, INTERNATIONAL, now()))
    expect(answer).toMatchObject({ status: 200, body: { phone: PHONE, otpToken: expect.any(String) } })
    const otpToken = answer.body.otpToken as string
    // The proof is no code's token, and no other phone's.
    expect(await call(server.app, 'POST', '/api/otp/verify', { body: { otpToken, otpCode: '000000' } })).toMatchObject(expectError(400, 'OTP_EXPIRED'))
    expect(await register({ ...registration({ username: '0893334444', bankAccountNo: '1112223334' }), otpToken })).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    // The wizard's phone step with the proof: the code is skipped.
    expect((await call(server.app, 'POST', '/api/otp/send', { body: { phoneNumber: PHONE, otpToken } })).body).toMatchObject({ code: 'OTP_VERIFIED' })
    // Without the proof, knowing the phone is not enough.
    expect(await register({ ...registration({ username: PHONE }), otpToken: '' })).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    expect(await register({ ...registration({ username: PHONE }), otpToken })).toMatchObject({ status: 201 })
    // Used up by the registration.
    expect(await register({ ...registration({ username: PHONE, bankAccountNo: '1112223335' }), otpToken })).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    // A registered phone is a sign-in's prefill: no proof.
    expect((await telegramContact(server.app, initData(PLAYER, now()), signedContact(PLAYER, INTERNATIONAL, now() + 1000))).body).toEqual({ phone: PHONE })
    expect((await telegramContact(server.app, initData(PLAYER, now()), signedContact(PLAYER, '66812345678', now() + 2000))).body).toEqual({ phone: DEMO.phone })
  })

  it('with it on, gives no proof while registration asks no OTP', async () => {
    await start({}, true)
    expect((await call(server.app, 'POST', '/dev/settings', { body: { registerOTP: false } })).status).toBe(200)
    expect((await telegramContact(server.app, initData(PLAYER, now()), signedContact(PLAYER, INTERNATIONAL, now()))).body).toEqual({ phone: PHONE })
  })

  it('a phone verified by a code is not touched by a contact proof', async () => {
    await start({}, true)
    const byCode = await verifyPhone(server.app, PHONE)
    const answer = await telegramContact(server.app, initData(PLAYER, now()), signedContact(PLAYER, INTERNATIONAL, now()))
    expect(await register({ ...registration({ username: PHONE }), otpToken: answer.body.otpToken })).toMatchObject({ status: 201 })
    expect(await register({ ...registration({ username: PHONE, bankAccountNo: '1112223336' }), otpToken: byCode })).toMatchObject(expectError(409, 'EXISTING_USER'))
  })
})

describe('TELEGRAM_CONTACT_SKIPS_OTP', () => {
  const read = (env: Record<string, string>) => readServerEnv({ APP_MODE: 'dev', ...env }, () => '')
  it('is off by default, on with 1, and needs the bot token', () => {
    expect(read({ TELEGRAM_BOT_TOKEN: BOT_TOKEN }).identity?.telegramContactSkipsOtp).toBe(false)
    expect(read({ TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_CONTACT_SKIPS_OTP: '1' }).identity?.telegramContactSkipsOtp).toBe(true)
    expect(() => read({ TELEGRAM_BOT_ID: '7000000001', TELEGRAM_CONTACT_SKIPS_OTP: '1' })).toThrow(/TELEGRAM_CONTACT_SKIPS_OTP needs TELEGRAM_BOT_TOKEN/)
    expect(() => read({ TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_CONTACT_SKIPS_OTP: 'yes' })).toThrow(/TELEGRAM_CONTACT_SKIPS_OTP must be 1/)
  })
})
