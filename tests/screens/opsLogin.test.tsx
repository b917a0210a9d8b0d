// The staff console's sign-in: a refusal is said and what was typed stays; a password that needs
// the authenticator's code asks for it (the field focused), refuses a code that is not six digits
// without sending it, sends it without spaces, and signs in, the session kept for the tab.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { session } from '../../ops/api/call'
import { Login } from '../../ops/features/auth/Login'
import { failing, renderOpsScreen, STAFF, type OpsCall } from '../renderOpsScreen'

const bodies = (calls: OpsCall[]) => calls.filter((call) => call.path === '/ops/api/login').map((call) => call.body)

describe("the console's sign-in", () => {
  it('says why a sign-in was refused and keeps what was typed', async () => {
    const onSignedIn = vi.fn()
    const { user } = await renderOpsScreen(<Login onSignedIn={onSignedIn} />, { role: null, api: { 'POST /ops/api/login': failing(401, 'WRONG_CREDENTIAL') } })
    await user.type(screen.getByLabelText('Username'), 'cashier1')
    await user.type(screen.getByLabelText('Password'), 'not-the-password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password')
    expect(screen.getByLabelText('Username')).toHaveValue('cashier1')
    expect(screen.getByLabelText('Password')).toHaveValue('not-the-password')
    expect(onSignedIn).not.toHaveBeenCalled()
    expect(session.token()).toBeNull()
  })

  it('asks for the code when the password needs it, and signs in with it', async () => {
    const onSignedIn = vi.fn()
    const { user, calls } = await renderOpsScreen(<Login onSignedIn={onSignedIn} />, {
      role: null,
      api: {
        'POST /ops/api/login': ({ body }: OpsCall) => ((body as { code?: string }).code === '123456'
          ? { token: 'a-staff-token', staff: STAFF.cashier }
          : failing(401, 'TOTP_REQUIRED')),
      },
    })
    await user.type(screen.getByLabelText('Username'), 'cashier1')
    await user.type(screen.getByLabelText('Password'), 'counter-staff-2026')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    const code = await screen.findByRole('textbox', { name: /authenticator/i })
    await waitFor(() => expect(code).toHaveFocus())
    await user.type(code, '12345')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Type the six digits')
    expect(bodies(calls)).toHaveLength(1)
    await user.clear(code)
    await user.type(code, '123 456')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1))
    expect(bodies(calls)).toEqual([
      { username: 'cashier1', password: 'counter-staff-2026' },
      { username: 'cashier1', password: 'counter-staff-2026', code: '123456' },
    ])
    expect(session.token()).toBe('a-staff-token')
    expect(session.staff()).toEqual(STAFF.cashier)
  })
})
