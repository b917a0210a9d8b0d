// The staff console as a whole: each role sees the views its duties allow and no other, the first
// of them open; a staff member whose setup the server asks for sees only it; a session the server
// no longer knows (401) brings the sign-in back and forgets the session.
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { StaffRole } from '../../contract/ops'
import { session } from '../../ops/api/call'
import { App } from '../../ops/App'
import { failing, renderOpsScreen, STAFF } from '../renderOpsScreen'

// The live socket is the browser tests' (e2e/browser/opsConsole.spec.ts): here, connected.
vi.mock('../../ops/api/live', () => ({ useLive: () => true }))

const EMPTY = {
  'GET /ops/api/slips': { slips: [] }, 'GET /ops/api/withdrawals': { withdrawals: [] }, 'GET /ops/api/chat': { conversations: [] },
}

describe('the console', () => {
  it.each([
    ['support', ['Chat inbox', 'Members', 'Security']],
    ['cashier', ['Slips to read', 'Withdrawals to pay', 'Books', 'Security']],
    ['admin', ['Slips to read', 'Withdrawals to pay', 'Chat inbox', 'Members', 'Books', 'Audit trail', 'Staff', 'Security']],
  ] as const)('shows %s the views of their duties, the first open', async (role: StaffRole, views) => {
    await renderOpsScreen(<App />, { role, api: EMPTY })
    const nav = screen.getByRole('navigation', { name: 'Staff console' })
    expect(within(nav).getAllByRole('button').map((button) => button.textContent)).toEqual(views)
    expect(within(nav).getByRole('button', { name: views[0] })).toHaveAttribute('aria-current', 'page')
  })

  it('shows only the setup the server asks for first', async () => {
    await renderOpsScreen(<App />, {
      as: { ...STAFF.cashier, setup: 'totp' },
      api: { 'POST /ops/api/me/totp': { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Wallet:cashier1?secret=JBSWY3DPEHPK3PXP' } },
    })
    expect(await screen.findByRole('heading', { name: 'Set up your sign-in code' })).toBeInTheDocument()
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument()
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('shows the setup when the server asks for it after the tab signed in (the code turned on for everyone)', async () => {
    await renderOpsScreen(<App />, {
      role: 'cashier',
      api: {
        ...EMPTY,
        'GET /ops/api/slips': failing(403, 'SETUP_REQUIRED'),
        'GET /ops/api/me': { ...STAFF.cashier, setup: 'totp' },
        'POST /ops/api/me/totp': { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Wallet:cashier1?secret=JBSWY3DPEHPK3PXP' },
      },
    })
    expect(await screen.findByRole('heading', { name: 'Set up your sign-in code' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation')).toBeNull()
    // Kept for the tab: a reload shows the setup too.
    expect(session.staff()).toMatchObject({ setup: 'totp' })
  })

  it('brings the sign-in back when the server no longer knows the session', async () => {
    await renderOpsScreen(<App />, { role: 'support', api: { 'GET /ops/api/chat': failing(401, 'EXPIRED_AUTH_TOKEN') } })
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(session.token()).toBeNull()
  })
})
