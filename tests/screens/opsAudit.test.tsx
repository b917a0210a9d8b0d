// The audit trail in the staff console (admin): every action newest first, who did it (the system
// for the operator's own setup), on what and what changed; older ones a page at a time, asked from
// the last one shown, until a page comes back short.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../contract/ops'
import { Audit } from '../../ops/features/audit/Audit'
import { renderOpsScreen, type OpsCall } from '../renderOpsScreen'

const entry = (id: number): AuditEntry => ({
  id: String(id), staff: id === 1 ? null : { id: '1', username: 'admin1' }, action: id === 1 ? 'staff.add' : 'correction.apply', item: `correction:${id}`,
  memberId: '123', before: null, after: { amount: 25.5 }, address: '10.0.0.1', at: new Date(Date.UTC(2026, 11, 5, 4, 0, 0) - id * 60_000).toISOString(),
})
/** Entries 120 down to 1, newest (highest id) first. */
function page({ query }: OpsCall) {
  const before = query.before ? Number(query.before) : 121
  const limit = Number(query.limit)
  return { entries: Array.from({ length: Math.min(limit, before - 1) }, (_, i) => entry(before - 1 - i)) }
}

describe('the audit trail', () => {
  it('shows the newest first and pages back from the last one shown until a page is short', async () => {
    const { user, calls } = await renderOpsScreen(<Audit />, { api: { 'GET /ops/api/audit': page } })
    const rows = async () => within(await screen.findByRole('table')).getAllByRole('row').slice(1)
    expect(await rows()).toHaveLength(50)
    expect((await rows())[0]).toHaveTextContent(/admin1.*correction\.apply.*correction:120 · Member 123.*\{"amount":25\.5\}.*10\.0\.0\.1/)
    await user.click(screen.getByRole('button', { name: 'Older' }))
    await waitFor(async () => expect(await rows()).toHaveLength(100))
    await user.click(screen.getByRole('button', { name: 'Older' }))
    await waitFor(async () => expect(await rows()).toHaveLength(120))
    expect((await rows()).at(-1)).toHaveTextContent(/system.*staff\.add/)
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull()
    expect(calls.map((call) => call.query)).toEqual([{ limit: '50' }, { before: '71', limit: '50' }, { before: '21', limit: '50' }])
  })
})
