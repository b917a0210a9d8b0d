// @vitest-environment node
// Matching with the bank (issue 52 §2, server/deposit/bankMatch.ts and bankStatement.ts), on both
// dialects: the three statement formats read as the banks print them; a statement's credits matched
// to the QRs paid and slips approved of its account; one credit the books lack and one deposit the
// bank lacks shown as the two differences; the same statement imported again changes nothing; a
// difference noted is audited and leaves the list; the books' duty alone may do it.
import { afterEach, describe, expect, it } from 'vitest'
import { readStatement } from '../../server/deposit/bankStatement'
import type { BankDifferences, StatementImported } from '../../contract/ops'
import { paidQr } from './depositHelpers'
import { call, login, OPERATOR, type TestServer, startServer } from './helpers'
import { auditOf, staffSession, uploadSlip } from './opsHelpers'

let server: TestServer
afterEach(async () => {
  await server?.app.close()
})

const BANGKOK = 'Asia/Bangkok'
/** A time of the tests' day (START's, 2025-01-15) on a Bangkok wall clock. */
const at = (hhmm: string) => Date.parse(`2025-01-15T${hhmm}:00+07:00`)

describe('a statement', () => {
  it("of KBANK's is read below its preamble, in Thai, with Buddhist years and the money out left aside", () => {
    const csv = [
      'ธนาคารกสิกรไทย,,,,,',
      'เลขที่บัญชี,099-4-00012-3,,,,',
      '',
      'วันที่,เวลา,รายการ,ถอนเงิน,ฝากเงิน,ยอดคงเหลือ,ช่องทาง,รายละเอียด',
      '15/01/2568,12:01,รับโอนเงิน,,"1,000.50","11,000.50",K PLUS,จาก SCB X1234',
      '15-01-68,12:30:15,โอนเงิน,200.00,,"10,800.50",K BIZ,',
      ',,รวม,200.00,"1,000.50",,,',
    ].join('\n')
    expect(readStatement(csv, 'KBANK', BANGKOK)).toEqual({
      credits: [{ line: 5, postedAt: at('12:01'), amountMinor: 1_000_50, balanceMinor: 11_000_50, description: 'จาก SCB X1234' }],
    })
  })

  it("of SCB's and a generic one are read by their columns' names, with a BOM and a time in the date", () => {
    const scb = 'Transaction Date,Time,Code,Channel,Withdrawal,Deposit,Balance,Description\n15/01/2025,12:05,X1,ENET,,250.00,"5,250.00",KBANK x9876'
    expect(readStatement(scb, 'SCB', BANGKOK)).toEqual({ credits: [{ line: 2, postedAt: at('12:05'), amountMinor: 250_00, balanceMinor: 5_250_00, description: 'KBANK x9876' }] })
    const generic = '\uFEFFdate,amount,description\n2025-01-15 12:07,99.5,gift\n2025-01-15 12:08,-10,fee'
    expect(readStatement(generic, 'generic', BANGKOK)).toEqual({ credits: [{ line: 2, postedAt: at('12:07'), amountMinor: 99_50, balanceMinor: null, description: 'gift' }] })
  })

  it('is refused whole, with the line, when a date or an amount cannot be read, and when it is of another format', () => {
    expect(readStatement('date,amount\n2025-01-15,10\n2025-02-30,10', 'generic', BANGKOK)).toEqual({ problem: 'BAD_LINE', line: 3 })
    expect(readStatement('date,amount\n2025-01-15,ten', 'generic', BANGKOK)).toEqual({ problem: 'BAD_LINE', line: 2 })
    expect(readStatement('date,amount\n2025-01-15,10', 'KBANK', BANGKOK)).toEqual({ problem: 'NO_HEADER' })
  })
})

