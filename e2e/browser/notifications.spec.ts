// Issue 50: the bell. What the member is told of their money counts up on the top bar when it
// happens (the app back in view asks again), opening the bell lists it and marks it read, and each
// event opens the screen that shows it.
import { devPost, expect, test } from '../fixtures'
import { baht, fill } from '../shared/wallet'
import { fund, registerMember, signedIn, uploadSlip } from '../walletMembers'
import { contrastRatio, type Rgb } from '../../src/lib/contrast'

const cssRgb = (colour: string): Rgb => {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).map(Number)
  return [r, g, b]
}

test('a deposit credited and a slip refused count up on the bell, read once opened, and the refusal opens the slip status @engines', async ({ page, request, strings }) => {
  const member = await registerMember(request)
  await fund(request, member, 200)
  await signedIn(page, member)
  await page.goto('/user/home')
  const banner = page.getByRole('banner')
  await expect(banner.getByRole('button', { name: fill(strings.notifications.openUnread, { count: '1' }) })).toBeVisible()

  // Staff refuse a slip while home is open; the player comes back to the app.
  await devPost(request, `/dev/slips/${await uploadSlip(request, member)}`, { status: 'failed', note: 'DEST_ACC_INVALID' })
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
  await banner.getByRole('button', { name: fill(strings.notifications.openUnread, { count: '2' }) }).click()

  const dialog = page.getByRole('dialog', { name: strings.notifications.title })
  const rows = dialog.getByRole('listitem')
  await expect(rows).toHaveCount(2)
  // Its close button is seen on the panel: the dialog sits in the top bar's markup, and took the
  // bar's white icon colour, white on white in a browser (issue 51).
  const [icon, panel] = await dialog.getByRole('button', { name: strings.common.close, exact: true })
    .evaluate((button) => [getComputedStyle(button).color, getComputedStyle(button.closest('.modal__panel')!).backgroundColor])
  expect(contrastRatio(cssRgb(icon), cssRgb(panel)), `${icon} on ${panel}`).toBeGreaterThanOrEqual(3)
  // Both were new when the list opened, and stay marked so while it is open.
  await expect(rows.filter({ hasText: strings.notifications.new })).toHaveCount(2)
  await expect(rows.nth(0)).toContainText(strings.notifications.kind.deposit_refused)
  await expect(rows.nth(0)).toContainText(strings.slipReasons.DEST_ACC_INVALID)
  await expect(rows.nth(1)).toContainText(strings.notifications.kind.deposit_credited)
  await expect(rows.nth(1)).toContainText(baht(200, 'browser'))
  await expect(rows.nth(1)).toContainText(fill(strings.notifications.balance, { balance: baht(200, 'browser') }))
  // Read once seen: the count goes, on the server too.
  await expect(banner.getByRole('button', { name: strings.notifications.open, exact: true })).toBeAttached()
  const unread = await request.get('/api/notifications', { headers: { authorization: `Bearer ${member.token}` } })
  expect(((await unread.json()) as { unread: number }).unread).toBe(0)

  await rows.nth(0).getByRole('button').click()
  await expect(page).toHaveURL(/\/user\/statement\?slips=1$/)
  await expect(page.getByRole('dialog', { name: strings.slips.title })).toBeVisible()
  // Closed, the address no longer asks for it: a reload shows the statement alone.
  await page.getByRole('dialog', { name: strings.slips.title }).getByRole('button', { name: strings.common.close, exact: true }).first().click()
  await expect(page).toHaveURL(/\/user\/statement$/)
  // Opened again, nothing is new.
  await page.getByRole('banner').getByRole('button', { name: strings.notifications.open, exact: true }).click()
  await expect(dialog.getByRole('listitem')).toHaveCount(2)
  await expect(dialog.getByRole('listitem').filter({ hasText: strings.notifications.new })).toHaveCount(0)
})

test('tapped before the list has come, the bell marks what comes as new and read', async ({ page, request, strings }) => {
  const member = await registerMember(request)
  await fund(request, member, 300)
  // The first read of the list waits until the bell has been tapped.
  let release = () => {}
  const tapped = new Promise<void>((resolve) => { release = resolve })
  await page.route('**/api/notifications', async (route) => {
    await tapped
    await route.continue()
  }, { times: 1 })
  await signedIn(page, member)
  await page.goto('/user/home')
  await page.getByRole('banner').getByRole('button', { name: strings.notifications.open, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: strings.notifications.title })
  await expect(dialog).toBeVisible()
  release()
  await expect(dialog.getByRole('listitem').filter({ hasText: strings.notifications.new })).toHaveCount(1)
  await expect.poll(async () => {
    const list = await request.get('/api/notifications', { headers: { authorization: `Bearer ${member.token}` } })
    return ((await list.json()) as { unread: number }).unread
  }).toBe(0)
})

test('a member nothing happened to sees an empty bell that says what will show there', async ({ page, request, strings }) => {
  const member = await registerMember(request)
  await signedIn(page, member)
  await page.goto('/user/home')
  await page.getByRole('banner').getByRole('button', { name: strings.notifications.open, exact: true }).click()
  await expect(page.getByRole('dialog', { name: strings.notifications.title })).toContainText(strings.notifications.empty)
})
