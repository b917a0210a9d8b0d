// First paint on every host (issue 5 §6): a host SDK never holds the login form, the first
// screen's strings come with the app's entry, and a dark Telegram is dark before the app's JS runs.
import { expect, test } from '../fixtures'

import th from '../../contract/locales/th.json' with { type: 'json' }

test('browser: the login strings are asked for with the app\'s entry, not after it ran', async ({ page, open }) => {
  await open('/login')
  await expect(page.getByLabel(th.fields.phone)).toBeEditable()
  // Once the app has taken the prerendered form over (issue 32), its files have all come.
  await expect(page.locator('#prerendered')).toHaveCount(0)
  const preload = page.locator('head link[rel="modulepreload"][href*="/assets/core-"]')
  await expect(preload).toHaveCount(1)
  const href = await preload.getAttribute('href')
  // One download of the core strings, started with the entry's (the page asks for both once the
  // prerendered screen has painted): the entry's import() reused that download.
  const fetched = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const entry = resources.find((resource) => /\/assets\/index-[\w-]+\.js$/.test(resource.name))!
    return resources
      .filter((resource) => /\/assets\/core-[\w-]+\.js$/.test(resource.name))
      .map((resource) => ({ path: new URL(resource.name).pathname, withTheEntry: resource.startTime <= entry.startTime }))
  })
  expect(fetched).toEqual([{ path: href, withTheEntry: true }])
})
