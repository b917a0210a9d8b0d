// Shared by the operator API's tests: staff of each role made through the server's own function
// (as `npm run staff` makes them), signed in through the API; a slip and a withdrawal waiting; a
// staff console's socket.
import type { FastifyInstance } from 'fastify'
import { io, type Socket } from 'socket.io-client'
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

/** A staff console's socket and every event it heard, in order. */
export interface StaffClient {
  socket: Socket
  heard: { event: string; payload: { id: string; state: string } }[]
  /** Resolves with the first event (heard already or still to come) of `event` about `id` in `state`. */
  next: (event: string, id: string, state: string) => Promise<void>
}

/** Connects a staff console to a listening server; rejects with the server's refusal (its code). */
export function connectStaff(url: string, auth: Record<string, unknown>): Promise<StaffClient> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth })
  const heard: StaffClient['heard'] = []
  const waiting: { match: (entry: StaffClient['heard'][number]) => boolean; resolve: () => void }[] = []
  socket.onAny((event: string, payload: { id: string; state: string }) => {
    const entry = { event, payload }
    heard.push(entry)
    for (const waiter of waiting.filter(({ match }) => match(entry))) {
      waiting.splice(waiting.indexOf(waiter), 1)
      waiter.resolve()
    }
  })
  const next = (event: string, id: string, state: string) => {
    const match = (entry: StaffClient['heard'][number]) => entry.event === event && entry.payload.id === id && entry.payload.state === state
    return heard.some(match) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ match, resolve }))
  }
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, heard, next }))
    socket.once('connect_error', (error) => {
      socket.close()
      reject(error)
    })
  })
}
