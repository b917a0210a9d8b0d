// Statement rows as the player reads them (issue 17; spec 4 "Statement/slip status"): the status
// of every value, the sign of every statementType, what a row links to, its words, the pages.
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { StatementEntry } from '../../contract'
import { statementTypes } from '../../contract/statementTypes'
import { StatementType as StatementTypeSchema } from '../../contract/statement'
import type { StatementType } from '../../contract/statement'
import { ensureAllStrings, i18n, initI18n } from '../../src/i18n/i18n'
import { bankName } from '../../src/lib/banks'
import { formatMoney } from '../../contract/lib/money'
import { activityText, dayHeading, detailText, statusText, type Names } from '../../src/features/statement/describe'
import { byDay, linkOf, pageCount, shownAmount, signedAmount, signOf, statusKey } from '../../src/features/statement/rows'

let t: ReturnType<typeof i18n.getFixedT>
beforeAll(async () => {
  await initI18n('en')
  await ensureAllStrings()
  t = i18n.getFixedT('en')
})
const names: Names = {
  language: 'en',
  slots: [{ code: 'PG', name: 'PG Soft' }],
  banks: [{ code: 'KBANK', nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' }],
}
const entry = (overrides: Partial<StatementEntry>): StatementEntry => ({
  reference: 'R1', statementType: 'deposit', from: null, to: 'WALLET', status: 'SUCCESS', amount: 300, currency: 'THB',
  createdAt: '2026-11-20T03:04:05.000Z', note: null, ...overrides,
})
const baht = (amount: number) => formatMoney(amount, 'en', 'THB')

describe('status (SUCCESS, FAILED, anything else in progress)', () => {
  it.each([
    ['SUCCESS', 'success'], ['FAILED', 'failed'], ['PROCESSING', 'processing'], ['PENDING', 'processing'],
    ['success', 'processing'], [undefined, 'processing'], [null, 'processing'],
  ])('%s is %s', (status, key) => expect(statusKey(status)).toBe(key))
})

describe('sign and amount (plus for deposit and bonus, minus for withdraw, none otherwise)', () => {
  it.each([
    ['deposit', '+', `+${baht(300)}`],
    ['bonus', '+', `+${baht(300)}`],
    ['withdraw', '-', `−${baht(300)}`],
    ['transfer', '', baht(300)],
    ['finish_bonus', '', baht(300)],
    ['adjustment', '', baht(300)],
  ] as const)('%s: %s', (statementType, sign, text) => {
    expect(signOf(statementType)).toBe(sign)
    expect(signedAmount(entry({ statementType: statementType as StatementEntry['statementType'] }), 'en', 'THB')).toBe(text)
  })

  it('writes an amount not known yet (a slip not read) as a dash, never 0.00', () => {
    expect(signedAmount(entry({ statementType: 'deposit', amount: 0 }), 'en', 'THB')).toBe('—')
    expect(signedAmount(entry({ statementType: 'deposit', amount: undefined as unknown as number }), 'th', 'THB')).toBe('—')
  })

  it('never shows a negative the server sent, and reads a string amount', () => {
    expect(signedAmount(entry({ statementType: 'withdraw', amount: -50 }), 'en', 'THB')).toBe(`−${baht(50)}`)
    expect(signedAmount(entry({ statementType: 'bonus', amount: '12.5' as unknown as number }), 'en', 'THB')).toBe(`+${baht(12.5)}`)
    expect(signedAmount(entry({ statementType: 'deposit', amount: 1000 }), 'la', 'LAK')).toBe(`+${formatMoney(1000, 'la', 'LAK')}`)
  })
})

describe('a row for each statementType', () => {
  it('deposit: its way', () => {
    expect(activityText(t, entry({}))).toBe('Deposit')
    expect(detailText(t, entry({ from: 'slip' }), names)).toBe('Bank slip')
    expect(detailText(t, entry({ from: 'qrcode' }), names)).toBe('QR payment')
    expect(detailText(t, entry({ from: 'truelink' }), names)).toBe('TrueMoney gift link')
    expect(detailText(t, entry({ from: null }), names)).toBe('')
  })

  it('bonus: named by what paid it (cashback is not "bonus"), the line under it the name alone', () => {
    const rows: [Partial<StatementEntry>, string, string][] = [
      [{ bonus: { description: 'Daily 10%' } }, 'Bonus received', 'Daily 10%'],
      [{ promotion: { description: 'New year' } }, 'Promotion bonus', 'New year'],
      [{ invite: { description: '' } }, 'Invite bonus', ''],
      [{ refund: { description: '' } }, 'Cashback', ''],
      [{ luckydraw: { description: 'Wheel: 7 baht' } }, 'Lucky wheel prize', 'Wheel: 7 baht'],
      [{}, 'Bonus received', ''],
    ]
    for (const [link, activity, detail] of rows) {
      const row = entry({ statementType: 'bonus', ...link })
      expect([activityText(t, row), detailText(t, row, names)]).toEqual([activity, detail])
    }
    expect(linkOf(entry({ statementType: 'bonus' }))).toBeUndefined()
    // A link on a row of another type keeps its kind in the line under it.
    expect(detailText(t, entry({ statementType: 'deposit', promotion: { description: 'New year' } }), names)).toBe('Promotion bonus · New year')
  })

  it('finish_bonus: the bonus that ended', () => {
    expect(activityText(t, entry({ statementType: 'finish_bonus' }))).toBe('Bonus end')
    expect(detailText(t, entry({ statementType: 'finish_bonus', bonus: { description: 'Daily 10%' } }), names)).toBe('Daily 10%')
  })

  it('withdraw: the bank in the language and the masked account; a held one says so', () => {
    const withdrawal = entry({ statementType: 'withdraw', status: 'PROCESSING', note: 'review', destination: { bankCode: 'KBANK', bankAccountName: 'DEMO', bankAccountNo: 'xxxxxx7890' } })
    expect(activityText(t, withdrawal)).toBe('Withdrawal')
    expect(detailText(t, withdrawal, names)).toBe('Kasikornbank xxx-xxx-7890')
    expect(detailText(t, withdrawal, { ...names, language: 'th' })).toBe('กสิกรไทย xxx-xxx-7890')
    expect(statusText(t, withdrawal, (key) => i18n.exists(key))).toBe('Processing (held for review)')
    expect(statusText(t, { ...withdrawal, status: 'FAILED', note: null }, (key) => i18n.exists(key))).toBe('Failed (money returned to your wallet)')
    expect(statusText(t, { ...withdrawal, status: 'SUCCESS', note: null }, (key) => i18n.exists(key))).toBe('Success')
  })

  it('transfer: the route, the wallet and games by name', () => {
    expect(activityText(t, entry({ statementType: 'transfer' }))).toBe('Transfer')
    expect(detailText(t, entry({ statementType: 'transfer', from: 'WALLET', to: 'PG' }), names)).toBe('Main wallet → PG Soft')
    expect(detailText(t, entry({ statementType: 'transfer', from: 'JOKER', to: 'WALLET' }), names)).toBe('JOKER → Main wallet')
    expect(detailText(t, entry({ statementType: 'transfer', from: 'ALL', to: 'WALLET' }), names)).toBe('All accounts → Main wallet')
  })

  it('an unknown type shows as it came, and a failed slip its translated reason (or the raw code)', () => {
    expect(activityText(t, entry({ statementType: 'cashout' as StatementEntry['statementType'] }))).toBe('cashout')
    expect(statusText(t, entry({ status: 'FAILED', note: 'DEST_ACC_INVALID' }), (key) => i18n.exists(key))).toBe('Failed (Wrong destination account)')
    expect(statusText(t, entry({ status: 'FAILED', note: 'NEW_REASON' }), (key) => i18n.exists(key))).toBe('Failed (NEW_REASON)')
  })
})

describe('pages (never one that does not exist)', () => {
  it.each([[0, 1], [1, 1], [10, 1], [11, 2], [20, 2], [21, 3], [undefined, 1], ['35', 4]])('%s rows: %d pages', (total, pages) => {
    expect(pageCount(total)).toBe(pages)
  })
})

describe('bank names (Thai in Thai, English in Lao and English)', () => {
  const bank = { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' }
  it('follow the language, and fall back to the other name or the code', () => {
    expect(bankName(bank, 'th')).toBe('กสิกรไทย')
    expect(bankName(bank, 'la')).toBe('Kasikornbank')
    expect(bankName(bank, 'en')).toBe('Kasikornbank')
    expect(bankName({ nameTH: 'ธนาคาร', nameEN: '' }, 'en')).toBe('ธนาคาร')
    expect(bankName(undefined, 'th', 'BCEL')).toBe('BCEL')
    // A Lao bank's local name is in Lao script: shown on a Lao screen, never on a Thai one.
    const bcel = { nameTH: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ', nameEN: 'Banque Pour Le Commerce Exterieur Lao' }
    expect(bankName(bcel, 'la')).toBe('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ')
    expect(bankName(bcel, 'th')).toBe('Banque Pour Le Commerce Exterieur Lao')
    expect(bankName(bcel, 'en')).toBe('Banque Pour Le Commerce Exterieur Lao')
    expect(bankName({ nameTH: 'ທະນາຄານ', nameEN: '' }, 'th')).toBe('ທະນາຄານ')
  })
})

describe('rows grouped by day', () => {
  // 27 Nov 2026 10:00 local time.
  const now = new Date(2026, 10, 27, 10, 0).getTime()
  const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 30).toISOString()

  it('keeps the order and starts a group where the local day changes', () => {
    const rows = [at(27, 9), at(27, 0), at(26, 23), at(20, 12), 'not a date'].map((createdAt) => entry({ createdAt }))
    expect(byDay(rows, 'en').map(({ day, entries }) => [day, entries.map((row) => row.createdAt)])).toEqual([
      ['2026-11-27', [at(27, 9), at(27, 0)]],
      ['2026-11-26', [at(26, 23)]],
      ['2026-11-20', [at(20, 12)]],
      ['', ['not a date']],
    ])
  })

  it('heads each day with how long ago in words, then its date', () => {
    expect(dayHeading(t, '2026-11-27', 'en', now)).toBe('Today · 27/11/2026')
    expect(dayHeading(t, '2026-11-26', 'en', now)).toBe('Yesterday · 26/11/2026')
    expect(dayHeading(t, '2026-11-20', 'en', now)).toBe('7 days ago · 20/11/2026')
    expect(dayHeading(t, '', 'en', now)).toBe('')
  })
})

describe('a slip waiting to be read (issue 51)', () => {
  it('shows the amount the player said it shows, marked as said, until the amount read replaces it', () => {
    const waiting = { statementType: 'deposit', amount: 0, claimedAmount: 500.25, status: 'PROCESSING' } as const
    expect(shownAmount(waiting)).toEqual({ amount: 500.25, claimed: true })
    expect(signedAmount(waiting, 'en', 'THB')).toBe('+฿500.25')
    // Read (or refused): the claim is no longer the slip's amount.
    expect(shownAmount({ ...waiting, amount: 480, status: 'SUCCESS' })).toEqual({ amount: 480, claimed: false })
    expect(shownAmount({ ...waiting, status: 'FAILED' })).toEqual({ amount: 0, claimed: false })
    expect(signedAmount({ ...waiting, status: 'FAILED' }, 'en', 'THB')).toBe('—')
    expect(shownAmount({ amount: 0, status: 'PROCESSING' })).toEqual({ amount: 0, claimed: false })
  })
})

describe("the statement's types", () => {
  it('are spec 8\'s one list, on the wire and in the schema the server checks', () => {
    // Written once (contract/errorCodes.ts); the schema is built from it (issue 53 §4).
    expectTypeOf<StatementType>().toEqualTypeOf<(typeof statementTypes)[number]>()
    expect(StatementTypeSchema.anyOf.map((literal) => literal.const)).toEqual([...statementTypes])
  })
})