describe('matching with the bank', () => {
  const QR_ACCOUNT = 'KBANK:0994000123456'
  const BANK_ACCOUNT = 'KTB:6620001111'

  async function differences(account: string, token: string): Promise<BankDifferences> {
    const answer = await call(server.app, 'GET', `/ops/api/bank/differences?account=${account}`, { token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body as unknown as BankDifferences
  }

  /** A server with the operator's accounts, the demo member and a cashier, at 12:00 of the day. */
  async function counter(): Promise<{ member: string; cashier: Awaited<ReturnType<typeof staffSession>> }> {
    server = await startServer({ transferSweepMs: 0, depositAccounts: OPERATOR.depositAccounts })
    const member = await login(server.app)
    const cashier = await staffSession(server.app, 'cashier')
    server.setTime(at('12:00'))
    return { member, cashier }
  }

  async function importCsv(token: string, account: string, format: string, text: string) {
    return call(server.app, 'POST', '/ops/api/bank/statements', { token, body: { account, format, fileName: 'statement.csv', text } })
  }

  it('matches QRs and slips to their credits, shows a credit and a deposit the other side lacks, and changes nothing imported again', async () => {
    const { member, cashier } = await counter()
    await paidQr(server.app, member, 100)
    server.setTime(at('12:10'))
    await paidQr(server.app, member, 250)
    const slips: string[] = []
    for (const [time, amount] of [['12:20', 300], ['12:40', 400]] as const) {
      server.setTime(at(time))
      const reference = await uploadSlip(server.app, member)
      const decided = await call(server.app, 'POST', `/ops/api/slips/${reference}`, { token: cashier.token, body: { status: 'success', amount } })
      expect(decided.status, JSON.stringify(decided.body)).toBe(200)
      slips.push(reference)
    }

    // The QR account's statement holds both QRs, a minute after each, in K BIZ's Thai.
    const qrStatement = 'วันที่,เวลา,ฝากเงิน,ยอดคงเหลือ\n15/01/2568,12:01,100.00,100.00\n15/01/2568,12:11,250.00,350.00'
    const qrImported = await importCsv(cashier.token, QR_ACCOUNT, 'KBANK', qrStatement)
    expect(qrImported.body).toEqual({ read: 2, added: 2, matched: 2 } satisfies StatementImported)
    expect(await differences(QR_ACCOUNT, cashier.token)).toMatchObject({ matched: 2, inBankOnly: [], inBooksOnly: [] })

    // The bank account's: the first slip, and ฿777 that no deposit of the books explains; the second slip never came.
    const bankStatement = 'date,time,credit,balance,description\n2025-01-15,12:18,300.00,1300.00,PromptPay x111\n2025-01-15,12:50,777.00,2077.00,unknown sender'
    const imported = await importCsv(cashier.token, BANK_ACCOUNT, 'generic', bankStatement)
    expect(imported.body).toEqual({ read: 2, added: 2, matched: 1 } satisfies StatementImported)
    const found = await differences(BANK_ACCOUNT, cashier.token)
    expect(found).toMatchObject({ matched: 1, from: new Date(at('12:18')).toISOString(), to: new Date(at('12:50')).toISOString() })
    expect(found.inBankOnly).toEqual([{ id: expect.any(String), postedAt: new Date(at('12:50')).toISOString(), amount: 777, balance: 2077, description: 'unknown sender' }])
    expect(found.inBooksOnly).toEqual([{ deposit: `slip:${slips[1]}`, method: 'slip', member: expect.objectContaining({ id: '123' }), amount: 400, at: new Date(at('12:40')).toISOString() }])

    // The same file again: nothing added, nothing matched, the same differences.
    const again = await importCsv(cashier.token, BANK_ACCOUNT, 'generic', bankStatement)
    expect(again.body).toEqual({ read: 2, added: 0, matched: 0 } satisfies StatementImported)
    expect(await differences(BANK_ACCOUNT, cashier.token)).toEqual(found)

    // Each difference resolved with a note, audited; a second note on the same one is refused.
    const noted = await call(server.app, 'POST', `/ops/api/bank/credits/${found.inBankOnly[0].id}/note`, { token: cashier.token, body: { account: BANK_ACCOUNT, note: 'Owner top-up' } })
    expect(noted.status, JSON.stringify(noted.body)).toBe(200)
    expect((noted.body as unknown as BankDifferences).inBankOnly).toEqual([])
    const twice = await call(server.app, 'POST', `/ops/api/bank/credits/${found.inBankOnly[0].id}/note`, { token: cashier.token, body: { account: BANK_ACCOUNT, note: 'again' } })
    expect(twice).toMatchObject({ status: 409, body: { message: 'ALREADY_DECIDED' } })
    // The slip's own approver may not say it is in order without a credit: that would hide a slip
    // approved on a blank picture. Another cashier may.
    const byApprover = await call(server.app, 'POST', '/ops/api/bank/deposits/note', { token: cashier.token, body: { account: BANK_ACCOUNT, deposit: `slip:${slips[1]}`, note: 'Paid into the old account' } })
    expect(byApprover).toMatchObject({ status: 403, body: { message: 'OWN_APPROVAL' } })
    const other = await staffSession(server.app, 'cashier')
    const deposit = await call(server.app, 'POST', '/ops/api/bank/deposits/note', { token: other.token, body: { account: BANK_ACCOUNT, deposit: `slip:${slips[1]}`, note: 'Paid into the old account' } })
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200)
    expect(await differences(BANK_ACCOUNT, cashier.token)).toMatchObject({ matched: 1, inBankOnly: [], inBooksOnly: [] })
    const trail = await auditOf(server.app, `bank:${BANK_ACCOUNT}`)
    expect(trail.map((row) => [row.action, Number(row.staff_id)])).toEqual([
      ['bank.statement.import', cashier.id], ['bank.statement.import', cashier.id], ['bank.credit.note', cashier.id], ['bank.deposit.note', other.id],
    ])
    expect(JSON.parse(trail[3].after ?? '{}')).toEqual({ deposit: `slip:${slips[1]}`, note: 'Paid into the old account' })
  })

  it('keeps two credits alike in every printed field as two, and a deposit matched once', async () => {
    const { member, cashier } = await counter()
    await paidQr(server.app, member, 100)
    const twins = 'date,time,credit\n2025-01-15,12:00,100\n2025-01-15,12:00,100'
    expect((await importCsv(cashier.token, QR_ACCOUNT, 'generic', twins)).body).toEqual({ read: 2, added: 2, matched: 1 })
    expect((await importCsv(cashier.token, QR_ACCOUNT, 'generic', twins)).body).toEqual({ read: 2, added: 0, matched: 0 })
    expect((await differences(QR_ACCOUNT, cashier.token)).inBankOnly.map((credit) => credit.amount)).toEqual([100])
  })

  it('does not match beyond the window or another amount, refuses what it cannot read, and is the books duty', async () => {
    const { member, cashier } = await counter()
    const support = await staffSession(server.app, 'support')
    await paidQr(server.app, member, 100)
    const late = `date,time,credit\n2025-01-15,${'13:01'},100\n2025-01-15,12:00,100.01`
    expect((await importCsv(cashier.token, QR_ACCOUNT, 'generic', late)).body).toEqual({ read: 2, added: 2, matched: 0 })
    expect((await importCsv(cashier.token, QR_ACCOUNT, 'KBANK', late))).toMatchObject({ status: 400, body: { message: 'STATEMENT_NO_HEADER' } })
    expect((await importCsv(cashier.token, QR_ACCOUNT, 'generic', 'date,credit\n2025-01-15,1\nyesterday,2'))).toMatchObject({ status: 400, body: { message: 'STATEMENT_BAD_LINE', limit: 3 } })
    expect((await importCsv(cashier.token, 'SCB:1234567', 'generic', late)).status).toBe(404)
    expect((await importCsv(support.token, QR_ACCOUNT, 'generic', late))).toMatchObject({ status: 403, body: { message: 'FORBIDDEN_ROLE' } })
    expect((await call(server.app, 'GET', `/ops/api/bank/differences?account=${QR_ACCOUNT}`, { token: support.token })).status).toBe(403)
    const accounts = await call(server.app, 'GET', '/ops/api/bank/accounts', { token: cashier.token })
    expect((accounts.body.accounts as { key: string }[]).map((account) => account.key)).toEqual(['KTB:6620001111', QR_ACCOUNT, 'BCEL:0109990001112'])
  })
})

