// The cashier's slip queue in the staff console: a slip opened is approved with the amount read and
// the bank's reference (a bad amount refused in place, nothing sent), and a second tap while the
// first is on its way sends nothing; rejected with a spec 8 reason in the player's words; another
// staff member's approval above the threshold is confirmed in one tap with exactly that decision,
// while one's own says it waits for someone else; one decided by someone else meanwhile leaves.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Slip } from '../../contract'
import type { QueuedSlip } from '../../contract/ops'
import { Slips } from '../../ops/features/slips/Slips'
import { failing, renderOpsScreen, STAFF, type OpsCall } from '../renderOpsScreen'
import { createOpsQueryClient } from '../../ops/api/queryClient'

const MEMBER = { id: '123', phone: '081xxxx678', name: 'SOMCHAI TESTER', currency: 'THB' }
const queued = (reference: string, approval: QueuedSlip['approval'] = null): QueuedSlip => ({
  reference, kind: 'slip', member: MEMBER, link: null, hasImage: false, claimedAmount: 500, createdAt: '2026-12-05T04:00:00.000Z', approval,
})
const decided = (reference: string, status: Slip['status'], amount = 0): Slip => ({ createdAt: '2026-12-05T04:00:00.000Z', amount, status, note: null, link: null, reference })
const posts = (calls: OpsCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body)

async function render(api: Parameters<typeof renderOpsScreen>[1]['api'], role: 'cashier' | 'admin' = 'cashier') {
  const notify = vi.fn()
  const screenOf = await renderOpsScreen(<Slips notify={notify} me={STAFF[role]} />, { role, api })
  return { ...screenOf, notify }
}

