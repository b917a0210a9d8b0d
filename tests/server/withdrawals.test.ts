// @vitest-environment node
// Withdrawals (spec 7 "Wallet", issue 14): the amount leaves the wallet at once, waits as
// `requested` or for `review` (the payout hold after a bank account change), and is settled once,
// paid or failed back to the wallet. A Lao member does the same in kip.
import { describe, expect, it } from 'vitest'
import type { WalletResponse, Withdrawal } from '../../contract'
import { checkBooks } from '../../server/wallet/books'
import { DAY, START, type TestServer, call, expectError, login, onPostgres, registerMember, startServer, testStorage, onDemoServer } from './helpers'
import { balanceOf, DEMO_MEMBER_ID, DEMO_START_MINOR } from './depositHelpers'
import { changeBank, houseBalance, NEW_ACCOUNT, settle, withdraw } from './withdrawalHelpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const pending = (currency = 'THB') => houseBalance(server.app, 'payouts-pending', currency)

async function expectBooksBalanced(): Promise<void> {
  const books = await checkBooks(server.app.serverContext.db)
  expect(books, JSON.stringify(books)).toMatchObject({ balanced: true, unbalancedMovements: 0, negativeMemberAccounts: 0, cacheMismatches: 0 })
}

describe('requesting a withdrawal', () => {
  it('takes the amount at once into payouts-pending, state requested', async () => {
    const result = await withdraw(server.app, token, 200)
    expect(result).toMatchObject({ status: 200, body: { message: 'SUCCESS', withdrawal: { amount: 200, status: 'requested' }, wallet: { amount: 1300, currency: 'THB' } } })
    expect(await pending()).toBe(200_00)
    expect((await withdraw(server.app, token, '100.5', '/api/wallet/withdraw')).body).toMatchObject({ wallet: { amount: 1199.5 } })
    await expectBooksBalanced()
  })

  it('keeps to the withdraw lookup limits (min 100, max 50,000) and the balance', async () => {
    const limits = (await call(server.app, 'GET', '/api/lookup/withdraw', { token })).body
    expect(limits).toEqual({ withdrawMin: 100, withdrawMax: 50000, payoutMinutes: 15 })
    // Each refusal names its limit (spec 5).
    expect(await withdraw(server.app, token, 99.99)).toMatchObject({ status: 400, body: { message: 'WITHDRAW_MINIMUM', limit: 100, currency: 'THB' } })
    expect(await withdraw(server.app, token, 50000.01)).toMatchObject({ status: 400, body: { message: 'WITHDRAW_MAXIMUM', limit: 50000, currency: 'THB' } })
    expect(await withdraw(server.app, token, 1500.01)).toMatchObject(expectError(400, 'MONEY_NOT_ENOUGH'))
    expect(await withdraw(server.app, token, '12.345')).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
  })

  it('refuses a member without a bank account with NO_BANK and moves nothing', async () => {
    const db = server.app.serverContext.db
    await db.updateTable('members').set({ bank_account_no: '' }).where('id', '=', DEMO_MEMBER_ID).execute()
    expect(await withdraw(server.app, token, 100)).toMatchObject(expectError(400, 'NO_BANK'))
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
    expect(await db.selectFrom('withdrawals').select('id').execute()).toEqual([])
  })

  it('answers the destination it was requested for, the account number masked', async () => {
    const { withdrawal } = (await withdraw(server.app, token, 100)).body as { withdrawal: Withdrawal }
    expect(withdrawal).toMatchObject({ currency: 'THB', destination: { bankCode: 'KBANK', bankAccountName: 'DEMO PLAYER', bankAccountNo: 'xxxxxx7890' } })
  })
})

