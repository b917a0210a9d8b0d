// Renders a staff console view (ops/) signed in as a staff member of a role, its calls to the
// operator API answered by a table of fake answers, each answer and each body the view sends checked
// against the server's routes (tests/contractRoutes.ts), as the player app's screen tests are
// (tests/renderScreen.tsx). The console calls with fetch: the fake stands in for it.
import { cleanup, render, type RenderResult } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { afterEach, expect, vi } from 'vitest'
import type { Staff, StaffRole } from '../contract/ops'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { session } from '../ops/api/call'
import { createOpsQueryClient } from '../ops/api/queryClient'
import { setLanguage } from '../ops/lib/i18n'
import { contractProblem, requestProblem } from './contractRoutes'

export interface OpsCall {
  method: string
  /** The path without its query. */
  path: string
  query: Record<string, string>
  body: unknown
}

/** An answer: a body (200), or [status, body]; a function answers from the call. */
type Answer = unknown
type Handler = Answer | ((call: OpsCall) => Answer)
/** `'GET /ops/api/members/:id'`: a `:name` part matches one segment. */
export type OpsRoutes = Record<string, Handler>

/** A refusal: its status and code, and the figure it names (`limit`), if any. */
export const failing = (status: number, message: string, limit?: number) => ({ status, body: { message, ...(limit === undefined ? {} : { limit }) } })
const isFailing = (answer: unknown): answer is { status: number; body: unknown } =>
  typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer && Object.keys(answer).length === 2

const problems: string[] = []
afterEach(() => {
  cleanup()
  const found = problems.splice(0)
  vi.unstubAllGlobals()
  sessionStorage.clear()
  expect(found, 'fake answers and bodies the server would not have').toEqual([])
})

export const STAFF: Record<StaffRole, Staff> = {
  admin: { id: '1', username: 'admin1', name: 'Admin One', role: 'admin', active: true, totp: true, setup: null },
  cashier: { id: '2', username: 'cashier1', name: 'Cashier One', role: 'cashier', active: true, totp: true, setup: null },
  support: { id: '3', username: 'support1', name: 'Support One', role: 'support', active: true, totp: true, setup: null },
}

/** `role`: the staff member signed in (`as`: as this one instead); null: no one yet (the sign-in).
 *  `client`: the console's cache, when the test plays a live event (its reads invalidated). */
export async function renderOpsScreen(view: ReactElement, { role = 'admin', as, api, client = createOpsQueryClient() }: { role?: StaffRole | null; as?: Staff; api: OpsRoutes; client?: QueryClient }): Promise<RenderResult & { user: UserEvent; calls: OpsCall[] }> {
  setLanguage('en')
  if (as ?? role) session.save('staff-token', as ?? STAFF[role!])
  const calls: OpsCall[] = []
  const routes = Object.entries(api).map(([key, handler]) => {
    const [method, pattern] = key.split(' ')
    return { method, pattern: new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`), handler }
  })
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost')
    const method = init.method ?? 'GET'
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    const call: OpsCall = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), body }
    calls.push(call)
    if (body !== undefined) {
      const problem = await requestProblem(method, url.pathname, body)
      if (problem) problems.push(problem)
    }
    const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname))
    if (!route) {
      problems.push(`${method} ${url.pathname}: no fake answer`)
      return new Response(JSON.stringify({ message: 'NO_DATA' }), { status: 404 })
    }
    // A handler may answer later (a promise): a request still on its way.
    const answered: unknown = await (typeof route.handler === 'function' ? (route.handler as (call: OpsCall) => Answer)(call) : route.handler)
    const { status, body: reply } = isFailing(answered) ? answered : { status: 200, body: answered }
    const problem = await contractProblem(method, url.pathname, status, reply)
    if (problem) problems.push(problem)
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } })
  })
  const user = userEvent.setup()
  // A cache of the test's own, as the console has one per session.
  return { ...render(<QueryClientProvider client={client}>{view}</QueryClientProvider>), user, calls }
}
