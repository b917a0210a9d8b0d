// Issue 33 §2: the staff console on the production build against the reference server, in
// Chromium on a phone's width: a cashier signs in, reads a member's slip and approves it, pays a
// withdrawal, meets a slip another cashier decided first, and sees a new slip arrive without
// reloading; an admin reads the audit trail. axe on each view. No /dev/ call decides anything here.
import type { APIRequestContext, Page } from '@playwright/test'
import { OPS_ADMIN } from '../servers'
import { devPost, expect, test } from '../fixtures'
import { expectAxeClean } from '../shared/axe'
import { fund, memberHeaders, registerMember, uploadSlip, walletOf } from '../walletMembers'

const STAFF_PASSWORD = 'cashier-password-2026'

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/ops/api/login', { data: OPS_ADMIN })
  expect(response.ok(), await response.text()).toBeTruthy()
  return ((await response.json()) as { token: string }).token
}

/** A new staff member of `role`, made by the first admin through the API. */
async function newStaff(request: APIRequestContext, role: 'support' | 'cashier' | 'admin'): Promise<string> {
  const username = `${role}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const response = await request.post('/ops/api/staff', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { username, name: `E2E ${role}`, role, password: STAFF_PASSWORD },
  })
  expect(response.ok(), await response.text()).toBeTruthy()
  return username
}

async function signInToConsole(page: Page, username: string, password = STAFF_PASSWORD): Promise<void> {
  await page.goto('/ops/')
  await page.getByLabel('ภาษา').selectOption('en')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText(/Signed in as/)).toBeVisible()
}

const uniqueName = () => `OPS PLAYER ${Math.random().toString(36).slice(2, 7).toUpperCase()}`

test.describe('the staff console', () => {
  test('a cashier approves a slip from its image and pays a withdrawal, and the member has the money', async ({ page, request }) => {
    const name = uniqueName()
    const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name })
    await fund(request, member, 1000)
    await uploadSlip(request, member)
    const withdrawal = await request.post('/api/wallet/withdrawAll', { headers: memberHeaders(member.token), data: { amount: 400 } })
    expect(withdrawal.ok()).toBeTruthy()
    const cashier = await newStaff(request, 'cashier')

    await page.goto('/ops/')
    await expectAxeClean(page)
    await signInToConsole(page, cashier)
    await expect(page.getByRole('heading', { name: /Slips to read/ })).toBeVisible()
    await page.getByRole('button', { name: new RegExp(name) }).click()
    const detail = page.getByRole('article', { name: new RegExp(name) })
    await expect(detail.getByRole('img', { name: `Slip of ${name}` })).toBeVisible()
    await expectAxeClean(page)

    // A wrong amount is said, and what was typed stays.
    await detail.getByLabel('Amount (THB)').fill('12.345')
    await detail.getByRole('button', { name: /Approve/ }).click()
    await expect(detail.getByRole('alert')).toHaveText('Enter an amount above 0 with at most 2 decimals')
    await expect(detail.getByLabel('Amount (THB)')).toHaveValue('12.345')
    await detail.getByLabel('Amount (THB)').fill('300')
    await detail.getByLabel('Bank reference (if any)').fill(`KB${Date.now()}`)
    await detail.getByRole('button', { name: /Approve/ }).click()
    await expect(page.getByRole('status')).toHaveText(/approved/)
    await expect(page.getByRole('button', { name: new RegExp(name) })).toHaveCount(0)
    await expect.poll(async () => (await walletOf(request, member)).wallet).toBe(1000 - 400 + 300)

    await page.getByRole('button', { name: 'Withdrawals to pay' }).click()
    const card = page.getByRole('article', { name: new RegExp(name) })
    await expect(card).toContainText(`66${member.phone.slice(2)}`)
    await expectAxeClean(page)
    await card.getByLabel('Bank transfer reference').fill('KTB-E2E-1')
    await card.getByRole('button', { name: 'Mark paid' }).click()
    await expect(page.getByRole('status')).toHaveText(/marked paid/)
    await expect(page.getByRole('article', { name: new RegExp(name) })).toHaveCount(0)
    await expect.poll(async () => (await walletOf(request, member)).wallet).toBe(900)

    await page.getByRole('button', { name: 'Books' }).click()
    await expect(page.getByText('The books balance')).toBeVisible()
    await expectAxeClean(page)
  })

  test('a slip decided by someone else leaves the open queue at once and says so; a new one arrives without a reload', async ({ page, request }) => {
    const name = uniqueName()
    const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name })
    const reference = await uploadSlip(request, member)
    await signInToConsole(page, await newStaff(request, 'cashier'))
    await page.getByRole('button', { name: new RegExp(name) }).click()
    const detail = page.getByRole('article', { name: new RegExp(reference) })
    await detail.getByLabel('Amount (THB)').fill('50')
    // Another cashier, on another console, approves it first.
    const other = await request.post('/ops/api/login', { data: { username: await newStaff(request, 'cashier'), password: STAFF_PASSWORD } })
    const otherToken = ((await other.json()) as { token: string }).token
    expect((await request.post(`/ops/api/slips/${reference}`, { headers: { authorization: `Bearer ${otherToken}` }, data: { status: 'failed', note: 'NOT_MATCH' } })).ok()).toBeTruthy()
    // Told at once, through the live event: the slip leaves the queue and the open form says why.
    await expect(page.getByRole('alert')).toHaveText('Someone decided this one already')
    await expect(detail).toHaveCount(0)
    await expect(page.getByRole('button', { name: new RegExp(name) })).toHaveCount(0)
    expect((await walletOf(request, member)).wallet).toBe(0)

    // A member's new slip reaches the open queue by itself, through the server's live event (the
    // console's own re-reading every minute is far beyond this wait).
    await uploadSlip(request, member)
    await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible()
  })

  test('an admin reads who did what in the audit trail, in Thai or English, and adds and turns off staff', async ({ page, request }) => {
    const name = uniqueName()
    const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name })
    const reference = await uploadSlip(request, member)
    const cashier = await request.post('/ops/api/login', { data: { username: await newStaff(request, 'cashier'), password: STAFF_PASSWORD } })
    const { token, staff } = (await cashier.json()) as { token: string; staff: { username: string } }
    expect((await request.post(`/ops/api/slips/${reference}`, { headers: { authorization: `Bearer ${token}` }, data: { status: 'success', amount: 75 } })).ok()).toBeTruthy()

    await signInToConsole(page, await newStaff(request, 'admin'))
    await page.getByRole('button', { name: 'Audit trail' }).click()
    const entry = page.getByRole('row', { name: new RegExp(`slip:${reference}`) })
    await expect(entry).toContainText(staff.username)
    await expect(entry).toContainText('slip.approve')
    await expectAxeClean(page)
    await page.getByLabel('Language').selectOption('th')
    await expect(page.getByRole('heading', { name: 'บันทึกการทำงาน' })).toBeVisible()
    await page.getByLabel('ภาษา').selectOption('en')
    await devPost(request, '/dev/reset-limits', {})

    // Staff: a new support agent, too short a password first (what was typed stays), then turned off.
    await page.getByRole('button', { name: 'Staff' }).click()
    const username = `support-${Date.now().toString(36)}`
    const form = page.getByRole('form', { name: 'Add staff' })
    await form.getByLabel('Username').fill(username)
    await form.getByLabel('Name', { exact: true }).fill('Ploy')
    await form.getByLabel('Role').selectOption('support')
    await form.getByLabel('Password').fill('short')
    await form.getByRole('button', { name: 'Add staff' }).click()
    await expect(form.getByRole('alert')).toHaveText('At least 12 characters')
    await expect(form.getByLabel('Username')).toHaveValue(username)
    await form.getByLabel('Password').fill('support-password-2026')
    await form.getByRole('button', { name: 'Add staff' }).click()
    await expect(page.getByRole('status')).toHaveText(`${username} added`)
    const row = page.getByRole('row', { name: new RegExp(username) })
    await expect(row.getByRole('combobox', { name: `Role of ${username}` })).toHaveValue('support')
    await expectAxeClean(page)
    await row.getByRole('button', { name: 'Turn off' }).click()
    await expect(row.getByRole('button', { name: 'Turn on' })).toBeVisible()
    expect((await request.post('/ops/api/login', { data: { username, password: 'support-password-2026' } })).status()).toBe(403)
  })

  test('support answers a member\'s chat live and finds the member, masked', async ({ page, request }) => {
    const name = uniqueName()
    const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name })
    await signInToConsole(page, await newStaff(request, 'support'))
    await expect(page.getByRole('heading', { name: /Chat inbox/ })).toBeVisible()
    await expectAxeClean(page)

    // The member writes: the conversation appears in the open inbox by itself.
    const said = await request.post('/api/chat/send-message', {
      headers: memberHeaders(member.token),
      data: { userId: member.id, message: { message_type: 'text', payload: 'สวัสดีค่ะ ฝากเงินไม่เข้า', deliver: { id: `e2e${Date.now()}` } } },
    })
    expect(said.ok(), await said.text()).toBeTruthy()
    await page.getByRole('button', { name: new RegExp(name) }).click()
    const conversation = page.getByRole('article', { name: new RegExp(name) })
    await expect(conversation.getByRole('list', { name: 'Messages' })).toContainText('ฝากเงินไม่เข้า')
    await conversation.getByLabel('Reply').fill('We are checking your deposit now')
    await conversation.getByRole('button', { name: 'Send' }).click()
    await expect(conversation.getByRole('list', { name: 'Messages' })).toContainText('We are checking your deposit now')
    await expectAxeClean(page)
    // Answered: it leaves the inbox of conversations waiting; the member reads the reply.
    await expect(page.getByRole('button', { name: new RegExp(name) })).toHaveCount(0)
    const history = await request.post('/api/chat/history', { headers: memberHeaders(member.token), data: { userId: member.id, limit: 5, skip: 0 } })
    expect(JSON.stringify(await history.json())).toContain('We are checking your deposit now')

    await page.getByRole('button', { name: 'Members' }).click()
    await page.getByLabel(/Phone \(or its last 4 digits\)/).fill(member.phone)
    await page.getByRole('button', { name: 'Search' }).click()
    const found = page.getByRole('button', { name: new RegExp(name) })
    await expect(found).toContainText(`${member.phone.slice(0, 2)}xxxxx${member.phone.slice(-3)}`)
    await expect(found).not.toContainText(member.phone)
    await found.click()
    await expect(page.getByRole('article', { name })).toBeVisible()
    await expectAxeClean(page)
  })
})
