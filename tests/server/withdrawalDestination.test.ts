// @vitest-environment node
// A withdrawal is paid to the account it was requested for (issue 14, point 2): the destination
// is stored with it, a bank account change sends the member's waiting withdrawals to review in the
// same transaction, and the member lists their own withdrawals with the account number masked.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Withdrawal, WithdrawalList } from '../../contract'
import { isPostgres } from '../../server/shared/db'
import { creditWallet } from '../../server/shared/ledger'
import { type TestServer, call, expectError, registerMember, onDemoServer } from './helpers'
import { DEMO_MEMBER_ID } from './depositHelpers'
import { changeBank, NEW_ACCOUNT, settle, withdraw } from './withdrawalHelpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const DEMO_ACCOUNT = { bankCode: 'KBANK', bankAccountName: 'DEMO PLAYER', bankAccountNo: '1234567890' }
const list = (query = '', as = token) => call(server.app, 'GET', `/api/wallet/withdrawals${query}`, { token: as })
const request = async (amount: number, as = token) => (await withdraw(server.app, as, amount)).body.withdrawal as Withdrawal
const statuses = async () => Object.fromEntries((await server.app.serverContext.db.selectFrom('withdrawals').select(['id', 'status']).execute())
  .map((row) => [String(row.id), row.status]))

/** Another member (SCB 9876543210) with 1,000 baht in the wallet. */
async function fundedMember(): Promise<string> {
  const other = await registerMember(server.app)
  const id = Number(((await call(server.app, 'GET', '/api/account/profile', { token: other })).body.profile as { _id: string })._id)
  await creditWallet(server.app.serverContext.db, { memberId: id, amountMinor: 1000_00, at: server.app.serverContext.now() })
  return other
}

describe('the destination of a withdrawal', () => {
  it('is the account it was requested for, and that is what the operator is asked to pay after a bank change', async () => {
    const waiting = await request(300)
    expect(waiting.destination).toEqual({ ...DEMO_ACCOUNT, bankAccountNo: 'xxxxxx7890' })
    expect((await changeBank(server.app, token)).status).toBe(200)
    expect(await settle(server.app, waiting.id, 'paid')).toMatchObject({
      status: 200, body: { id: waiting.id, status: 'paid', amount: 300, destination: DEMO_ACCOUNT },
    })
  })

  it('cannot be changed or left out, whatever code runs', async () => {
    const { id } = await request(100)
    const db = server.app.serverContext.db
    await expect(db.updateTable('withdrawals').set({ bank_account_no: NEW_ACCOUNT.bankAccountNo }).where('id', '=', Number(id)).execute()).rejects.toThrow()
    const row = await db.selectFrom('withdrawals').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow()
    const { id: _, ...copy } = row
    await expect(sql`INSERT INTO withdrawals (member_id, amount_minor, currency, status, requested_movement_id, created_at, bank_code, bank_account_no, bank_account_name)
      VALUES (${copy.member_id}, ${copy.amount_minor}, ${copy.currency}, 'requested', ${copy.requested_movement_id}, ${copy.created_at}, ${copy.bank_code}, NULL, ${copy.bank_account_name})`.execute(db)).rejects.toThrow()
    expect((await db.selectFrom('withdrawals').select('bank_account_no').where('id', '=', Number(id)).executeTakeFirstOrThrow()).bank_account_no).toBe('1234567890')
  })
})

