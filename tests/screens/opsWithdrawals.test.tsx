// The cashier's withdrawal queue in the staff console: each withdrawal shows the whole account to
// pay and whether it is held for review; marked paid with the bank's reference (a bad one refused
// in place, nothing sent; a second tap while the first is on its way sends nothing), or failed with
// a reason (none: nothing sent); one decided by someone else meanwhile says so.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Withdrawal } from '../../contract'
import type { QueuedWithdrawal } from '../../contract/ops'
import { Withdrawals } from '../../ops/features/withdrawals/Withdrawals'
import { failing, renderOpsScreen, STAFF, type OpsCall } from '../renderOpsScreen'

const MEMBER = { id: '123', phone: '081xxxx678', name: 'SOMCHAI TESTER', currency: 'THB' }
const destination = { bankCode: 'KBANK', bankAccountName: 'SOMCHAI TESTER', bankAccountNo: '1234567890' }
const queued = (id: string, status: 'requested' | 'review' = 'requested'): QueuedWithdrawal => ({
  id, amount: 1_250.5, currency: 'THB', status, createdAt: '2026-12-05T04:00:00.000Z', destination, member: MEMBER, approval: null,
})
const posts = (calls: OpsCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body)

async function render(api: Parameters<typeof renderOpsScreen>[1]['api']) {
  const notify = vi.fn()
  return { ...(await renderOpsScreen(<Withdrawals notify={notify} me={STAFF.cashier} />, { role: 'cashier', api })), notify }
}

const clean = ({ member: _member, approval: _approval, ...withdrawal }: QueuedWithdrawal): Withdrawal => withdrawal

describe('the withdrawal queue', () => {
  it('pays to the whole account with the bank reference, once however often it is tapped, and reads the queue again', async () => {
    let answer: (() => void) | undefined
    const { user, calls, notify } = await render({
      'GET /ops/api/withdrawals': { withdrawals: [queued('41'), queued('42', 'review')] },
      'POST /ops/api/withdrawals/:id': () => new Promise((resolve) => {
        answer = () => resolve({ ...clean(queued('41')), status: 'paid' })
      }),
    })
    const card = await screen.findByRole('article', { name: '#41 SOMCHAI TESTER' })
    expect(card).toHaveTextContent(/#41 · ฿1,250\.50/)
    expect(within(card).getByText('1234567890')).toBeInTheDocument()
    expect(screen.getByRole('article', { name: '#42 SOMCHAI TESTER' })).toHaveTextContent('review (bank account just changed)')

    await user.type(within(card).getByLabelText('Bank transfer reference'), 'KB 1')
    await user.click(within(card).getByRole('button', { name: 'Mark paid' }))
    expect(within(card).getByRole('alert')).toHaveTextContent('Letters, digits or dashes, up to 64')
    expect(posts(calls, '/ops/api/withdrawals/41')).toEqual([])
    await user.clear(within(card).getByLabelText('Bank transfer reference'))
    await user.type(within(card).getByLabelText('Bank transfer reference'), 'KB-2026-1')
    const pay = within(card).getByRole('button', { name: 'Mark paid' })
    await user.click(pay)
    await user.click(pay)
    answer?.()
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Withdrawal #41 marked paid', 'ok'))
    expect(posts(calls, '/ops/api/withdrawals/41')).toEqual([{ status: 'paid', bankReference: 'KB-2026-1' }])
    await waitFor(() => expect(calls.filter((call) => call.path === '/ops/api/withdrawals')).toHaveLength(2))
  })

  it('fails one only with a reason, and says so when someone decided it first', async () => {
    const { user, calls, notify } = await render({
      'GET /ops/api/withdrawals': { withdrawals: [queued('43')] },
      'POST /ops/api/withdrawals/:id': failing(409, 'ALREADY_DECIDED'),
    })
    const card = await screen.findByRole('article', { name: '#43 SOMCHAI TESTER' })
    await user.click(within(card).getByRole('button', { name: 'Failed (money back to wallet)' }))
    expect(within(card).getByRole('alert')).toHaveTextContent('Fill in every field')
    expect(posts(calls, '/ops/api/withdrawals/43')).toEqual([])
    await user.type(within(card).getByLabelText('Why it could not be paid'), 'Account closed')
    await user.click(within(card).getByRole('button', { name: 'Failed (money back to wallet)' }))
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Someone decided this one already', 'error'))
    expect(posts(calls, '/ops/api/withdrawals/43')).toEqual([{ status: 'failed', reason: 'Account closed' }])
  })

  it('says so, as an error, when one this cashier was filling in leaves the queue settled by someone else; not for one they settled', async () => {
    let reads = 0
    const { user, notify } = await render({
      'GET /ops/api/withdrawals': () => ({ withdrawals: reads++ === 0 ? [queued('44'), queued('45')] : [] }),
      'POST /ops/api/withdrawals/:id': { ...clean(queued('45')), status: 'paid' },
    })
    const typing = await screen.findByRole('article', { name: '#44 SOMCHAI TESTER' })
    await user.type(within(typing).getByLabelText('Bank transfer reference'), 'KB-2026-9')
    const mine = screen.getByRole('article', { name: '#45 SOMCHAI TESTER' })
    await user.type(within(mine).getByLabelText('Bank transfer reference'), 'KB-2026-8')
    await user.click(within(mine).getByRole('button', { name: 'Mark paid' }))
    // The queue read again after the payment: both have gone.
    await waitFor(() => expect(screen.queryByRole('article', { name: '#44 SOMCHAI TESTER' })).not.toBeInTheDocument())
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Withdrawal #44 was settled by someone else while you were filling it in. Check your bank before you pay it', 'error'))
    expect(notify).toHaveBeenCalledWith('Withdrawal #45 marked paid', 'ok')
    expect(notify.mock.calls.filter(([text]) => String(text).includes('#45 was settled'))).toEqual([])
  })
})
