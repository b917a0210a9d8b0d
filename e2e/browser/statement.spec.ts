// The player's records (issue 17) on the production build against the reference server: the
// statement after a deposit, a transfer, a withdrawal paid and one failed, a slip approved and one
// rejected; the slip upload status with its reasons and images; a receipt; the password change.
import type { APIRequestContext, Page } from '@playwright/test'
import la from '../../contract/locales/la.json' with { type: 'json' }
import { ENGINES, devPost, expect, signIn, test } from '../fixtures'
import { baht, fill, type Strings } from '../shared/wallet'
import { fund, type Member, memberHeaders, registerMember, uploadSlip, signedIn } from '../walletMembers'


async function withdraw(request: APIRequestContext, member: Member, amount: number, outcome?: 'paid' | 'failed'): Promise<void> {
  const response = await request.post('/api/wallet/withdrawAll', { headers: memberHeaders(member.token), data: { amount } })
  expect(response.ok(), await response.text()).toBeTruthy()
  const { withdrawal } = (await response.json()) as { withdrawal: { id: string } }
  if (outcome) await devPost(request, `/dev/withdrawals/${withdrawal.id}`, { status: outcome })
}

/** A member with one of each: QR deposit 1000, slip approved 300 and rejected, transfer 100 to PG, withdrawals paid 200, failed 150, waiting 120. */
async function memberWithRecords(request: APIRequestContext): Promise<Member> {
  const member = await registerMember(request)
  await fund(request, member, 1000)
  await devPost(request, `/dev/slips/${await uploadSlip(request, member)}`, { status: 'success', amount: 300 })
  await devPost(request, `/dev/slips/${await uploadSlip(request, member)}`, { status: 'failed', note: 'DEST_ACC_INVALID' })
  expect((await request.get('/api/wallet/activate/PG', { headers: memberHeaders(member.token) })).ok()).toBeTruthy()
  expect((await request.post('/api/wallet/transfer', { headers: memberHeaders(member.token), data: { from: 'WALLET', to: 'PG', amount: 100 } })).ok()).toBeTruthy()
  await withdraw(request, member, 200, 'paid')
  await withdraw(request, member, 150, 'failed')
  await withdraw(request, member, 120)
  return member
}


async function expectRow(page: Page, index: number, strings: Strings, activity: string, amount: string, status: keyof Strings['statement']['status']) {
  const row = page.locator('.statement-row').nth(index)
  await expect(row.locator('.statement-row__activity')).toHaveText(activity)
  await expect(row.locator('.statement-row__amount')).toHaveText(amount)
  await expect(row.locator('.status-badge')).toHaveText(strings.statement.status[status])
}

