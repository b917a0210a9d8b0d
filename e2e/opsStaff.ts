// The staff of the browser tests' servers (issues 33 and 47): the first admin each server makes from
// the environment (OPS_ADMIN) signs in with a code from an authenticator app, set up through the
// API the first time. Its secret and session are kept in a file per server address, so every test of
// a run (whichever worker process it runs in) signs in as that admin without spending a code twice
// in one 30-second step, which the server refuses.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from 'otplib'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { OPS_ADMIN } from './servers'

interface Kept {
  secret?: string
  token?: string
}

const keptFile = (origin: string) => join(tmpdir(), `wallet-e2e-admin-${new URL(origin).port}.json`)
const read = (origin: string): Kept => (existsSync(keptFile(origin)) ? (JSON.parse(readFileSync(keptFile(origin), 'utf8')) as Kept) : {})
const keep = (origin: string, kept: Kept) => writeFileSync(keptFile(origin), JSON.stringify(kept))

/** The authenticator's code for `secret` now, or `stepsAhead` steps (30 s) on: the server takes one step either side. */
export const codeFor = (secret: string, stepsAhead = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 })

async function post(origin: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> }
}

/** Sets up the signed-in staff member's code through the API; its secret. */
export async function setUpCode(origin: string, token: string): Promise<string> {
  const setup = await post(origin, '/ops/api/me/totp', {}, token)
  if (setup.status !== 200) throw new Error(`TOTP setup answered ${setup.status} ${JSON.stringify(setup.body)}`)
  const secret = setup.body.secret as string
  const confirmed = await post(origin, '/ops/api/me/totp/confirm', { code: await codeFor(secret) }, token)
  if (confirmed.status !== 200) throw new Error(`TOTP confirm answered ${confirmed.status} ${JSON.stringify(confirmed.body)}`)
  return secret
}

/** The first admin's session token on the server at `origin`, signing in (and setting up the code) when needed. */
export async function opsAdminToken(origin: string): Promise<string> {
  const kept = read(origin)
  if (kept.token) {
    const me = await fetch(`${origin}/ops/api/me`, { headers: { authorization: `Bearer ${kept.token}` } })
    if (me.ok) return kept.token
  }
  const first = await post(origin, '/ops/api/login', OPS_ADMIN)
  if (first.status === 200) {
    const token = first.body.token as string
    // A new server: the admin sets up a code before anything else.
    const secret = (first.body.staff as { setup: string | null }).setup === 'totp' ? await setUpCode(origin, token) : kept.secret
    keep(origin, { secret, token })
    return token
  }
  if (first.status !== 401 || first.body.message !== 'TOTP_REQUIRED' || !kept.secret) throw new Error(`admin sign-in answered ${first.status} ${JSON.stringify(first.body)}`)
  // This step's code may have been taken (a setup a moment before): the next step's is accepted too.
  for (const ahead of [0, 1]) {
    const signedIn = await post(origin, '/ops/api/login', { ...OPS_ADMIN, code: await codeFor(kept.secret, ahead) })
    if (signedIn.status === 200) {
      keep(origin, { secret: kept.secret, token: signedIn.body.token as string })
      return signedIn.body.token as string
    }
  }
  throw new Error('the admin could not sign in with its code')
}

export const STAFF_PASSWORD = 'cashier-password-2026'
export type StaffRole = 'support' | 'cashier' | 'admin'

/** The password the admin gives a new staff member, until they choose their own. */
const GIVEN_PASSWORD = 'given-by-the-admin-2026'

/**
 * A new staff member of `role` on the server at `origin`, made by the first admin through the API,
 * who has then chosen their own password (STAFF_PASSWORD), as the console asks first.
 */
export async function newStaff(origin: string, request: APIRequestContext, role: StaffRole): Promise<string> {
  const username = `${role}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const response = await request.post('/ops/api/staff', {
    headers: { authorization: `Bearer ${await opsAdminToken(origin)}` },
    data: { username, name: `E2E ${role}`, role, password: GIVEN_PASSWORD },
  })
  expect(response.ok(), await response.text()).toBeTruthy()
  const signedIn = await post(origin, '/ops/api/login', { username, password: GIVEN_PASSWORD })
  expect(signedIn.body.staff).toMatchObject({ setup: 'password' })
  const chosen = await post(origin, '/ops/api/me/password', { oldPassword: GIVEN_PASSWORD, newPassword: STAFF_PASSWORD }, signedIn.body.token as string)
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200)
  return username
}

/**
 * Signs in to the console in English. A new admin meets the setup of their code first: it is done
 * from the screen (the secret it shows, typed into an authenticator, here otplib), and its secret answered.
 */
export async function signInToConsole(page: Page, username: string, password = STAFF_PASSWORD): Promise<string | undefined> {
  await page.goto('/ops/')
  // Thai unless English was chosen on this browser before.
  await page.getByRole('combobox', { name: /^(ภาษา|Language)$/ }).selectOption('en')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  const setup = page.getByRole('heading', { name: 'Set up your sign-in code' })
  await expect(page.getByRole('navigation').or(setup)).toBeVisible()
  if (!(await setup.isVisible())) return undefined
  const secret = (await page.locator('code.secret').innerText()).replace(/\s/g, '')
  await page.getByLabel('Six-digit code from your authenticator app').fill(await codeFor(secret))
  await page.getByRole('button', { name: 'Confirm and continue' }).click()
  await expect(page.getByRole('navigation')).toBeVisible()
  return secret
}
