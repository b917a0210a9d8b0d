// Staff in the staff console (admin): who may use it and as what, the admin named as themselves; a
// change the server refuses (the last admin) is said and the list read again as it is; a new staff
// member's username and password are checked before anything is sent, and the username goes lower
// case; a sign-in reset needs a long enough temporary password.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { OPS_PASSWORD_MIN_LENGTH, type Staff } from '../../contract/ops'
import { StaffView } from '../../ops/features/staff/StaffView'
import { failing, renderOpsScreen, STAFF, type OpsCall } from '../renderOpsScreen'

const LIST = [STAFF.admin, STAFF.cashier]
const posts = (calls: OpsCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body)

describe('staff', () => {
  it("lists who may use the console; the last admin's change refused is said and the list read again", async () => {
    const notify = vi.fn()
    const { user, calls } = await renderOpsScreen(<StaffView me={STAFF.admin} notify={notify} />, {
      api: { 'GET /ops/api/staff': { staff: LIST }, 'POST /ops/api/staff/:id': failing(409, 'LAST_ADMIN') },
    })
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row').slice(1).map((row) => (row as HTMLTableRowElement).cells[0].textContent)).toEqual(['admin1 (you)', 'cashier1'])
    await user.selectOptions(within(table).getByLabelText('Role of admin1'), 'cashier')
    await waitFor(() => expect(notify).toHaveBeenCalledWith('At least one active admin must remain', 'error'))
    expect(posts(calls, '/ops/api/staff/1')).toEqual([{ role: 'cashier' }])
    await waitFor(() => expect(calls.filter((call) => call.path === '/ops/api/staff' && call.method === 'GET')).toHaveLength(2))
    expect(within(table).getByLabelText('Role of admin1')).toHaveValue('admin')
  })

  it('adds a staff member only with a username and a password that will do', async () => {
    const notify = vi.fn()
    const added: Staff = { ...STAFF.support, id: '8', username: 'ploy.k', name: 'Ploy K' }
    const { user, calls } = await renderOpsScreen(<StaffView me={STAFF.admin} notify={notify} />, {
      api: { 'GET /ops/api/staff': { staff: LIST }, 'POST /ops/api/staff': added },
    })
    const form = await screen.findByRole('form', { name: 'Add staff' })
    await user.type(within(form).getByLabelText('Username'), 'P')
    await user.type(within(form).getByLabelText('Name'), 'Ploy K')
    await user.type(within(form).getByLabelText('Password'), 'x'.repeat(OPS_PASSWORD_MIN_LENGTH))
    await user.click(within(form).getByRole('button', { name: 'Add staff' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('A username is 3 to 32 of a–z, 0–9, . - _')
    await user.clear(within(form).getByLabelText('Username'))
    await user.type(within(form).getByLabelText('Username'), 'Ploy.K')
    await user.clear(within(form).getByLabelText('Password'))
    await user.type(within(form).getByLabelText('Password'), 'x'.repeat(OPS_PASSWORD_MIN_LENGTH - 1))
    await user.click(within(form).getByRole('button', { name: 'Add staff' }))
    expect(within(form).getByRole('alert')).toHaveTextContent(`At least ${OPS_PASSWORD_MIN_LENGTH} characters`)
    expect(posts(calls, '/ops/api/staff')).toEqual([])
    await user.type(within(form).getByLabelText('Password'), 'x')
    await user.click(within(form).getByRole('button', { name: 'Add staff' }))
    await waitFor(() => expect(notify).toHaveBeenCalledWith('ploy.k added'))
    expect(posts(calls, '/ops/api/staff')).toEqual([{ username: 'ploy.k', name: 'Ploy K', role: 'support', password: 'x'.repeat(OPS_PASSWORD_MIN_LENGTH) }])
    expect(within(form).getByLabelText('Username')).toHaveValue('')
  })

  it("resets a staff member's sign-in with a temporary password long enough", async () => {
    const notify = vi.fn()
    const { user, calls } = await renderOpsScreen(<StaffView me={STAFF.admin} notify={notify} />, {
      api: { 'GET /ops/api/staff': { staff: LIST }, 'POST /ops/api/staff/:id/reset': { ...STAFF.cashier, totp: false, setup: 'password' } },
    })
    const table = await screen.findByRole('table')
    await user.click(within(within(table).getAllByRole('row')[2]).getByRole('button', { name: 'Reset sign-in' }))
    const reset = screen.getByRole('form', { name: /cashier1/ })
    await user.type(within(reset).getByLabelText('Temporary password'), 'short')
    await user.click(within(reset).getByRole('button', { name: 'Reset sign-in' }))
    expect(within(reset).getByRole('alert')).toHaveTextContent(`At least ${OPS_PASSWORD_MIN_LENGTH} characters`)
    expect(posts(calls, '/ops/api/staff/2/reset')).toEqual([])
    await user.clear(within(reset).getByLabelText('Temporary password'))
    await user.type(within(reset).getByLabelText('Temporary password'), 'temporary-pass-2026')
    await user.click(within(reset).getByRole('button', { name: 'Reset sign-in' }))
    await waitFor(() => expect(notify).toHaveBeenCalledWith('The sign-in of cashier1 was reset'))
    expect(posts(calls, '/ops/api/staff/2/reset')).toEqual([{ password: 'temporary-pass-2026' }])
  })
})
