// The first admin (issue 33): no staff account exists until the operator makes one, never with a
// default password. OPS_ADMIN_USERNAME and OPS_ADMIN_PASSWORD make it at start when no active admin
// exists (and do nothing once one does); `npm run staff` makes any staff member from the command line.
import { Refusal } from '../shared/http/errors'
import { hasAdmin } from './repo'
import { addStaff, type StaffStore } from './staff'

export interface FirstAdmin {
  username: string
  password: string
}

/** Makes the first admin unless an active admin exists: 'created', 'exists', or 'taken' (the
 *  username belongs to a staff member who is not an admin, who is not promoted by this). */
export async function ensureFirstAdmin(ctx: StaffStore, first: FirstAdmin, address = 'environment'): Promise<'created' | 'exists' | 'taken'> {
  if (await hasAdmin(ctx.db)) return 'exists'
  try {
    await addStaff(ctx, { username: first.username, name: first.username, role: 'admin', password: first.password }, { staffId: null, address })
    return 'created'
  } catch (error) {
    // Another instance starting with the same environment made it a moment before.
    if (error instanceof Refusal && error.code === 'STAFF_EXISTS') return (await hasAdmin(ctx.db)) ? 'exists' : 'taken'
    throw error
  }
}