describe('the slip queue', () => {
  it('approves with the amount read and the reference, once however often it is tapped, and reads the queue again', async () => {
    let answer: (() => void) | undefined
    const { user, calls, notify } = await render({
      'GET /ops/api/slips': { slips: [queued('S1')] },
      'POST /ops/api/slips/:reference': () => new Promise((resolve) => {
        answer = () => resolve(decided('S1', 'SUCCESS', 500))
      }),
    })
    await user.click(await screen.findByRole('button', { name: /SOMCHAI TESTER/ }))
    const slip = screen.getByRole('article', { name: 'SOMCHAI TESTER S1' })
    expect(within(slip).getByTestId('slip-claimed')).toHaveTextContent('500.00')
    await user.type(within(slip).getByLabelText('Amount (THB)'), '500.001')
    await user.click(within(slip).getByRole('button', { name: /^Approve/ }))
    expect(within(slip).getByRole('alert')).toHaveTextContent('Enter an amount above 0 with at most 2 decimals')
    expect(posts(calls, '/ops/api/slips/S1')).toEqual([])

    await user.clear(within(slip).getByLabelText('Amount (THB)'))
    await user.type(within(slip).getByLabelText('Amount (THB)'), '500')
    await user.type(within(slip).getByLabelText('Bank reference (if any)'), 'KB1')
    const approve = within(slip).getByRole('button', { name: /^Approve ฿500\.00$/ })
    await user.click(approve)
    await user.click(approve)
    expect(approve).toRefusePresses()
    answer?.()
    await waitFor(() => expect(notify).toHaveBeenCalledWith('S1 approved', 'ok'))
    expect(posts(calls, '/ops/api/slips/S1')).toEqual([{ status: 'success', amount: 500, refNo: 'KB1' }])
    await waitFor(() => expect(calls.filter((call) => call.path === '/ops/api/slips')).toHaveLength(2))
  })

  it('rejects with the reason chosen, in the words the player reads', async () => {
    const { user, calls, notify } = await render({
      'GET /ops/api/slips': { slips: [queued('S2')] },
      'POST /ops/api/slips/:reference': decided('S2', 'FAILED'),
    })
    await user.click(await screen.findByRole('button', { name: /SOMCHAI TESTER/ }))
    const slip = screen.getByRole('article', { name: 'SOMCHAI TESTER S2' })
    await user.selectOptions(within(slip).getByLabelText('Reason'), screen.getByRole('option', { name: 'Duplicate slip' }))
    await user.click(within(slip).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(notify).toHaveBeenCalledWith('S2 rejected', 'ok'))
    expect(posts(calls, '/ops/api/slips/S2')).toEqual([{ status: 'failed', note: 'SLIP_REFNO_DUPLICATED' }])
  })

  it('an approval the server stored as failed (a bank reference another slip has) says it credited nothing, and why', async () => {
    const { user, notify } = await render({
      'GET /ops/api/slips': { slips: [queued('S3')] },
      'POST /ops/api/slips/:reference': { ...decided('S3', 'FAILED'), note: 'SLIP_REFNO_DUPLICATED' },
    })
    await user.click(await screen.findByRole('button', { name: /SOMCHAI TESTER/ }))
    const slip = screen.getByRole('article', { name: 'SOMCHAI TESTER S3' })
    await user.type(within(slip).getByLabelText('Amount (THB)'), '500')
    await user.type(within(slip).getByLabelText('Bank reference (if any)'), 'KB1')
    await user.click(within(slip).getByRole('button', { name: /^Approve/ }))
    await waitFor(() => expect(notify).toHaveBeenCalledWith('S3 was not credited: Duplicate slip', 'error'))
    expect(notify).not.toHaveBeenCalledWith('S3 approved', 'ok')
  })

  it("confirms another's approval above the threshold with exactly that decision; one's own waits for someone else", async () => {
    const approval = (by: { id: string; username: string }) => ({ by, amount: 60_000, currency: 'THB', reference: 'KB9', at: '2026-12-05T04:05:00.000Z' })
    const { user, calls } = await render({
      'GET /ops/api/slips': { slips: [queued('S3', approval({ id: '7', username: 'cashier7' })), queued('S4', approval({ id: STAFF.cashier.id, username: STAFF.cashier.username }))] },
      'POST /ops/api/slips/:reference': decided('S3', 'SUCCESS', 60_000),
    })
    const [first, second] = await screen.findAllByRole('button', { name: /SOMCHAI TESTER/ })
    await user.click(second)
    const own = screen.getByRole('article', { name: 'SOMCHAI TESTER S4' })
    expect(within(own).getByRole('note')).toHaveTextContent(/Waiting for a second person.*you/)
    expect(within(own).queryByRole('button', { name: /^Confirm/ })).toBeNull()
    await user.click(first)
    const other = screen.getByRole('article', { name: 'SOMCHAI TESTER S3' })
    await user.click(within(other).getByRole('button', { name: /^Confirm ฿60,000\.00$/ }))
    await waitFor(() => expect(posts(calls, '/ops/api/slips/S3')).toEqual([{ status: 'success', amount: 60_000, refNo: 'KB9' }]))
  })

  it('one decided by someone else meanwhile says so and leaves', async () => {
    const { user, notify } = await render({
      'GET /ops/api/slips': { slips: [queued('S5')] },
      'POST /ops/api/slips/:reference': failing(409, 'ALREADY_DECIDED'),
    })
    await user.click(await screen.findByRole('button', { name: /SOMCHAI TESTER/ }))
    const slip = screen.getByRole('article', { name: 'SOMCHAI TESTER S5' })
    await user.click(within(slip).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Someone decided this one already', 'error'))
    expect(screen.queryByRole('article', { name: 'SOMCHAI TESTER S5' })).toBeNull()
  })

  it("one's own approval, confirmed by a second person while open, says so plainly, not as someone taking it; another's leaving is still said as an error", async () => {
    const mine = { by: { id: STAFF.cashier.id, username: STAFF.cashier.username }, amount: 60_000, currency: 'THB', reference: 'KB9', at: '2026-12-05T04:05:00.000Z' }
    let slips = [queued('S6', mine), queued('S7')]
    const client = createOpsQueryClient()
    const notify = vi.fn()
    const { user } = await renderOpsScreen(<Slips notify={notify} me={STAFF.cashier} />, { role: 'cashier', api: { 'GET /ops/api/slips': () => ({ slips }) }, client })
    await user.click((await screen.findAllByRole('button', { name: /SOMCHAI TESTER/ }))[0])
    expect(screen.getByRole('article', { name: 'SOMCHAI TESTER S6' })).toBeInTheDocument()
    // The live event of the second person's decision: the queue is read again without it.
    slips = [queued('S7')]
    await client.invalidateQueries()
    expect(await screen.findByRole('status')).toHaveTextContent('S6 left the queue: a second person has decided on your approval')
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(screen.getByRole('button', { name: /SOMCHAI TESTER/ }))
    slips = []
    await client.invalidateQueries()
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone decided this one already')
  })
})
