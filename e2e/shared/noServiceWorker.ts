// Issue 31: no service worker inside LINE or Telegram, and one an earlier browser visit left on
// this origin is removed there.
import { expect, launchHash, test } from '../fixtures'

export function noServiceWorkerInMessenger(host: 'LINE' | 'Telegram'): void {
  test.use({ serviceWorkers: 'allow' })
  test(`${host}: the app registers no service worker and removes one left by a browser visit`, async ({ page, platform }) => {
    // The app's code is held back while the page (its prerendered /login, issue 32) is there, so
    // the worker is registered before the app can look for one.
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    await page.goto(`/login${launchHash(platform)}`, { waitUntil: 'commit' })
    await expect(page.locator('#prerendered input[name="username"]')).toBeVisible()
    // As a browser visit would have left it: registered, active.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready))
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(1)
    release()
    await expect(page.locator('#prerendered')).toHaveCount(0)
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0)
    await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([])
  })
}
