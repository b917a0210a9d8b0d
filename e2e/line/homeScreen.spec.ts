// Issue 31 "one tap away" in LINE, through the LIFF mock: after a deposit arrived, the home-screen
// shortcut (liff.createShortcutOnHomeScreen) is offered once where LIFF allows it, and not otherwise.
import type { Page } from '@playwright/test'
import { LIFF_ID, expect, test } from '../fixtures'
import { closeReceipt, depositArrives, homeScreenOffer } from '../shared/homeScreen'
import { memberAtHome } from '../shared/wallet'

/** LIFF's answer to isApiAvailable, and every shortcut the app asks for kept in window.__shortcuts. */
async function liffAllows(page: Page, available: boolean): Promise<void> {
  await page.waitForFunction(() => 'liff' in window)
  await page.evaluate((allowed) => {
    type Liff = { $mock: { set(fn: (p: object) => object): void }; createShortcutOnHomeScreen(params: unknown): Promise<void> }
    const liff = (window as unknown as { liff: Liff }).liff
    liff.$mock.set((p) => ({ ...p, isApiAvailable: allowed }))
    const shortcuts: unknown[] = []
    Object.assign(window, { __shortcuts: shortcuts })
    const original = liff.createShortcutOnHomeScreen.bind(liff)
    liff.createShortcutOnHomeScreen = (params) => {
      shortcuts.push(params)
      return original(params)
    }
  }, available)
}

const shortcuts = (page: Page) => page.evaluate(() => (window as unknown as { __shortcuts: unknown[] }).__shortcuts)

test.beforeEach(async ({ page }) => {
  await page.clock.install()
})

test('LINE: where LIFF allows it, the shortcut to the LIFF URL is offered once', async ({ page, open, strings, request }) => {
  await memberAtHome({ page, open, strings, request })
  await liffAllows(page, true)
  const receipt = await depositArrives(page, request, strings)
  await receipt.getByRole('button', { name: strings.deposit.homeScreenAdd }).click()
  await expect.poll(() => shortcuts(page)).toEqual([{ url: `https://liff.line.me/${LIFF_ID}` }])
  // LINE never says whether the player finished: the offer goes, nothing claims it was added.
  await expect(homeScreenOffer(receipt, strings)).toBeHidden()
  await expect(receipt.getByText(strings.deposit.homeScreenAdded)).toHaveCount(0)
  await closeReceipt(page, receipt, strings)

  const next = await depositArrives(page, request, strings)
  await expect(next.getByRole('button', { name: strings.deposit.done })).toBeVisible()
  await expect(homeScreenOffer(next, strings)).toHaveCount(0)
  expect(await shortcuts(page)).toHaveLength(1)
})

test('LINE: not offered where LIFF does not allow the shortcut (not a verified MINI App)', async ({ page, open, strings, request }) => {
  await memberAtHome({ page, open, strings, request })
  await liffAllows(page, false)
  const receipt = await depositArrives(page, request, strings)
  await expect(receipt.getByRole('button', { name: strings.deposit.done })).toBeVisible()
  await expect(homeScreenOffer(receipt, strings)).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('home-screen-offered'))).toBeNull()
})
