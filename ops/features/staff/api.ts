// Staff's server state (admin): the list, and every change to it (role, access, sessions ended, a
// sign-in reset, someone added) as a mutation that marks the list stale once settled, whatever its
// answer: a refused change is shown as the list now is.
import { useQuery } from '@tanstack/react-query'
import { type NewStaff, opsEndpoints, type StaffChange, type StaffReset } from '../../../contract/ops'
import { call } from '../../api/call'
import { useChangeOf } from '../../api/queryClient'

export const staffKeys = {
  all: ['staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
}

export const useStaffList = () => useQuery({ queryKey: staffKeys.list(), queryFn: () => call(opsEndpoints.staff) })

const useStaffMutation = <Variables, Answer>(send: (variables: Variables) => Promise<Answer>) => useChangeOf(staffKeys.all, send)

export const useChangeStaff = () => useStaffMutation(({ id, change }: { id: string; change: StaffChange }) => call(opsEndpoints.changeStaff, { params: { id }, body: change }))
export const useEndStaffSessions = () => useStaffMutation((id: string) => call(opsEndpoints.endStaffSessions, { params: { id } }))
export const useResetStaff = () => useStaffMutation(({ id, reset }: { id: string; reset: StaffReset }) => call(opsEndpoints.resetStaff, { params: { id }, body: reset }))
export const useAddStaff = () => useStaffMutation((staff: NewStaff) => call(opsEndpoints.addStaff, { body: staff }))
