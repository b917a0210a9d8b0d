// Matching with the bank in the staff console (issue 52 §2): a statement file imported for the
// account chosen, in the format chosen, says what it read; a file the server cannot read says which
// line; the two sides of difference are listed, and each is resolved only with a note, after which
// the differences are read again.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { BankDifferences } from '../../contract/ops'
import { BankMatch } from '../../ops/features/books/BankMatch'
import { failing, renderOpsScreen, type OpsCall } from '../renderOpsScreen'

const ACCOUNTS = [
  { key: 'KBANK:1234567890', bankCode: 'KBANK', accountNo: '1234567890', accountName: 'WALLET CO', currency: 'THB' },
  { key: 'SCB:0987654321', bankCode: 'SCB', accountNo: '0987654321', accountName: 'WALLET CO', currency: 'THB' },
]
const differences = (key: string, resolved = false): BankDifferences => ({
  account: ACCOUNTS.find((account) => account.key === key)!,
  from: '2026-12-04T17:00:00.000Z', to: '2026-12-05T16:59:59.000Z', matched: 4,
  inBankOnly: resolved ? [] : [{ id: '31', postedAt: '2026-12-05T03:00:00.000Z', amount: 700, balance: null, description: 'TRANSFER FROM X' }],
  inBooksOnly: [{ deposit: 'slip:AB12', method: 'slip', member: { id: '123', phone: '081xxxx678', name: 'SOMCHAI TESTER' }, amount: 300, at: '2026-12-05T02:00:00.000Z' }],
})
const posts = (calls: OpsCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body)
const CSV = 'date,time,credit\n05/12/2569,10:00,700.00\n'

describe('matching with the bank', () => {
  it('imports the file for the account and format chosen, then lists both sides; a note resolves one', async () => {
    let noted = false
    const { user, calls } = await renderOpsScreen(<BankMatch />, {
      role: 'cashier',
      api: {
        'GET /ops/api/bank/accounts': { accounts: ACCOUNTS },
        'GET /ops/api/bank/differences': ({ query }: OpsCall) => differences(query.account, noted),
        'POST /ops/api/bank/statements': { read: 5, added: 5, matched: 4 },
        'POST /ops/api/bank/credits/:id/note': ({ body }: OpsCall) => {
          noted = true
          return differences((body as { account: string }).account, true)
        },
      },
    })
    await user.selectOptions(await screen.findByLabelText('Account'), 'SCB:0987654321')
    await user.selectOptions(screen.getByLabelText('File format'), 'generic')
    await user.upload(screen.getByLabelText('Statement file'), new File([CSV], 'statement.csv', { type: 'text/csv' }))
    await user.click(screen.getByRole('button', { name: 'Import' }))
    expect(await screen.findByText('Credits read: 5. New: 5. Matched to deposits: 4')).toBeInTheDocument()
    expect(posts(calls, '/ops/api/bank/statements')).toEqual([{ account: 'SCB:0987654321', format: 'generic', fileName: 'statement.csv', text: CSV }])

    const bank = await screen.findByRole('region', { name: 'In the bank, not in the books (1)' })
    expect(bank).toHaveTextContent(/฿700\.00.*TRANSFER FROM X/)
    expect(screen.getByRole('region', { name: 'In the books, not in the bank (1)' })).toHaveTextContent(/฿300\.00.*AB12.*SOMCHAI TESTER/)
    await user.click(within(bank).getByRole('button', { name: 'Mark in order' }))
    expect(within(bank).getByRole('alert')).toHaveTextContent('Write a note first')
    expect(posts(calls, '/ops/api/bank/credits/31/note')).toEqual([])
    await user.type(within(bank).getByRole('textbox'), 'Owner top-up, not a member deposit')
    await user.click(within(bank).getByRole('button', { name: 'Mark in order' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: /In the bank, not in the books/ })).toBeNull())
    expect(posts(calls, '/ops/api/bank/credits/31/note')).toEqual([{ account: 'SCB:0987654321', note: 'Owner top-up, not a member deposit' }])
  })

  it('says which line of the file cannot be read, and imports nothing', async () => {
    const { user } = await renderOpsScreen(<BankMatch />, {
      role: 'cashier',
      api: {
        'GET /ops/api/bank/accounts': { accounts: ACCOUNTS },
        'GET /ops/api/bank/differences': ({ query }: OpsCall) => differences(query.account),
        'POST /ops/api/bank/statements': failing(400, 'STATEMENT_BAD_LINE', 3),
      },
    })
    await user.upload(await screen.findByLabelText('Statement file'), new File([CSV], 'statement.csv', { type: 'text/csv' }))
    await user.click(screen.getByRole('button', { name: 'Import' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 3 of the file cannot be read (its date, time or amount): nothing was imported')
  })
})