test.describe('statement (browser)', () => {
  test('shows each activity once with its sign and status, newest first, and pages by 10', async ({ page, open, strings, request }) => {
    const member = await memberWithRecords(request)
    await signedIn(page, member)
    await open('/user/statement')
    const types = strings.statement.types
    await expectRow(page, 0, strings, types.withdraw, `−${baht(120, 'browser')}`, 'processing')
    await expectRow(page, 1, strings, types.withdraw, `−${baht(150, 'browser')}`, 'failed')
    await expectRow(page, 2, strings, types.withdraw, `−${baht(200, 'browser')}`, 'success')
    await expectRow(page, 3, strings, types.transfer, baht(100, 'browser'), 'success')
    // The rejected slip was never read: no amount, a dash (never 0.00).
    await expectRow(page, 4, strings, types.deposit, '—', 'failed')
    await expectRow(page, 5, strings, types.deposit, `+${baht(300, 'browser')}`, 'success')
    await expectRow(page, 6, strings, types.deposit, `+${baht(1000, 'browser')}`, 'success')
    await expect(page.locator('.statement-row')).toHaveCount(7)
    await expect(page.locator('.statement-row').nth(3)).toContainText(`${strings.statement.wallet} → `)
    // One page holds seven rows: no pager offers a page that does not exist.
    await expect(page.getByRole('navigation', { name: strings.member.statement })).toHaveCount(0)

    // Four more withdrawals make 11 rows: two pages, and the second holds the oldest.
    for (let i = 0; i < 4; i += 1) await withdraw(request, member, 100)
    await page.reload()
    const pager = page.getByRole('navigation', { name: strings.member.statement })
    await expect(pager).toContainText(fill(strings.statement.pageOf, { page: '1', pages: '2' }))
    await expect(page.locator('.statement-row')).toHaveCount(10)
    // Paged from the keyboard: the step that ends the book gives the focus to the other step, not to the page.
    const next = pager.getByRole('button', { name: strings.rewards.nextPage })
    const previous = pager.getByRole('button', { name: strings.rewards.previousPage })
    await next.focus()
    await page.keyboard.press('Enter')
    await expect(pager).toContainText(fill(strings.statement.pageOf, { page: '2', pages: '2' }))
    await expect(page.locator('.statement-row')).toHaveCount(1)
    await expectRow(page, 0, strings, types.deposit, `+${baht(1000, 'browser')}`, 'success')
    await expect(next).toBeDisabled()
    await expect(previous).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(pager).toContainText(fill(strings.statement.pageOf, { page: '1', pages: '2' }))
    await expect(page.locator('.statement-row')).toHaveCount(10)
    await expect(next).toBeFocused()
  })

  test('a slip waiting to be read shows the amount the player said it shows, until staff read it (issue 51)', async ({ page, open, strings, request }) => {
    const member = await registerMember(request)
    const reference = await uploadSlip(request, member, '500')
    await signedIn(page, member)
    await open('/user/statement')
    const row = page.locator('.statement-row').first()
    await expect(row.locator('.statement-row__amount')).toHaveText(`+${baht(500, 'browser')}`)
    await expect(row.locator('.statement-row__amount')).toHaveClass(/statement-row__amount--claimed/)
    await expect(row.locator('.status-badge')).toHaveText(strings.statement.status.processing)
    await page.getByRole('button', { name: strings.statement.uploadStatus }).click()
    await expect(page.getByRole('dialog', { name: strings.slips.title }).locator('.slip-card__amount')).toHaveText(baht(500, 'browser'))
    // Staff read 480: the row shows what the wallet got.
    await devPost(request, `/dev/slips/${reference}`, { status: 'success', amount: 480 })
    await page.reload()
    await expect(row.locator('.statement-row__amount')).toHaveText(`+${baht(480, 'browser')}`)
    await expect(row.locator('.statement-row__amount')).toHaveClass(/statement-row__amount--in/)
  })

  test.describe('on a phone in Bangkok', () => {
    // The months are the player's clock's, and the server's are the operator's zone: one zone here.
    test.use({ timezoneId: 'Asia/Bangkok' })

    test('filters by kind and by month against the server, and offers everything back when nothing is kept (issue 51)', async ({ page, open, strings, request }) => {
      const member = await memberWithRecords(request)
      await signedIn(page, member)
      await open('/user/statement')
      await expect(page.locator('.statement-row')).toHaveCount(7)
      const kinds = page.getByRole('group', { name: strings.statement.filter.types })
      await kinds.getByRole('button', { name: strings.statement.filter.withdraw }).click()
      await expect(page.locator('.statement-row__activity')).toHaveText(Array(3).fill(strings.statement.types.withdraw))
      await kinds.getByRole('button', { name: strings.statement.filter.deposit }).click()
      await expect(page.locator('.statement-row__amount')).toHaveText(['—', `+${baht(300, 'browser')}`, `+${baht(1000, 'browser')}`])
      await expect(kinds.getByRole('button', { name: strings.statement.filter.deposit })).toHaveAttribute('aria-pressed', 'true')
      // Every record is from this month: this month keeps them, the one before keeps none.
      const month = page.getByRole('combobox', { name: strings.statement.filter.month })
      const [thisMonth, lastMonth] = await month.locator('option:not([value=""])').evaluateAll((options) => options.slice(0, 2).map((option) => (option as HTMLOptionElement).value))
      await month.selectOption(thisMonth)
      await expect(page.locator('.statement-row')).toHaveCount(3)
      await month.selectOption(lastMonth)
      await expect(page.getByText(strings.statement.filter.empty)).toBeVisible()
      await expect(page.locator('.statement-row')).toHaveCount(0)
      await page.getByRole('button', { name: strings.statement.filter.clear }).click()
      await expect(page.locator('.statement-row')).toHaveCount(7)
      await expect(month).toHaveValue('')
    })
  })

  test('a row opens its receipt with the reference and the masked destination; share copies it here', ENGINES, async ({ page, open, strings, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const member = await memberWithRecords(request)
    await signedIn(page, member)
    await open('/user/statement')
    await page.locator('.statement-row').nth(1).click()
    const receipt = page.getByRole('dialog', { name: strings.receipt.title })
    await expect(receipt).toContainText(strings.statement.types.withdraw)
    await expect(receipt).toContainText(/W\d+/)
    await expect(receipt).toContainText(/xxx-xxx-\d{4}/)
    // Its status in the chip under the amount, and why in the facts.
    await expect(receipt.locator('.money-receipt__status')).toHaveText(strings.statement.status.failed)
    await expect(receipt.getByRole('definition').filter({ hasText: strings.statement.returned })).toBeVisible()
    await receipt.getByRole('button', { name: strings.receipt.share }).click()
    await expect(page.getByText(strings.receipt.copied)).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toContain(strings.receipt.reference)
    expect(copied).toMatch(/xxx-xxx-\d{4}/)
    await page.keyboard.press('Escape')
    await expect(receipt).toBeHidden()
  })

  test('the slip upload status shows each slip\'s picture small, the approved amount, the rejected reason, and opens the image', async ({ page, open, strings, request }) => {
    const member = await memberWithRecords(request)
    await signedIn(page, member)
    await open('/user/statement')
    await page.getByRole('button', { name: strings.statement.uploadStatus }).click()
    const modal = page.getByRole('dialog', { name: strings.slips.title })
    // One card a slip: its status, its amount (a dash until it is read), a failed slip's reason.
    const lines = modal.getByRole('listitem')
    await expect(lines).toHaveCount(2)
    await expect(lines.nth(0).locator('.slip-card__amount')).toHaveText('—')
    await expect(lines.nth(0).locator('.status-badge')).toHaveText(strings.statement.status.failed)
    await expect(lines.nth(0).locator('.slip-card__note')).toHaveText(strings.slipReasons.DEST_ACC_INVALID)
    await expect(lines.nth(1).locator('.slip-card__amount')).toHaveText(baht(300, 'browser'))
    await expect(lines.nth(1).locator('.status-badge')).toHaveText(strings.statement.status.success)
    await expect(lines.nth(1).locator('.slip-card__note')).toHaveCount(0)
    // Each card shows its picture small, loaded as it came into view.
    for (const line of await lines.all()) {
      await expect.poll(() => line.locator('.slip-card__thumb img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    }

    // A third slip, uploaded meanwhile, shows after refresh, in progress. Pressed from the keyboard,
    // refresh keeps the focus while it reads and after (a disabled button gave it to the page).
    await uploadSlip(request, member)
    const refresh = modal.getByRole('button', { name: strings.slips.refresh })
    await refresh.focus()
    await page.keyboard.press('Enter')
    await expect(lines).toHaveCount(3)
    await expect(refresh).not.toHaveAttribute('aria-busy')
    await expect(refresh).toBeFocused()
    await expect(lines.nth(0).locator('.status-badge')).toHaveText(strings.statement.status.processing)

    await lines.nth(2).getByRole('button', { name: strings.slips.view }).click()
    const image = page.getByRole('dialog', { name: strings.slips.image }).getByRole('img', { name: strings.slips.image })
    await expect(image).toBeVisible()
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  })
})

test('on a 320 px phone in Lao the statement and its slip cards stay within the screen', async ({ page, open, request }) => {
  const member = await memberWithRecords(request)
  await signedIn(page, member)
  await page.setViewportSize({ width: 320, height: 640 })
  await page.addInitScript(() => localStorage.setItem('locale', 'la'))
  await open('/user/statement')
  const slips = page.getByRole('button', { name: la.statement.uploadStatus })
  await expect(slips).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  // A day's rows under its heading: how long ago in words (today, or yesterday for a run that
  // crosses midnight), then its date. In each row the time, the amount and the status chip each
  // keep a box of their own.
  const day = page.getByRole('region', { name: new RegExp(`^(${la.statement.today}|${la.statement.yesterday}) · \\d{2}/\\d{2}/\\d{4}$`) })
  await expect(day.locator('.statement-row')).toHaveCount(7)
  const overlaps = await page.locator('.statement-row').evaluateAll((rows) => rows.flatMap((row) => {
    const boxes = ['time', '[data-amount]', '.status-badge', '.statement-row__activity'].map((part) => row.querySelector(part)!.getBoundingClientRect())
    return boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).map(() => row.textContent))
  }))
  expect(overlaps).toEqual([])
  await slips.click()
  const dialog = page.getByRole('dialog', { name: la.slips.title })
  await expect(dialog.getByRole('listitem')).toHaveCount(2)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  for (const card of await dialog.getByRole('listitem').all()) {
    const box = (await card.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(320)
  }
})

test.describe('password (browser)', () => {
  test('change the password: nothing while a field is empty, not-equal in the form, then sign in with the new one', async ({ page, open, strings, request }) => {
    const member = await registerMember(request)
    await signedIn(page, member)
    await open('/user/profile')
    await page.getByRole('button', { name: strings.profile.changePassword }).click()
    const modal = page.getByRole('dialog', { name: strings.profile.changePassword })
    let sent = 0
    page.on('request', (r) => { if (r.url().includes('/api/account/changepwd')) sent += 1 })
    await modal.getByLabel(strings.profile.oldPassword, { exact: true }).fill(member.password)
    await modal.getByRole('button', { name: strings.profile.save }).click()
    await modal.getByLabel(strings.profile.newPassword, { exact: true }).fill('newsecret1')
    await modal.getByLabel(strings.profile.confirmPassword, { exact: true }).fill('newsecret2')
    await modal.getByRole('button', { name: strings.profile.save }).click()
    await expect(modal.getByText(strings.validation.notEqual)).toBeVisible()
    expect(sent).toBe(0)

    // A wrong old password: said under it, and what was typed stays.
    await modal.getByLabel(strings.profile.oldPassword, { exact: true }).fill('wrong-one')
    await modal.getByLabel(strings.profile.confirmPassword, { exact: true }).fill('newsecret1')
    await modal.getByRole('button', { name: strings.profile.save }).click()
    await expect(modal.getByText(strings.errors.WRONG_PASSWORD)).toBeVisible()
    await expect(modal.getByLabel(strings.profile.newPassword, { exact: true })).toHaveValue('newsecret1')

    await modal.getByLabel(strings.profile.oldPassword, { exact: true }).fill(member.password)
    await modal.getByRole('button', { name: strings.profile.save }).click()
    const done = page.getByRole('alertdialog', { name: strings.profile.savedTitle })
    await expect(done).toContainText(strings.profile.passwordChanged)
    await done.getByRole('button', { name: strings.errorDialog.ok }).click()
    // This session stays signed in.
    await page.reload()
    await expect(page.getByRole('heading', { name: strings.profile.title })).toBeVisible()

    // Signed out, the old password no longer opens the wallet and the new one does.
    await open('/login')
    await signIn(page, strings, { phone: member.phone, password: member.password })
    await expect(page.getByRole('alert')).toContainText(strings.errors.WRONG_PASSWORD)
    await signIn(page, strings, { phone: member.phone, password: 'newsecret1' })
    await expect(page).toHaveURL(/\/user\/home$/)
  })
})
