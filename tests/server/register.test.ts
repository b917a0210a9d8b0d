// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RegisterRequest } from '../../contract'
import { findMemberByUsername } from '../../server/shared/members'
import { walletBalance } from '../../server/shared/ledger'
import { MINUTE, type TestServer, call, expectError, login, registration, startServer, verifyPhone } from './helpers'

let server: TestServer
/** The token of the phone this test verified last (verified()); sent with every call below. */
let otpToken = ''
beforeEach(async () => {
  server = await startServer()
  otpToken = ''
})
afterEach(async () => {
  await server.app.close()
})

const PHONE = registration().username
const validate = (body: Partial<Record<keyof RegisterRequest, unknown>>) =>
  call(server.app, 'POST', '/api/account/validate', { body: { otpToken, ...body } })
const register = (body: Partial<Record<keyof RegisterRequest, unknown>>) =>
  call(server.app, 'POST', '/api/account', { body: { otpToken, ...body } })
/** Steps 1 and 2 for `phone`: its token goes with the calls that follow. */
const verified = async (phone = PHONE) => {
  otpToken = await verifyPhone(server.app, phone)
}
/** What step 3 sends: no bank yet. */
const step3 = (overrides: Partial<Record<keyof RegisterRequest, unknown>> = {}) => ({
  name: 'Somchai Jaidee',
  username: PHONE,
  password: 'secret99',
  sourceCode: 'FACEBOOK',
  inviteCode: '',
  bankCode: '',
  bankAccountName: '',
  bankAccountNo: '',
  ...overrides,
})

