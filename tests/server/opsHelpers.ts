// Shared by the operator API's tests: staff of each role made through the server's own function
// (as `npm run staff` makes them), signed in through the API; a slip and a withdrawal waiting.
import type { FastifyInstance } from 'fastify'
import type { StaffRole } from '../../src/api/contract/ops'
import { addStaff } from '../../server/ops/staff'
import { call } from './helpers'
import { jpeg } from './depositHelpers'

export const STAFF_PASSWORD = 'counter-staff-2026'

let made = 0

/** A new staff member of `role` and their session token. */
export async function staffSession(app: FastifyInstance, role: StaffRole): Promise<{ token: string; id: number; username: string }> {
  made += 1
  const username = `${role}${made}`
  const staff = await addStaff(app.serverContext, { username, name: `${role} ${made}`, role, password: STAFF_PASSWORD }, { staffId: null, address: 'test' })
  const signedIn = await call(app, 'POST', '/ops/api/login', { body: { username, password: STAFF_PASSWORD } })
  if (signedIn.status !== 200) throw new Error(`staff sign-in failed: ${JSON.stringify(signedIn.body)}`)
  return { token: signedIn.body.token as string, id: staff.id, username }
}

/** The member's upload of a slip image: its reference, processing. */
export async function uploadSlip(app: FastifyInstance, memberToken: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: { authorization: `Bearer ${memberToken}`, 'content-type': 'image/jpeg' },
    payload: jpeg(),
  })
  if (response.statusCode !== 200) throw new Error(`slip upload failed: ${response.body}`)
  return (response.json() as { reference: string }).reference
}

/** The member's withdrawal of `amount` baht: its id, waiting. */
export async function requestWithdrawal(app: FastifyInstance, memberToken: string, amount: number): Promise<string> {
  const result = await call(app, 'POST', '/api/wallet/withdraw', { token: memberToken, body: { amount } })
  if (result.status !== 200) throw new Error(`withdrawal failed: ${JSON.stringify(result.body)}`)
  return (result.body.withdrawal as { id: string }).id
}

export const auditOf = async (app: FastifyInstance, item: string) =>
  app.serverContext.db.selectFrom('ops_audit').selectAll().where('item', '=', item).orderBy('id').execute()
