// First paint on every host (issue 5 §6): a host SDK never holds the login form, the first
// screen's strings come with the HTML, and a dark Telegram is dark before the app's JS runs.
import { DARK_THEME, expect, telegramHash, test } from '../fixtures'

test("Telegram: a dark theme colours the splash before the app's JS runs", async ({ page }) => {
  // Nothing of the bundle arrives: only index.html and its inline prepaint script run.
  await page.route(/\/assets\/.+\.js$/, () => {})
  await page.goto(`/login${telegramHash({ theme: DARK_THEME })}`, { waitUntil: 'commit' })
  await expect(page.locator('.splash')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 33, 43)')
})
