// A staff member's own sign-in in the console: a password change checks the new password twice and
// its length before anything is sent, says a refusal with what was typed kept, and once changed
// says the other sessions ended and empties the form; the page says whether a code is needed.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { OPS_PASSWORD_MIN_LENGTH } from '../../contract/ops'
import { MySecurity } from '../../ops/features/auth/Security'
import { failing, renderOpsScreen, STAFF, type OpsCall } from '../renderOpsScreen'

const posts = (calls: OpsCall[]) => calls.filter((call) => call.path === '/ops/api/me/password').map((call) => call.body)
const NEW = 'a-new-password-2026'

describe("a staff member's own sign-in", () => {
  it('changes the password only when the new one is long enough and typed twice alike', async () => {
    let refuse = true
    const notify = vi.fn()
    const { user, calls } = await renderOpsScreen(<MySecurity me={STAFF.cashier} notify={notify} />, {
      role: 'cashier',
      api: { 'POST /ops/api/me/password': () => (refuse ? failing(400, 'WRONG_PASSWORD') : { message: 'SUCCESS' }) },
    })
    expect(screen.getByText('You sign in with your password and a code from your authenticator app.')).toBeInTheDocument()
    const [current, next, again] = [screen.getByLabelText('Current password'), screen.getByLabelText('New password'), screen.getByLabelText('New password again')]
    const change = screen.getByRole('button', { name: 'Change password' })
    await user.type(current, 'old-password-2026')
    await user.type(next, 'short')
    await user.type(again, 'short')
    await user.click(change)
    expect(screen.getByRole('alert')).toHaveTextContent(`At least ${OPS_PASSWORD_MIN_LENGTH} characters`)
    await user.clear(next)
    await user.type(next, NEW)
    await user.clear(again)
    await user.type(again, `${NEW}x`)
    await user.click(change)
    expect(screen.getByRole('alert')).toHaveTextContent('The two new passwords differ')
    expect(posts(calls)).toEqual([])

    await user.clear(again)
    await user.type(again, NEW)
    await user.click(change)
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not right')
    expect(current).toHaveValue('old-password-2026')
    refuse = false
    await user.click(change)
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Password changed: your other sessions ended'))
    expect(posts(calls)).toEqual([{ oldPassword: 'old-password-2026', newPassword: NEW }, { oldPassword: 'old-password-2026', newPassword: NEW }])
    expect(current).toHaveValue('')
  })
})
