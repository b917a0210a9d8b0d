// Shared by the operator API's tests: staff of each role made through the server's own function
// (as `npm run staff` makes them), signed in through the API; a slip and a withdrawal waiting; a
// staff console's socket.
import type { FastifyInstance } from 'fastify'
import { generate } from 'otplib'
import { io, type Socket } from 'socket.io-client'
import type { StaffRole } from '../../contract/ops'
import { addStaff } from '../../server/ops/staff'
import { call } from './helpers'
import { jpeg } from './depositHelpers'

export const STAFF_PASSWORD = 'counter-staff-2026'

let made = 0

/** The authenticator's code for `secret` at the server's own clock (tests move it), `stepsAhead` steps on. */
export const totpCode = (app: FastifyInstance, secret: string, stepsAhead = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(app.serverContext.now() / 1000) + stepsAhead * 30 })

/** Sets up the signed-in staff member's authenticator code (what an admin must do first): its secret. */
export async function setUpTotp(app: FastifyInstance, token: string): Promise<string> {
  const setup = await call(app, 'POST', '/ops/api/me/totp', { token })
  if (setup.status !== 200) throw new Error(`TOTP setup failed: ${JSON.stringify(setup.body)}`)
  const secret = setup.body.secret as string
  const confirmed = await call(app, 'POST', '/ops/api/me/totp/confirm', { token, body: { code: await totpCode(app, secret) } })
  if (confirmed.status !== 200) throw new Error(`TOTP confirm failed: ${JSON.stringify(confirmed.body)}`)
  return secret
}

/**
 * A new staff member of `role` and their session token, ready to work: an admin (or anyone, when
 * the switch says so) has set up their authenticator code, whose secret is answered.
 */
export async function staffSession(app: FastifyInstance, role: StaffRole): Promise<{ token: string; id: number; username: string; secret?: string }> {
  made += 1
  const username = `${role}${made}`
  const staff = await addStaff(app.serverContext, { username, name: `${role} ${made}`, role, password: STAFF_PASSWORD }, { staffId: null, address: 'test' })
  const signedIn = await call(app, 'POST', '/ops/api/login', { body: { username, password: STAFF_PASSWORD } })
  if (signedIn.status !== 200) throw new Error(`staff sign-in failed: ${JSON.stringify(signedIn.body)}`)
  const token = signedIn.body.token as string
  const secret = (signedIn.body.staff as { setup: string | null }).setup === 'totp' ? await setUpTotp(app, token) : undefined
  return { token, id: staff.id, username, secret }
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
