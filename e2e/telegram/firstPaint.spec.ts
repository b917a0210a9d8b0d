// First paint on every host (issue 5 §6): a host SDK never holds the login form, the first
// screen's strings come with the HTML, and a dark Telegram is dark before the app's JS runs.
import { DARK_THEME, expect, telegramHash, test, toastsSeen } from '../fixtures'
import en from '../../contract/locales/en.json' with { type: 'json' }
import { PLATFORM_INIT_TIMEOUT_MS } from '../../src/platform'

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

test("Telegram in English on a Thai phone, whose adapter never starts: the app stays in Telegram's language, and says it fell back in that language", async ({ page, open }) => {
  await page.clock.install()
  // The Telegram adapter never arrives; the launch parameters in the address still say English.
  const stalled: string[] = []
  await page.route(/\/assets\/telegram-[\w-]+\.js$/, (route) => {
    stalled.push(route.request().url())
  })
  await open('/login', telegramHash({ languageCode: 'en' }))
  await expect(page.getByRole('heading', { name: en.login.title })).toBeVisible()
  await expect.poll(() => stalled.length).toBe(1)
  await page.clock.runFor(PLATFORM_INIT_TIMEOUT_MS)
  await expect.poll(() => toastsSeen(page)).toEqual([en.platform.fallback])
  await expect(page.getByRole('heading', { name: en.login.title })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
})
