// The day's book in the staff console (issue 52 §1): today's, as the server answers it, each line
// named in staff's words with its count and amount (a correction by two admins by its own name, a
// kind the console does not know by its kind), the net and what members held at the close; another
// day chosen is asked for by its date; a day with nothing says so.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { BooksReport, DayBook as Book } from '../../contract/ops'
import { Books } from '../../ops/features/books/Books'
import { DayBook } from '../../ops/features/books/DayBook'
import { renderOpsScreen, type OpsCall } from '../renderOpsScreen'

const line = (count: number, amountMinor: number) => ({ count, amountMinor })
const BOOK: Book = {
  day: '2026-12-05', timeZone: 'Asia/Bangkok', from: 1_764_867_600_000, to: 1_764_954_000_000,
  currencies: [{
    currency: 'THB',
    deposits: [{ method: 'qrcode', ...line(2, 200_00) }, { method: 'slip', ...line(1, 100_00) }, { method: 'truelink', ...line(1, 50_00) }],
    withdrawals: { paid: line(1, 200_00), failed: line(0, 0) },
    rewards: { bonus: line(1, 100_00), cashback: line(0, 0), invite: line(0, 0), wheel: line(0, 0) },
    games: [{ game: 'SLOTXO', inMinor: 300_00, outMinor: 120_00 }],
    other: [{ kind: 'correction', ...line(1, 25_50) }, { kind: 'upgrade_carry', ...line(1, 5_00) }],
    netMinor: 150_00,
    held: { walletsMinor: 1_234_56, gamesMinor: 180_00 },
  }],
}

const rows = () => within(screen.getByRole('region', { name: "The day's book THB" })).getAllByRole('row').slice(1)
  .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s/g, ' ')))

describe("the day's book", () => {
  it("shows today's lines in staff's words, and asks for another day by its date", async () => {
    const { calls } = await renderOpsScreen(<DayBook />, {
      role: 'cashier',
      api: { 'GET /ops/api/books/day': ({ query }: OpsCall) => (query.date ? { ...BOOK, day: query.date, currencies: [] } : BOOK) },
    })
    await waitFor(() => expect(rows().length).toBeGreaterThan(0))
    expect(screen.getByText('Days in Asia/Bangkok time')).toBeInTheDocument()
    const money = (text: string) => expect.stringMatching(new RegExp(`^฿${text.replace('.', '\\.')}$`))
    expect(rows()).toEqual([
      ['Deposits by QR', '2', money('200.00')],
      ['Deposits by slip', '1', money('100.00')],
      ['Deposits by TrueMoney gift link', '1', money('50.00')],
      ['Withdrawals paid', '1', money('200.00')],
      ['Withdrawals failed (back in the wallet)', '0', money('0.00')],
      ['Bonuses', '1', money('100.00')],
      ['Cashback', '0', money('0.00')],
      ['Invite payouts', '0', money('0.00')],
      ['Wheel prizes', '0', money('0.00')],
      ['Into SLOTXO', '', money('300.00')],
      ['Out of SLOTXO', '', money('120.00')],
      ['Wallet corrections (two admins)', '1', money('25.50')],
      ['Other: upgrade_carry', '1', money('5.00')],
      ['Net (deposits − paid withdrawals)', '', money('150.00')],
      ["Held in members' wallets at the close", '', money('1,234.56')],
      ['Held in games at the close', '', money('180.00')],
    ])
    expect(calls.map((call) => call.query)).toEqual([{}])

    const day = screen.getByLabelText('Day')
    expect(day).toHaveValue('2026-12-05')
    // A date picker sets the whole date at once.
    fireEvent.change(day, { target: { value: '2026-12-04' } })
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ date: '2026-12-04' }))
    expect(await screen.findByText('Nothing moved that day')).toBeInTheDocument()
  })
})

describe('the books check', () => {
  it("lists each rule of the ledger with its figure in staff's words, a broken one marked, never the report's raw keys", async () => {
    const report: BooksReport = {
      totals: { THB: 0, LAK: 0 }, unbalancedMovements: 0, loneMovements: 0, mixedCurrencyMovements: 0,
      negativeMemberAccounts: 0, cacheMismatches: 2, strandedInTransit: { THB: 0 }, movements: 120, postings: 250, balanced: false,
    }
    await renderOpsScreen(<Books />, {
      role: 'cashier',
      api: { 'GET /ops/api/books': report, 'GET /ops/api/books/day': { ...BOOK, currencies: [] }, 'GET /ops/api/bank/accounts': { accounts: [] } },
    })
    expect(await screen.findByRole('status')).toHaveTextContent('The books do not balance: see the details')
    const figures = Object.fromEntries([...document.querySelectorAll('.facts-list > div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]))
    expect(figures).toMatchObject({
      "Members' balances that differ from their postings": '2 · should be 0',
      'Movements whose postings do not sum to zero': '0',
      'Movements in the books': '120',
    })
    expect(figures['Every posting in LAK, summed (0 when balanced)']).toMatch(/^₭0$/)
    expect(document.body).not.toHaveTextContent(/cacheMismatches|unbalancedMovements|"balanced"/)
  })
})
