// Issue 31: no service worker inside LINE or Telegram, and one an earlier browser visit left on
// this origin is removed there.
import { expect, test } from '../fixtures'

export function noServiceWorkerInMessenger(host: 'LINE' | 'Telegram'): void {
  test.use({ serviceWorkers: 'allow' })
  test(`${host}: the app registers no service worker and removes one left by a browser visit`, async ({ page, open, strings }) => {
    await open('/login')
    await expect(page.getByLabel(strings.fields.phone)).toBeVisible()
    // As a browser visit would have left it: registered, active.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready))
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(1)
    await page.reload()
    await expect(page.getByLabel(strings.fields.phone)).toBeVisible()
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0)
    await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([])
  })
}