describe('a bank account change', () => {
  it('moves the member\'s requested withdrawals to review and leaves paid, failed and other members\' alone', async () => {
    const paid = await request(100)
    const failed = await request(100)
    await settle(server.app, paid.id, 'paid')
    await settle(server.app, failed.id, 'failed')
    const first = await request(100)
    const second = await request(200)
    const others = await request(150, await fundedMember())

    // Correcting the holder's name keeps the account the money goes to: nothing moves.
    const renamed = await call(server.app, 'PUT', '/api/account/bankAccountName', { token, body: { bankCode: 'KBANK', bankAccountName: 'DEMO PLAYER TWO' } })
    expect(renamed.status).toBe(200)
    expect(await statuses()).toEqual({ [paid.id]: 'paid', [failed.id]: 'failed', [first.id]: 'requested', [second.id]: 'requested', [others.id]: 'requested' })

    expect((await changeBank(server.app, token)).status).toBe(200)
    expect(await statuses()).toEqual({ [paid.id]: 'paid', [failed.id]: 'failed', [first.id]: 'review', [second.id]: 'review', [others.id]: 'requested' })
    // Reviewed and paid, still to the account (and name) it was requested for.
    expect((await settle(server.app, first.id, 'paid')).body).toMatchObject({ status: 'paid', destination: DEMO_ACCOUNT })
  })

  it('and the move are one transaction: when the move fails, the account is not changed either', async () => {
    await request(100)
    const db = server.app.serverContext.db
    if (isPostgres(db)) {
      await sql`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`.execute(db)
      await sql`CREATE TRIGGER refuse_update BEFORE UPDATE ON withdrawals FOR EACH ROW EXECUTE FUNCTION refuse()`.execute(db)
    } else {
      await sql`CREATE TRIGGER refuse_update BEFORE UPDATE ON withdrawals BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(db)
    }
    expect((await changeBank(server.app, token)).status).toBe(500)
    const member = await db.selectFrom('members').select(['bank_code', 'bank_account_no', 'payout_hold_until']).where('id', '=', DEMO_MEMBER_ID).executeTakeFirstOrThrow()
    expect(member).toEqual({ bank_code: 'KBANK', bank_account_no: '1234567890', payout_hold_until: 0 })
    expect(await db.selectFrom('bank_account_changes').select('id').execute()).toEqual([])
  })
})

describe('GET /api/wallet/withdrawals', () => {
  it('needs a login', async () => {
    expect(await list('', '')).toMatchObject(expectError(401, 'UNAUTHORIZED'))
  })

  it('lists the member\'s own withdrawals, newest first, paged, the account number masked', async () => {
    const oldest = await request(100)
    await settle(server.app, oldest.id, 'paid')
    server.advance(1000)
    await request(110)
    server.advance(1000)
    await request(120)
    const other = await fundedMember()
    await request(130, other)

    const masked = { ...DEMO_ACCOUNT, bankAccountNo: 'xxxxxx7890' }
    const page1 = await list('?page=1&limit=2')
    expect(page1.status).toBe(200)
    const { total, withdrawals } = page1.body as unknown as WithdrawalList
    expect(total).toBe(3)
    expect(withdrawals).toEqual([
      { id: expect.any(String), amount: 120, currency: 'THB', status: 'requested', createdAt: new Date(server.app.serverContext.now()).toISOString(), destination: masked },
      expect.objectContaining({ amount: 110, status: 'requested', destination: masked }),
    ])
    expect((await list('?page=2&limit=2')).body).toEqual({ total: 3, withdrawals: [expect.objectContaining({ id: oldest.id, amount: 100, status: 'paid', destination: masked })] })
    expect((await list('?page=3&limit=2')).body).toEqual({ total: 3, withdrawals: [] })
    expect(((await list()).body as unknown as WithdrawalList).withdrawals.map((w) => w.amount)).toEqual([120, 110, 100])
    expect(JSON.stringify((await list()).body)).not.toContain('1234567890')

    expect((await list('', other)).body).toEqual({
      total: 1, withdrawals: [expect.objectContaining({ amount: 130, destination: { bankCode: 'SCB', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: 'xxxxxx3210' } })],
    })
  })

  it.each(['?page=0', '?limit=0', '?limit=101', '?page=abc', '?limit=1.5', '?page=-1'])('refuses %s with KEY_INVALID', async (query) => {
    expect(await list(query)).toMatchObject(expectError(400, 'KEY_INVALID'))
  })
})
