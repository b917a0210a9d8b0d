// The statement's filter (issue 51): by kind (all, deposits, withdrawals, transfers, bonuses, a
// bonus's end among the bonuses) and by month; a new filter reads from its first page, and a filter
// that keeps nothing says so and offers the whole statement back.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { StatementEntry } from '../../contract'
import { StatementPage } from '../../src/features/statement/StatementPage'
import { localDate } from '../../src/lib/dates'
import { formatMoney } from '../../contract/lib/money'
import { renderScreen, text, type Call } from '../renderScreen'

const row = (reference: string, statementType: StatementEntry['statementType'], amount: number): StatementEntry => ({
  reference, statementType, from: statementType === 'withdraw' ? 'WALLET' : null, to: statementType === 'withdraw' ? 'KBANK' : 'WALLET',
  status: 'SUCCESS', amount, currency: 'THB', createdAt: '2026-11-27T07:22:15.000Z', note: null,
})
const ROWS = [row('W1', 'withdraw', 200), row('D1', 'deposit', 500), row('B1', 'finish_bonus', 40), row('B2', 'bonus', 50), row('T1', 'transfer', 100)]

/** The reference server's rule, as far as a screen needs it: the types asked, 10 a page; a month keeps nothing. */
function statement({ body }: Call) {
  const { page, limit, statementTypes, month } = body as { page: number; limit: number; statementTypes?: string[]; month?: string }
  const kept = month ? [] : ROWS.filter((entry) => !statementTypes || statementTypes.includes(entry.statementType))
  const many = Array.from({ length: 3 }, () => kept).flat()
  return { total: many.length, statements: many.slice((page - 1) * limit, page * limit) }
}

const render = () => renderScreen(<StatementPage />, {
  path: '/user/statement',
  api: {
    'POST /api/statement': statement,
    'GET /api/wallet': { profile: { _id: '1', name: 'A', username: '0812345678', coin: 0 }, bankAccount: { bankCode: 'KBANK', bankAccountName: 'A B', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' } }, wallet: { amount: 0, currency: 'THB' }, invite: { amount: 0, success: 0, fail: 0 }, slots: [] },
    'GET /api/lookup/banks': [],
  },
})

const asked = (calls: Call[]) => calls.filter((call) => call.url === '/api/statement').map((call) => call.body)
const amounts = () => screen.getAllByText((_, element) => element?.hasAttribute('data-amount') ?? false).map((element) => element.textContent)
const kinds = () => within(screen.getByRole('group', { name: text('statement.filter.types') }))

describe('the statement filter', () => {
  it('asks for the kind chosen from its first page, a bonus with its end', async () => {
    const { user, calls } = await render()
    await waitFor(() => expect(amounts()).toHaveLength(10))
    expect(asked(calls)).toEqual([{ page: 1, limit: 10 }])
    expect(kinds().getByRole('button', { name: text('statement.filter.all') })).toHaveAttribute('aria-pressed', 'true')

    await user.click(screen.getByRole('button', { name: text('rewards.nextPage') }))
    await waitFor(() => expect(asked(calls).at(-1)).toEqual({ page: 2, limit: 10 }))

    await user.click(kinds().getByRole('button', { name: text('statement.filter.withdraw') }))
    await waitFor(() => expect(amounts()).toEqual(Array(3).fill(`\u2212${formatMoney(200, 'en', 'THB')}`)))
    expect(asked(calls).at(-1)).toEqual({ page: 1, limit: 10, statementTypes: ['withdraw'] })
    expect(kinds().getByRole('button', { name: text('statement.filter.withdraw') })).toHaveAttribute('aria-pressed', 'true')
    expect(kinds().getByRole('button', { name: text('statement.filter.all') })).toHaveAttribute('aria-pressed', 'false')

    await user.click(kinds().getByRole('button', { name: text('statement.filter.bonus') }))
    await waitFor(() => expect(asked(calls).at(-1)).toEqual({ page: 1, limit: 10, statementTypes: ['bonus', 'finish_bonus'] }))
    await waitFor(() => expect(amounts()).toHaveLength(6))
  })

  it('asks for the month chosen among this one and the eleven before, and offers everything back when nothing is kept', async () => {
    const { user, calls } = await render()
    await waitFor(() => expect(amounts()).toHaveLength(10))
    const month = screen.getByRole('combobox', { name: text('statement.filter.month') })
    const options = within(month).getAllByRole('option')
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['', ...Array.from({ length: 12 }, (_, i) => localDate(Date.now(), 'en').startOf('month').subtract(i, 'month').format('YYYY-MM'))])
    expect(options[0]).toHaveTextContent(text('statement.filter.allMonths'))
    const last = options[2].getAttribute('value')!
    await user.click(kinds().getByRole('button', { name: text('statement.filter.deposit') }))
    await user.selectOptions(month, last)
    await waitFor(() => expect(asked(calls).at(-1)).toEqual({ page: 1, limit: 10, statementTypes: ['deposit'], month: last }))

    expect(await screen.findByText(text('statement.filter.empty'))).toBeVisible()
    expect(screen.queryByText(text('statement.empty'))).toBeNull()
    await user.click(screen.getByRole('button', { name: text('statement.filter.clear') }))
    // The whole statement's first page, as read at first (from the cache while it is fresh).
    await waitFor(() => expect(amounts()).toHaveLength(10))
    expect(kinds().getByRole('button', { name: text('statement.filter.all') })).toHaveAttribute('aria-pressed', 'true')
    expect(month).toHaveValue('')
  })
})