describe('POST /api/account/validate', () => {
  it('accepts step 3 of a verified phone', async () => {
    await verified()
    expect(await validate(step3())).toMatchObject({ status: 200, body: { message: 'OK' } })
    expect((await validate(step3({ inviteCode: 'PR123', sourceCode: '' }))).status).toBe(200)
    expect((await validate(step3({ inviteCode: 'pr123' }))).status).toBe(200)
  })

  it('requires name, username and password', async () => {
    await verified()
    for (const key of ['name', 'username', 'password'] as const) {
      expect(await validate(step3({ [key]: '' })), key).toMatchObject(expectError(400, 'KEY_MISSING'))
      expect(await validate(step3({ [key]: undefined })), key).toMatchObject(expectError(400, 'KEY_MISSING'))
    }
    expect(await validate(step3({ name: 42 }))).toMatchObject(expectError(400, 'KEY_INVALID'))
  })

  it('checks the phone format', async () => {
    expect(await validate(step3({ username: '089999999' }))).toMatchObject(
      expectError(400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'),
    )
  })

  it('refuses a registered phone, once its token is shown while registerOTP is on', async () => {
    // No token: the phone's registration is not even looked up.
    expect(await validate(step3({ username: '0812345678' }))).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    await call(server.app, 'POST', '/dev/settings', { body: { registerOTP: false } })
    expect(await validate(step3({ username: '0812345678' }))).toMatchObject(expectError(409, 'EXISTING_USER'))
  })

  it('needs a verified phone while registerOTP is on', async () => {
    expect(await validate(step3())).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    await call(server.app, 'POST', '/dev/settings', { body: { registerOTP: false } })
    expect((await validate(step3())).status).toBe(200)
  })

  it('checks the source and the inviter code', async () => {
    await verified()
    expect(await validate(step3({ sourceCode: 'RADIO' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await validate(step3({ inviteCode: 'PR999' }))).toMatchObject(expectError(400, 'INVALID_USER_INFO'))
    expect(await validate(step3({ inviteCode: 'HELLO' }))).toMatchObject(expectError(400, 'INVALID_USER_INFO'))
  })

  it('checks bank fields only when present', async () => {
    await verified()
    expect(await validate(step3({ bankCode: 'NOPE' }))).toMatchObject(expectError(400, 'INVALID_BANK'))
    expect(await validate(step3({ bankAccountNo: '12ab' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await validate(step3({ bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' }))).toMatchObject(
      expectError(400, 'BANK_ACCOUNT_NAME_ENG'),
    )
    expect(await validate(step3({ bankCode: 'KBANK', bankAccountNo: '1234567890' }))).toMatchObject(
      expectError(409, 'EXISTING_BANK'),
    )
    expect(await validate(step3({ currency: 'LAK' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
  })
})

describe('POST /api/account', () => {
  it('registers a member with an empty wallet, names upper-cased, inviter kept', async () => {
    await verified()
    const result = await register(registration({ inviteCode: 'PR123' }))
    expect(result).toMatchObject({ status: 201, body: { message: 'SUCCESS' } })
    const member = (await findMemberByUsername(server.app.serverContext.db, PHONE))!
    expect(member).toMatchObject({
      name: 'SOMCHAI JAIDEE',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankCode: 'SCB',
      currency: 'THB',
      sourceCode: 'FACEBOOK',
      invitedBy: 123,
      isActive: true,
    })
    expect(member.id).toBeGreaterThan(123)
    expect(member.passwordHash).toMatch(/^scrypt\$/)
    expect(await walletBalance(server.app.serverContext.db, member.id)).toBe(0)
    expect((await login(server.app, PHONE, 'secret99')).length).toBeGreaterThan(20)
  })

  it('refuses the same phone twice', async () => {
    // Two players verified the phone; the first to register has it.
    await verified()
    const first = otpToken
    server.advance(MINUTE)
    await verified()
    expect((await register(registration({ otpToken: first }))).status).toBe(201)
    expect(await register(registration({ bankAccountNo: '1111111111' }))).toMatchObject(
      expectError(409, 'EXISTING_USER'),
    )
    expect(await validate(step3())).toMatchObject(expectError(409, 'EXISTING_USER'))
  })

  it('requires the bank fields', async () => {
    await verified()
    for (const key of ['bankCode', 'bankAccountName', 'bankAccountNo'] as const) {
      expect(await register(registration({ [key]: '' })), key).toMatchObject(expectError(400, 'KEY_MISSING'))
    }
  })

  it('applies the registration rules of validate', async () => {
    expect(await register(registration())).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    await verified()
    expect(await register(registration({ inviteCode: 'PR1' }))).toMatchObject(expectError(400, 'INVALID_USER_INFO'))
    expect(await register(registration({ sourceCode: 'RADIO' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
  })

  it('checks the bank account', async () => {
    await verified()
    expect(await register(registration({ bankCode: 'XXX' }))).toMatchObject(expectError(400, 'INVALID_BANK'))
    expect(await register(registration({ bankCode: 'BCEL' }))).toMatchObject(expectError(400, 'INVALID_BANK'))
    expect(await register(registration({ bankAccountNo: '12345' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await register(registration({ bankAccountNo: '123456789012345678901' }))).toMatchObject(
      expectError(400, 'KEY_INVALID'),
    )
    expect(await register(registration({ bankAccountNo: '12345abcde' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await register(registration({ bankCode: 'KBANK', bankAccountNo: '1234567890' }))).toMatchObject(
      expectError(409, 'EXISTING_BANK'),
    )
  })

  it.each(['KTB', 'TMB', 'BBL'])('needs an English account name for %s', async (bankCode) => {
    await verified()
    expect(await register(registration({ bankCode, bankAccountName: 'สมชาย ใจดี' }))).toMatchObject(
      expectError(400, 'BANK_ACCOUNT_NAME_ENG'),
    )
    expect(await register(registration({ bankCode, bankAccountName: 'Somchai J.' }))).toMatchObject(
      expectError(400, 'BANK_ACCOUNT_NAME_ENG'),
    )
    expect((await register(registration({ bankCode, bankAccountName: 'somchai jaidee' }))).status).toBe(201)
  })

  it('takes a Thai account name for other banks', async () => {
    await verified()
    expect((await register(registration({ bankCode: 'SCB', bankAccountName: 'สมชาย ใจดี' }))).status).toBe(201)
  })

  it('takes THB (or nothing) as currency in the Thai variant', async () => {
    await verified()
    expect(await register(registration({ currency: 'LAK' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect((await register({ ...registration(), currency: undefined })).status).toBe(201)
  })

  it('takes LAK or BAHT and Lao banks in the Lao variant', async () => {
    await call(server.app, 'POST', '/dev/config', { body: { variant: 'la' } })
    const phone = '2055512345'
    await verified(phone)
    const lao = (overrides: Partial<RegisterRequest>) =>
      registration({ username: phone, bankCode: 'BCEL', bankAccountNo: '0101999999999', ...overrides })
    expect(await register({ ...lao({}), currency: undefined })).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await register(lao({ currency: 'THB' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect((await register(lao({ currency: 'LAK' }))).status).toBe(201)
    expect(await findMemberByUsername(server.app.serverContext.db, phone)).toMatchObject({ bankCode: 'BCEL', currency: 'LAK' })

    await verified('20555555')
    const baht = registration({ username: '20555555', bankCode: 'KBANK', bankAccountNo: '5555555555', currency: 'BAHT' })
    expect((await register(baht)).status).toBe(201)
  })
})

describe('registration is bound to the OTP that verified it', () => {
  const PLAYER = '10.9.0.1'
  const STRANGER = '10.9.0.2'
  const asFrom = (address: string, path: string, body: Record<string, unknown>) => call(server.app, 'POST', path, { body, address })

  it('refuses a stranger at another address who knows the verified phone but not its token', async () => {
    otpToken = await verifyPhone(server.app, PHONE, PLAYER)
    const withoutToken = registration()
    for (const body of [withoutToken, { ...withoutToken, otpToken: '' }, { ...withoutToken, otpToken: 'A'.repeat(32) }]) {
      expect(await asFrom(STRANGER, '/api/account', body)).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
      expect(await asFrom(STRANGER, '/api/account/validate', { ...body, bankCode: '', bankAccountName: '', bankAccountNo: '' }))
        .toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    }
    expect(await findMemberByUsername(server.app.serverContext.db, PHONE)).toBeUndefined()
    // The player who verified it registers it.
    expect(await asFrom(PLAYER, '/api/account', { ...registration(), otpToken })).toMatchObject({ status: 201 })
  })

  it('uses the token up: a second registration with it is refused, one refused for its bank is not counted', async () => {
    await verified()
    // Validating does not use it, nor does a registration refused for a bank account in use.
    expect((await validate(step3())).status).toBe(200)
    expect((await validate(step3())).status).toBe(200)
    expect(await register(registration({ bankCode: 'KBANK', bankAccountNo: '1234567890' }))).toMatchObject(expectError(409, 'EXISTING_BANK'))
    expect((await register(registration())).status).toBe(201)
    const used = await server.app.serverContext.db.selectFrom('otps').select(['used_at']).where('phone', '=', PHONE).executeTakeFirstOrThrow()
    expect(used.used_at).toBe(server.app.serverContext.now())
    // Used: refused before the phone is even looked up.
    expect(await register(registration({ bankAccountNo: '1111111111' }))).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    expect(await validate(step3())).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
  })

  it('a token verified for one phone cannot register another, nor after 24 hours', async () => {
    const OTHER = '0877777777'
    await verified(OTHER)
    const forOther = otpToken
    // Someone else verified PHONE: its verification is theirs, not the holder of OTHER's token.
    await verifyPhone(server.app, PHONE, STRANGER)
    expect(await register(registration({ otpToken: forOther }))).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    expect(await validate(step3({ otpToken: forOther }))).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    // Its own phone, within 24 hours of the verification and no later.
    server.advance(24 * 60 * MINUTE - 1)
    expect((await validate(step3({ username: OTHER, otpToken: forOther }))).status).toBe(200)
    server.advance(1)
    expect(await register(registration({ username: OTHER, otpToken: forOther }))).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
  })
})

describe('registration lookups, counted per address and for everyone before any lookup', () => {
  const from = (address: string, body: Record<string, unknown>) => call(server.app, 'POST', '/api/account/validate', { body, address })
  const messages = (answers: { status: number; body: Record<string, unknown> }[]) =>
    answers.reduce<Record<string, number>>((counts, { body }) => ({ ...counts, [String(body.message)]: (counts[String(body.message)] ?? 0) + 1 }), {})

  it('tells one address whether a phone is registered only a handful of times', async () => {
    await call(server.app, 'POST', '/dev/settings', { body: { registerOTP: false } })
    const answers = []
    for (let i = 0; i < 40; i++) answers.push(await from('10.8.0.1', step3({ username: '0812345678' })))
    expect(messages(answers)).toEqual({ EXISTING_USER: 10, REQUEST_LIMIT: 30 })
    expect(answers.slice(10).every((answer) => answer.status === 429 && answer.headers['retry-after'] === String(15 * 60))).toBe(true)
    // The registration's own lookups count with them: the bank account, the inviter.
    const register = await call(server.app, 'POST', '/api/account', { body: registration({ bankCode: 'KBANK', bankAccountNo: '1234567890' }), address: '10.8.0.1' })
    expect(register).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    // Another address hears its own handful; the first hears again once the quarter hour passed.
    expect(await from('10.8.0.2', step3({ username: '0812345678' }))).toMatchObject(expectError(409, 'EXISTING_USER'))
    server.advance(15 * MINUTE)
    expect(await from('10.8.0.1', step3({ inviteCode: 'PR999' }))).toMatchObject(expectError(400, 'INVALID_USER_INFO'))
  })

  it('holds the cap for everyone across addresses, and alerts', async () => {
    await server.app.close()
    const lines: string[] = []
    server = await startServer({ limits: { accountGlobal: 5 }, logger: true, loggerStream: { write: (line) => lines.push(line) } })
    await call(server.app, 'POST', '/dev/settings', { body: { registerOTP: false } })
    const answers = []
    for (let i = 0; i < 8; i++) answers.push(await from(`10.8.1.${i}`, step3({ username: '0812345678' })))
    expect(messages(answers)).toEqual({ EXISTING_USER: 5, REQUEST_LIMIT: 3 })
    const alerts = lines.filter((line) => line.includes('ALERT'))
    expect(alerts).toHaveLength(1)
    expect(JSON.parse(alerts[0])).toMatchObject({ level: 50, alert: 'account_all', cap: 5 })
  })
})