describe('the payout hold', () => {
  it('waits for review during the payout hold after a bank account change', async () => {
    const member = await registerMember(server.app, { bankCode: 'KBANK', bankAccountName: 'somchai jaidee' })
    const paid = await call(server.app, 'POST', '/api/qrcode/KBANK', { token: member, body: { amount: 500 } })
    await call(server.app, 'POST', `/dev/qrcode/${paid.body.qrcodeId as string}/pay`, { body: {} })
    const changed = await changeBank(server.app, member, { name: 'Somchai Jaidee', bankCode: 'KBANK', bankAccountName: 'somchai jaidee', bankAccountNo: '1112223334' })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect((await withdraw(server.app, member, 150)).body).toMatchObject({ withdrawal: { status: 'review' }, wallet: { amount: 350 } })
    server.advance(DAY + 1)
    expect((await withdraw(server.app, member, 150)).body).toMatchObject({ withdrawal: { status: 'requested' } })
  })

  it('ends to the millisecond: 1 ms before its end a withdrawal waits for review, at its end it is requested', async () => {
    expect((await changeBank(server.app, token)).status).toBe(200)
    const { payout_hold_until: until } = await server.app.serverContext.db.selectFrom('members').select('payout_hold_until')
      .where('id', '=', DEMO_MEMBER_ID).executeTakeFirstOrThrow()
    expect(Number(until)).toBe(START + DAY)
    server.setTime(Number(until) - 1)
    expect((await withdraw(server.app, token, 100)).body).toMatchObject({ withdrawal: { status: 'review' } })
    server.setTime(Number(until))
    expect((await withdraw(server.app, token, 100)).body).toMatchObject({ withdrawal: { status: 'requested' } })
  })
})

describe('settling a withdrawal', () => {
  it('pays, or fails back to the wallet as a new movement; settling twice is refused', async () => {
    const paid = (await withdraw(server.app, token, 300)).body.withdrawal as Withdrawal
    const failed = (await withdraw(server.app, token, 200)).body.withdrawal as Withdrawal
    expect(await settle(server.app, paid.id, 'paid')).toMatchObject({ status: 200, body: { status: 'paid', amount: 300 } })
    expect(await settle(server.app, failed.id, 'failed')).toMatchObject({ status: 200, body: { status: 'failed' } })
    expect(await balanceOf(server.app)).toBe(1200_00)
    expect(await pending()).toBe(0)
    expect(await settle(server.app, paid.id, 'failed')).toMatchObject(expectError(409, 'KEY_INVALID'))
    expect(await settle(server.app, '999999', 'paid')).toMatchObject(expectError(404, 'NO_DATA'))
    const kinds = await server.app.serverContext.db.selectFrom('movements').select('kind').where('member_id', '=', DEMO_MEMBER_ID).orderBy('id').execute()
    expect(kinds.map((row) => row.kind)).toEqual(['deposit', 'withdraw', 'withdraw', 'withdraw_paid', 'withdraw_return'])
    await expectBooksBalanced()
  })

  it('settles a withdrawal held for review as paid, to the new account it was requested for, or as failed', async () => {
    expect((await changeBank(server.app, token)).status).toBe(200)
    const paid = (await withdraw(server.app, token, 300)).body.withdrawal as Withdrawal
    const failed = (await withdraw(server.app, token, 200)).body.withdrawal as Withdrawal
    expect([paid.status, failed.status]).toEqual(['review', 'review'])
    expect(await settle(server.app, paid.id, 'paid')).toMatchObject({ status: 200, body: { status: 'paid', amount: 300, destination: NEW_ACCOUNT } })
    expect(await settle(server.app, failed.id, 'failed')).toMatchObject({ status: 200, body: { status: 'failed', amount: 200 } })
    expect(await balanceOf(server.app)).toBe(1200_00)
    expect(await pending()).toBe(0)
    expect(await houseBalance(server.app, 'payouts-paid', 'THB')).toBe(300_00)
    await expectBooksBalanced()
  })

  it(`lets one of two settlements at once win, the other 409, with one settling movement${onPostgres() ? ' (two instances, one database)' : ''}`, async () => {
    const storage = await testStorage()
    const first = await startServer(storage)
    const second = onPostgres() ? await startServer(storage) : first
    try {
      const demo = await login(first.app)
      for (const [a, b] of [['paid', 'failed'], ['paid', 'paid'], ['failed', 'failed'], ['failed', 'paid']] as const) {
        const { id } = (await withdraw(first.app, demo, 100)).body.withdrawal as Withdrawal
        const results = await Promise.all([settle(first.app, id, a), settle(second.app, id, b)])
        expect(results.map((r) => r.status).sort()).toEqual([200, 409])
        expect(results.find((r) => r.status === 409)?.body).toEqual({ message: 'KEY_INVALID' })
        const settling = await first.app.serverContext.db.selectFrom('movements').select('kind')
          .where('reference', 'like', `withdrawal:${id}:%`).execute()
        const winner = results.find((r) => r.status === 200)?.body.status
        expect(settling.map((row) => row.kind)).toEqual([winner === 'paid' ? 'withdraw_paid' : 'withdraw_return'])
      }
      const books = await checkBooks(first.app.serverContext.db)
      expect(books.balanced, JSON.stringify(books)).toBe(true)
      expect(await houseBalance(first.app, 'payouts-pending', 'THB')).toBe(0)
    } finally {
      await first.app.close()
      if (second !== first) await second.app.close()
    }
  })
})

