// First paint on every host (issue 5 §6): a host SDK never holds the login form, the first
// screen's strings come with the HTML, and a dark Telegram is dark before the app's JS runs.
import { expect, test, toastsSeen } from '../fixtures'

import th from '../../contract/locales/th.json' with { type: 'json' }

import { PLATFORM_INIT_TIMEOUT_MS } from '../../src/platform'

test('LINE: the login form is typeable while LIFF never starts; the fallback notice comes at the timeout', async ({ page, open }) => {
  // The page's clock: the timeout passes when the test moves it on, not in real seconds.
  await page.clock.install()
  // The LINE adapter and its SDK never arrive (a client that cannot reach LINE's servers).
  const stalled: string[] = []
  await page.route(/\/assets\/line-[\w-]+\.js$/, (route) => {
    stalled.push(route.request().url())
  })
  await open('/login')
  const phone = page.getByLabel(th.fields.phone)
  await phone.fill('0812345678')
  // The form is in the page before the app's code (issue 32): the app asks for the adapter once it runs.
  await expect.poll(() => stalled.length).toBe(1)
  expect(await toastsSeen(page)).toEqual([])

  // Once the timeout has passed (whatever the seconds the page took to open), the notice came, once.
  await page.clock.runFor(PLATFORM_INIT_TIMEOUT_MS)
  await expect.poll(() => toastsSeen(page)).toEqual([th.platform.fallback])
  await expect(phone).toHaveValue('0812345678')
})
