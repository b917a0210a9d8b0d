// First paint on every host (issue 5 §6): a host SDK never holds the login form, the first
// screen's strings come with the HTML, and a dark Telegram is dark before the app's JS runs.
import { expect, test } from '../fixtures'

import th from '../../src/i18n/locales/th.json' with { type: 'json' }

test('browser: the login strings are preloaded by the HTML, not requested after the entry ran', async ({ page, open }) => {
  await open('/login')
  await expect(page.getByLabel(th.fields.phone)).toBeEditable()
  const preload = page.locator('head link[rel="modulepreload"][href*="/assets/core-"]')
  await expect(preload).toHaveCount(1)
  const href = await preload.getAttribute('href')
  // One download of the core strings, started while the HTML was parsed: the entry (a module
  // script) only runs after parsing, so its import() reused that download.
  const fetched = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    return performance.getEntriesByType('resource')
      .filter((entry) => /\/assets\/core-[\w-]+\.js$/.test(entry.name))
      .map((entry) => ({ path: new URL(entry.name).pathname, duringParse: entry.startTime < navigation.domInteractive }))
  })
  expect(fetched).toEqual([{ path: href, duringParse: true }])
})
