// First paint on every host (issue 5 §6): a host SDK never holds the login form, the first
// screen's strings come with the HTML, and a dark Telegram is dark before the app's JS runs.
import { DARK_THEME, expect, telegramHash, test } from './fixtures'
import th from '../src/i18n/locales/th.json' with { type: 'json' }
import { PLATFORM_INIT_TIMEOUT_MS } from '../src/platform'

test('browser: the login strings are preloaded by the HTML, not requested after the entry ran', async ({ page, open, platform }) => {
  test.skip(platform !== 'browser', 'browser only')
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

test('LINE: the login form is typeable while LIFF never starts; the fallback notice comes at the timeout', async ({ page, open, platform }) => {
  test.skip(platform !== 'line', 'LINE only')
  test.setTimeout(30_000 + PLATFORM_INIT_TIMEOUT_MS)
  // The LINE adapter and its SDK never arrive (a client that cannot reach LINE's servers).
  const stalled: string[] = []
  await page.route(/\/assets\/line-[\w-]+\.js$/, (route) => {
    stalled.push(route.request().url())
  })
  await open('/login')
  const phone = page.getByLabel(th.fields.phone)
  await phone.fill('0812345678')
  expect(stalled).toHaveLength(1)
  await expect(page.getByText(th.platform.fallback)).toHaveCount(0)

  await expect(page.getByText(th.platform.fallback)).toBeVisible({ timeout: PLATFORM_INIT_TIMEOUT_MS + 5_000 })
  await expect(phone).toHaveValue('0812345678')
})

test("Telegram: a dark theme colours the splash before the app's JS runs", async ({ page, platform }) => {
  test.skip(platform !== 'telegram', 'Telegram only')
  // Nothing of the bundle arrives: only index.html and its inline prepaint script run.
  await page.route(/\/assets\/.+\.js$/, () => {})
  await page.goto(`/login${telegramHash({ theme: DARK_THEME })}`, { waitUntil: 'commit' })
  await expect(page.locator('.splash')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 33, 43)')
})

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
