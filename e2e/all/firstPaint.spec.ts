// First paint on every host (issue 5 §6): a host SDK never holds the login form, the first
// screen's strings come with the HTML, and a dark Telegram is dark before the app's JS runs.
import { expect, test } from '../fixtures'

test('every host: /login asks whether the service is active while the app downloads, once, and its form needs no HTTP client', async ({ page, open, strings }) => {
  const calls: { path: string; at: number }[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname === '/api/lookup/active' || /\/assets\/(axios|index|react)-[\w-]+\.js$/.test(pathname)) calls.push({ path: pathname, at: Date.now() })
  })
  let axiosRequested = false
  // The HTTP client is held back: the form must be typeable without it.
  await page.route(/\/assets\/axios-[\w-]+\.js$/, () => {
    axiosRequested = true
  })
  // A slow connection, so "while the app downloads" has a meaning on loopback.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: 200_000, uploadThroughput: 200_000 })
  await open('/login')
  await expect(page.getByLabel(strings.fields.phone)).toBeEditable()
  // The form is typeable from the page (issue 32) long before the scripts are in: once the app has
  // taken it over, every download this test compares has ended.
  await expect(page.locator('#prerendered')).toHaveCount(0)
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const active = entries.filter((entry) => entry.name.endsWith('/api/lookup/active'))
    const scripts = entries.filter((entry) => /\/assets\/(index|react)-[\w-]+\.js$/.test(entry.name))
    return { activeCount: active.length, activeStart: active[0]?.startTime, lastScriptEnd: Math.max(...scripts.map((entry) => entry.responseEnd)) }
  })
  // Asked by the inline prepaint script: it goes out before the app's scripts have all arrived.
  expect(timing.activeCount).toBe(1)
  expect(timing.activeStart).toBeLessThan(timing.lastScriptEnd)
  expect(calls.filter((call) => call.path === '/api/lookup/active')).toHaveLength(1)
  // The client comes after the first screen, for the player's first tap.
  await expect.poll(() => axiosRequested).toBe(true)
})
