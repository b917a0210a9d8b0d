// Wallet e2e members: each test gets its own freshly registered member, funded through a real
// deposit (a KBANK QR paid through the dev endpoint), so tests never share balances.
import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO, devPost, expect, freshPhone } from './fixtures'

export interface Member {
  phone: string
  password: string
  token: string
  id: string
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Requested-With': 'wallet-user' })

/** Registers a member through the API (OTP step off) and signs them in. */
export async function registerMember(
  request: APIRequestContext, bankCode = 'KBANK', bankAccountName = 'SOMCHAI TESTER', extra: { name?: string; inviteCode?: string } = {},
): Promise<Member> {
  await devPost(request, '/dev/settings', { registerOTP: false })
  const phone = freshPhone()
  const password = 'secret99'
  const created = await request.post('/api/account', {
    headers: { 'X-Requested-With': 'wallet-user' },
    data: { name: extra.name ?? 'E2E PLAYER', username: phone, password, sourceCode: '', inviteCode: extra.inviteCode ?? '', bankCode, bankAccountName, bankAccountNo: `66${phone.slice(2)}`, currency: 'THB' },
  })
  expect(created.ok(), `register answered ${created.status()} ${await created.text()}`).toBeTruthy()
  return signInThroughApi(request, phone, password)
}

async function signInThroughApi(request: APIRequestContext, phone: string, password: string): Promise<Member> {
  const login = await request.post('/api/login', { headers: { 'X-Requested-With': 'wallet-user' }, data: { username: phone, password } })
  expect(login.ok(), `login answered ${login.status()}`).toBeTruthy()
  const { token } = (await login.json()) as { token: string }
  const profile = await request.get('/api/account/profile', { headers: auth(token) })
  const { profile: { _id: id } } = (await profile.json()) as { profile: { _id: string } }
  return { phone, password, token, id }
}

/** The demo member (the server seeds it), signed in through the API: for a test whose subject comes
 *  after the sign-in, which the login screen's own tests cover. */
export const demoMember = (request: APIRequestContext): Promise<Member> => signInThroughApi(request, DEMO.phone, DEMO.password)

/** Opens `path` (home by default) the way the project's host does (`open`), signed in as the demo member. */
export async function openAsDemo(page: Page, request: APIRequestContext, open: (path: string) => Promise<void>, path = '/user/home'): Promise<void> {
  await signedIn(page, await demoMember(request))
  await open(path)
}

/** Credits the member's wallet by a real QR deposit, paid through the dev endpoint. */
export async function fund(request: APIRequestContext, member: Member, amount: number): Promise<void> {
  const created = await request.post('/api/qrcode/KBANK', { headers: auth(member.token), data: { amount } })
  expect(created.ok(), `QR answered ${created.status()} ${await created.text()}`).toBeTruthy()
  const { qrcodeId } = (await created.json()) as { qrcodeId: string }
  await devPost(request, `/dev/qrcode/${qrcodeId}/pay`, {})
}

/** The member's wallet as the API says (major units). */
export async function walletOf(request: APIRequestContext, member: Member): Promise<{ wallet: number; slots: Record<string, number> }> {
  const response = await request.get('/api/wallet', { headers: auth(member.token) })
  expect(response.ok()).toBeTruthy()
  const body = (await response.json()) as { wallet: { amount: number }; slots: { code: string; amount: number }[] }
  return { wallet: body.wallet.amount, slots: Object.fromEntries(body.slots.map((slot) => [slot.code, slot.amount])) }
}

/** Opens the app signed in as `member` (the token stored as a remembered login would be). */
export async function signedIn(page: Page, member: Member): Promise<void> {
  await page.addInitScript((token) => {
    if (!location.href.startsWith('http://localhost:')) return
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('token', token)
      sessionStorage.setItem('e2e-signed-in', '1')
    }
  }, member.token)
}

export const memberHeaders = auth

const SLIP = readFileSync('e2e/assets/invite-qr.png')

/** A slip picture no upload to this server sent before: the same image twice is a duplicate slip
 *  (a test that runs on two engines uploads on one server twice). */
export const freshSlip = () => ({ name: 'slip.png', mimeType: 'image/png', buffer: Buffer.concat([SLIP, Buffer.from(`${Math.random()}`)]) })

/** The member's upload of a slip image (processing): its reference. */
/** A fresh slip uploaded by `member`, with the amount the player says it shows when given (issue 51); its reference. */
export async function uploadSlip(request: APIRequestContext, member: Pick<Member, 'token'>, claimed?: string): Promise<string> {
  const response = await request.post('/api/wallet/slip', {
    headers: auth(member.token),
    multipart: { file: freshSlip(), ...(claimed ? { amount: claimed } : {}) },
  })
  expect(response.ok(), await response.text()).toBeTruthy()
  return ((await response.json()) as { reference: string }).reference
}
