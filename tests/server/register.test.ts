// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RegisterRequest } from '../../src/api/contract'
import { findMemberByUsername } from '../../server/account/members'
import { walletBalance } from '../../server/wallet/ledger'
import { type TestServer, call, expectError, login, registration, startServer, verifyPhone } from './helpers'

let server: TestServer
beforeEach(async () => {
  server = await startServer()
})
afterEach(async () => {
  await server.app.close()
})

const PHONE = registration().username
const validate = (body: Partial<Record<keyof RegisterRequest, unknown>>) =>
  call(server.app, 'POST', '/api/account/validate', { body })
const register = (body: Partial<Record<keyof RegisterRequest, unknown>>) =>
  call(server.app, 'POST', '/api/account', { body })
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
    await verifyPhone(server.app, PHONE)
    expect(await validate(step3())).toMatchObject({ status: 200, body: { message: 'OK' } })
    expect((await validate(step3({ inviteCode: 'PR123', sourceCode: '' }))).status).toBe(200)
    expect((await validate(step3({ inviteCode: 'pr123' }))).status).toBe(200)
  })

  it('requires name, username and password', async () => {
    await verifyPhone(server.app, PHONE)
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

  it('refuses a registered phone', async () => {
    expect(await validate(step3({ username: '0812345678' }))).toMatchObject(expectError(409, 'EXISTING_USER'))
  })

  it('needs a verified phone while registerOTP is on', async () => {
    expect(await validate(step3())).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    await call(server.app, 'POST', '/dev/settings', { body: { registerOTP: false } })
    expect((await validate(step3())).status).toBe(200)
  })

  it('checks the source and the inviter code', async () => {
    await verifyPhone(server.app, PHONE)
    expect(await validate(step3({ sourceCode: 'RADIO' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await validate(step3({ inviteCode: 'PR999' }))).toMatchObject(expectError(400, 'INVALID_USER_INFO'))
    expect(await validate(step3({ inviteCode: 'HELLO' }))).toMatchObject(expectError(400, 'INVALID_USER_INFO'))
  })

  it('checks bank fields only when present', async () => {
    await verifyPhone(server.app, PHONE)
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
    await verifyPhone(server.app, PHONE)
    const result = await register(registration({ inviteCode: 'PR123' }))
    expect(result).toMatchObject({ status: 201, body: { message: 'SUCCESS' } })
    const member = (await findMemberByUsername(server.app.wallet.db, PHONE))!
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
    expect(await walletBalance(server.app.wallet.db, member.id)).toBe(0)
    expect((await login(server.app, PHONE, 'secret99')).length).toBeGreaterThan(20)
  })

  it('refuses the same phone twice', async () => {
    await verifyPhone(server.app, PHONE)
    expect((await register(registration())).status).toBe(201)
    expect(await register(registration({ bankAccountNo: '1111111111' }))).toMatchObject(
      expectError(409, 'EXISTING_USER'),
    )
  })

  it('requires the bank fields', async () => {
    await verifyPhone(server.app, PHONE)
    for (const key of ['bankCode', 'bankAccountName', 'bankAccountNo'] as const) {
      expect(await register(registration({ [key]: '' })), key).toMatchObject(expectError(400, 'KEY_MISSING'))
    }
  })

  it('applies the registration rules of validate', async () => {
    expect(await register(registration())).toMatchObject(expectError(400, 'UNVERIFIED_OTP'))
    await verifyPhone(server.app, PHONE)
    expect(await register(registration({ inviteCode: 'PR1' }))).toMatchObject(expectError(400, 'INVALID_USER_INFO'))
    expect(await register(registration({ sourceCode: 'RADIO' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
  })

  it('checks the bank account', async () => {
    await verifyPhone(server.app, PHONE)
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
    await verifyPhone(server.app, PHONE)
    expect(await register(registration({ bankCode, bankAccountName: 'สมชาย ใจดี' }))).toMatchObject(
      expectError(400, 'BANK_ACCOUNT_NAME_ENG'),
    )
    expect(await register(registration({ bankCode, bankAccountName: 'Somchai J.' }))).toMatchObject(
      expectError(400, 'BANK_ACCOUNT_NAME_ENG'),
    )
    expect((await register(registration({ bankCode, bankAccountName: 'somchai jaidee' }))).status).toBe(201)
  })

  it('takes a Thai account name for other banks', async () => {
    await verifyPhone(server.app, PHONE)
    expect((await register(registration({ bankCode: 'SCB', bankAccountName: 'สมชาย ใจดี' }))).status).toBe(201)
  })

  it('takes THB (or nothing) as currency in the Thai variant', async () => {
    await verifyPhone(server.app, PHONE)
    expect(await register(registration({ currency: 'LAK' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect((await register({ ...registration(), currency: undefined })).status).toBe(201)
  })

  it('takes LAK or BAHT and Lao banks in the Lao variant', async () => {
    await call(server.app, 'POST', '/dev/config', { body: { variant: 'la' } })
    const phone = '2055512345'
    await verifyPhone(server.app, phone)
    const lao = (overrides: Partial<RegisterRequest>) =>
      registration({ username: phone, bankCode: 'BCEL', bankAccountNo: '0101999999999', ...overrides })
    expect(await register({ ...lao({}), currency: undefined })).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await register(lao({ currency: 'THB' }))).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect((await register(lao({ currency: 'LAK' }))).status).toBe(201)
    expect(await findMemberByUsername(server.app.wallet.db, phone)).toMatchObject({ bankCode: 'BCEL', currency: 'LAK' })

    await verifyPhone(server.app, '20555555')
    const baht = registration({ username: '20555555', bankCode: 'KBANK', bankAccountNo: '5555555555', currency: 'BAHT' })
    expect((await register(baht)).status).toBe(201)
  })
})
