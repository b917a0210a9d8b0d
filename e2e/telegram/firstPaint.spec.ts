// First paint on every host (issue 5 §6): a host SDK never holds the login form, the first
// screen's strings come with the HTML, and a dark Telegram is dark before the app's JS runs.
import { DARK_THEME, expect, telegramHash, test } from '../fixtures'

// index.html's splash (/howto), and the prerendered /login (issue 32) with its compact top bar.
for (const [path, first] of [['/howto', '.splash'], ['/login', '#prerendered .card']] as const) {
  test(`Telegram: a dark theme colours ${path}'s first paint (${first}) before the app's JS runs`, async ({ page }) => {
    // Nothing of the bundle arrives: only the page and its inline scripts run.
    await page.route(/\/assets\/.+\.js$/, () => {})
    await page.goto(`${path}${telegramHash({ theme: DARK_THEME })}`, { waitUntil: 'commit' })
    await expect(page.locator(first)).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    expect(await page.evaluate(() => document.documentElement.dataset.host)).toBe('telegram')
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 33, 43)')
  })
}