describe('a Lao member in kip', () => {
  it('deposits, transfers and withdraws to BCEL, all in LAK', async () => {
    await call(server.app, 'POST', '/dev/config', { body: { variant: 'la' } })
    const phone = '2055512345'
    const lao = await registerMember(server.app, {
      username: phone, name: 'Khamla Phommavong', bankCode: 'BCEL', bankAccountName: 'khamla phommavong', bankAccountNo: '0101999999999', currency: 'LAK',
    })
    expect((await call(server.app, 'POST', '/dev/refunds', { body: { username: phone, amount: 200_000 } })).status).toBe(200)
    expect((await call(server.app, 'GET', '/api/refund/receive', { token: lao })).status).toBe(200)
    expect(((await call(server.app, 'GET', '/api/wallet', { token: lao })).body as unknown as WalletResponse).wallet).toEqual({ amount: 200_000, currency: 'LAK' })

    expect((await call(server.app, 'GET', '/api/wallet/activate/PG', { token: lao })).status).toBe(200)
    const toGame = await call(server.app, 'POST', '/api/wallet/transfer', { token: lao, body: { from: 'WALLET', to: 'PG', amount: 50_000 } })
    expect(toGame).toMatchObject({ status: 200, body: { wallet: { amount: 150_000, currency: 'LAK' } } })
    const back = await call(server.app, 'POST', '/api/wallet/transfer', { token: lao, body: { from: 'PG', to: 'WALLET', amount: 20_000 } })
    expect(back).toMatchObject({ status: 200, body: { wallet: { amount: 170_000, currency: 'LAK' } } })

    const requested = await withdraw(server.app, lao, 100_000)
    const destination = { bankCode: 'BCEL', bankAccountName: 'KHAMLA PHOMMAVONG', bankAccountNo: 'xxxxxxxxx9999' }
    expect(requested).toMatchObject({ status: 200, body: { withdrawal: { amount: 100_000, currency: 'LAK', status: 'requested', destination }, wallet: { amount: 70_000, currency: 'LAK' } } })
    expect(await pending('LAK')).toBe(100_000_00)
    const { id } = requested.body.withdrawal as Withdrawal
    expect(await settle(server.app, id, 'paid')).toMatchObject({
      status: 200, body: { status: 'paid', currency: 'LAK', destination: { ...destination, bankAccountNo: '0101999999999' } },
    })
    expect(await pending('LAK')).toBe(0)
    expect(await houseBalance(server.app, 'payouts-paid', 'LAK')).toBe(100_000_00)
    expect(await houseBalance(server.app, 'payouts-paid', 'THB')).toBe(0)
    expect((await call(server.app, 'GET', '/api/wallet/withdrawals', { token: lao })).body).toMatchObject({
      total: 1, withdrawals: [{ id, amount: 100_000, currency: 'LAK', status: 'paid', destination }],
    })
    await expectBooksBalanced()
  })
})
