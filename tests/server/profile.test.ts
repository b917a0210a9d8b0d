// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { ProfileResponse } from '../../contract'
import { DEMO, START, type TestServer, call, expectError, login, registerMember, onDemoServer } from './helpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const profile = async () =>
  (await call(server.app, 'GET', '/api/account/profile', { token })).body as unknown as ProfileResponse
/** `auth` null sends no token. */
const put = (url: string, body: unknown, auth: string | null = token) =>
  call(server.app, 'PUT', url, { body, token: auth ?? undefined })

describe('GET /api/account/profile', () => {
  it('describes the demo member', async () => {
    expect(await profile()).toEqual({
      profile: {
        _id: '123',
        username: DEMO.phone,
        name: 'DEMO PLAYER',
        createdAt: new Date(START).toISOString(),
        bankCode: 'KBANK',
        bankAccountName: 'DEMO PLAYER',
        bankAccountNo: '1234567890',
      },
      bankAccount: {
        bankCode: 'KBANK',
        bankAccountName: 'DEMO PLAYER',
        bankAccountNo: '1234567890',
        bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' },
      },
    })
  })
})

describe('PUT /api/account/profile', () => {
  const update = (overrides: Record<string, unknown> = {}) => ({
    name: 'demo renamed',
    bankCode: 'KTB',
    bankAccountName: 'demo player',
    bankAccountNo: '2222222222',
    ...overrides,
  })

  it('updates the name and bank, upper-cased', async () => {
    expect(await put('/api/account/profile', update())).toMatchObject({ status: 200, body: { message: 'SUCCESS' } })
    const { profile: saved, bankAccount } = await profile()
    expect(saved).toMatchObject({ name: 'DEMO RENAMED', bankCode: 'KTB', bankAccountName: 'DEMO PLAYER', bankAccountNo: '2222222222' })
    expect(bankAccount.bank.nameTH).toBe('กรุงไทย')
  })

  it('keeps its own bank account without EXISTING_BANK', async () => {
    const same = update({ bankCode: 'KBANK', bankAccountNo: '1234567890' })
    expect((await put('/api/account/profile', same)).status).toBe(200)
  })

  it('applies the bank rules', async () => {
    await registerMember(server.app, { bankCode: 'SCB', bankAccountNo: '9876543210' })
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: '' }, 400, 'KEY_MISSING'],
      [{ bankAccountNo: undefined }, 400, 'KEY_MISSING'],
      [{ bankCode: 'NOPE' }, 400, 'INVALID_BANK'],
      [{ bankAccountNo: '123' }, 400, 'KEY_INVALID'],
      [{ bankAccountName: 'ทดสอบ ระบบ' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
      [{ bankCode: 'SCB', bankAccountNo: '9876543210' }, 409, 'EXISTING_BANK'],
    ]
    for (const [overrides, status, code] of cases) {
      expect(await put('/api/account/profile', update(overrides)), code).toMatchObject(expectError(status, code))
    }
  })

  it('needs a login', async () => {
    expect(await put('/api/account/profile', update(), null)).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })
})

describe('PUT /api/account/bankAccountName', () => {
  it('stores an English name upper-cased', async () => {
    const result = await put('/api/account/bankAccountName', { bankCode: 'KBANK', bankAccountName: '  demo   player two ' })
    expect(result).toMatchObject({ status: 200, body: { message: 'SUCCESS' } })
    expect((await profile()).bankAccount.bankAccountName).toBe('DEMO PLAYER TWO')
  })

  it('refuses a non-English name', async () => {
    expect(await put('/api/account/bankAccountName', { bankCode: 'KBANK', bankAccountName: 'เดโม่' })).toMatchObject(
      expectError(400, 'BANK_ACCOUNT_NAME_ENG'),
    )
  })

  it('only renames the registered bank account', async () => {
    expect(await put('/api/account/bankAccountName', { bankCode: 'SCB', bankAccountName: 'DEMO' })).toMatchObject(
      expectError(400, 'INVALID_BANK'),
    )
  })

  it('validates the body and needs a login', async () => {
    expect(await put('/api/account/bankAccountName', { bankCode: 'KBANK' })).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await put('/api/account/bankAccountName', { bankCode: 'KBANK', bankAccountName: ['x'] })).toMatchObject(
      expectError(400, 'KEY_INVALID'),
    )
    expect(await put('/api/account/bankAccountName', { bankCode: 'KBANK', bankAccountName: 'X' }, null)).toMatchObject(
      expectError(401, 'UNAUTHORIZED'),
    )
  })
})

describe('PUT /api/account/changepwd', () => {
  it('refuses a wrong old password', async () => {
    expect(await put('/api/account/changepwd', { oldPassword: 'nope', newPassword: 'next1234' })).toMatchObject(
      expectError(400, 'WRONG_PASSWORD'),
    )
  })

  it('changes the password and signs out the other sessions', async () => {
    const otherDevice = await login(server.app)
    const result = await put('/api/account/changepwd', { oldPassword: DEMO.password, newPassword: 'next1234' })
    expect(result).toMatchObject({ status: 200, body: { message: 'SUCCESS' } })
    expect((await call(server.app, 'GET', '/api/account/profile', { token })).status).toBe(200)
    expect(await call(server.app, 'GET', '/api/account/profile', { token: otherDevice })).toMatchObject(
      expectError(401, 'invalid token'),
    )
    const oldLogin = await call(server.app, 'POST', '/api/login', { body: { username: DEMO.phone, password: DEMO.password } })
    expect(oldLogin).toMatchObject(expectError(401, 'WRONG_CREDENTIAL'))
    expect((await login(server.app, DEMO.phone, 'next1234')).length).toBeGreaterThan(20)
  })

  it('validates the body', async () => {
    expect(await put('/api/account/changepwd', { oldPassword: DEMO.password })).toMatchObject(expectError(400, 'KEY_MISSING'))
    expect(await put('/api/account/changepwd', { oldPassword: DEMO.password, newPassword: 1234 })).toMatchObject(
      expectError(400, 'KEY_INVALID'),
    )
  })
})
