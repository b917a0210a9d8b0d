// Issue 31 "one tap away" in Telegram, over its bridge: after a deposit arrived the app checks the
// home screen (web_app_check_home_screen) and offers to add the app (web_app_add_to_home_screen)
// once; never again once offered, and not when Telegram says it is there or cannot.
import { expect, telegramEvents, telegramHomeScreen, test } from '../fixtures'
import { closeReceipt, depositArrives, homeScreenOffer } from '../shared/homeScreen'
import { memberAtHome } from '../shared/wallet'

test.beforeEach(async ({ page }) => {
  await page.clock.install()
})

test('Telegram: offered after a deposit, added through Telegram, and not offered at the next deposit', async ({ page, open, strings, request }) => {
  await memberAtHome({ page, open, strings, request })
  const receipt = await depositArrives(page, request, strings)
  await expect(homeScreenOffer(receipt, strings)).toBeVisible()
  expect(await telegramEvents(page, 'web_app_check_home_screen')).toHaveLength(1)
  await receipt.getByRole('button', { name: strings.deposit.homeScreenAdd }).click()
  await expect.poll(() => telegramEvents(page, 'web_app_add_to_home_screen')).toHaveLength(1)
  // Telegram answered home_screen_added.
  await expect(receipt.getByText(strings.deposit.homeScreenAdded)).toBeVisible()
  await closeReceipt(page, receipt, strings)

  const next = await depositArrives(page, request, strings)
  await closeReceipt(page, next, strings)
  expect(await telegramEvents(page, 'web_app_check_home_screen')).toHaveLength(1)
  expect(await telegramEvents(page, 'web_app_add_to_home_screen')).toHaveLength(1)
})

test('Telegram: "not now" puts the offer away for good, even after a reload', async ({ page, open, strings, request }) => {
  await memberAtHome({ page, open, strings, request })
  const receipt = await depositArrives(page, request, strings)
  await receipt.getByRole('button', { name: strings.deposit.homeScreenLater }).click()
  await expect(homeScreenOffer(receipt, strings)).toBeHidden()
  await closeReceipt(page, receipt, strings)
  expect(await telegramEvents(page, 'web_app_add_to_home_screen')).toHaveLength(0)

  // A new document: its recorder starts empty, and the app asks Telegram nothing about the home screen.
  await page.reload()
  await expect(page.getByTestId('total-balance')).toBeVisible()
  const next = await depositArrives(page, request, strings)
  await expect(next.getByRole('button', { name: strings.deposit.done })).toBeVisible()
  await expect(homeScreenOffer(next, strings)).toBeHidden()
  expect(await telegramEvents(page, 'web_app_check_home_screen')).toHaveLength(0)
})

test('Telegram: a refused add says nothing and is not offered again', async ({ page, open, strings, request }) => {
  await telegramHomeScreen(page, { status: 'unknown', add: 'home_screen_failed' })
  await memberAtHome({ page, open, strings, request })
  const receipt = await depositArrives(page, request, strings)
  await receipt.getByRole('button', { name: strings.deposit.homeScreenAdd }).click()
  await expect.poll(() => telegramEvents(page, 'web_app_add_to_home_screen')).toHaveLength(1)
  await expect(homeScreenOffer(receipt, strings)).toBeHidden()
  await expect(receipt.getByText(strings.deposit.homeScreenAdded)).toHaveCount(0)
})

for (const status of ['added', 'unsupported']) {
  test(`Telegram: no offer when Telegram says the home screen is ${status}`, async ({ page, open, strings, request }) => {
    await telegramHomeScreen(page, { status, add: 'home_screen_added' })
    await memberAtHome({ page, open, strings, request })
    const receipt = await depositArrives(page, request, strings)
    await expect.poll(() => telegramEvents(page, 'web_app_check_home_screen')).toHaveLength(1)
    await expect(receipt.getByRole('button', { name: strings.deposit.done })).toBeVisible()
    await expect(homeScreenOffer(receipt, strings)).toHaveCount(0)
    expect(await telegramEvents(page, 'web_app_add_to_home_screen')).toHaveLength(0)
  })
}

test('Telegram, a 320 px phone: with the offer in the receipt, Save, Share and Done are in view and on top, without scrolling (issue 51)', async ({ page, open, strings, request }) => {
  await page.setViewportSize({ width: 320, height: 568 })
  await memberAtHome({ page, open, strings, request })
  const receipt = await depositArrives(page, request, strings)
  await expect(homeScreenOffer(receipt, strings)).toBeAttached()
  for (const name of [strings.receipt.savePicture, strings.receipt.share, strings.deposit.done]) {
    const button = receipt.getByRole('button', { name, exact: true })
    // The topmost element at each edge of the button (inside its rounded corners) is the button or
    // what it holds: not cut by the sheet's edge, not under the offer, not below the screen.
    const onTop = await button.evaluate((element) => {
      const box = element.getBoundingClientRect()
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2]
      const edges = [[box.left + 3, y], [box.right - 3, y], [x, box.top + 3], [x, box.bottom - 3]]
      return edges.every(([left, top]) => { const hit = document.elementFromPoint(left, top); return hit !== null && element.contains(hit) })
    })
    expect(onTop, name).toBe(true)
  }
})
