// What each staff role may do (issue 33): support answers the chat and looks members up; a cashier
// decides slips and withdrawals and reads the books; an admin does all of it, and alone changes
// settings, bonus offers and staff, reads the audit trail, and proposes and decides corrections of a
// member's wallet (issue 52 §3: one admin proposes, another applies).
import type { StaffRole } from '../../contract/ops'

export type Duty = 'chat' | 'lookup' | 'slips' | 'withdrawals' | 'books' | 'settings' | 'staff' | 'audit' | 'corrections'

const DUTIES: Record<Exclude<StaffRole, 'admin'>, readonly Duty[]> = {
  support: ['chat', 'lookup'],
  cashier: ['slips', 'withdrawals', 'books'],
}

export const mayDo = (role: StaffRole, duty: Duty): boolean => role === 'admin' || DUTIES[role].includes(duty)
