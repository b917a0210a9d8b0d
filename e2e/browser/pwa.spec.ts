// The browser's service worker and manifest (issue 31): it installs, the shell opens offline with
// the offline screen, no API answer is ever in its caches, and the page it controls still works.
import type { Page } from '@playwright/test'
import { ENGINES, expect, signIn, test } from '../fixtures'
import { expectAxeClean } from '../shared/axe'

test.use({ serviceWorkers: 'allow' })

/** Waits for the worker to be active (installed: the shell precached) and returns its script. */
async function workerReady(page: Page): Promise<string> {
  return page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL ?? ''))
}

/** Every URL in the page's Cache Storage, with the cache it is in. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname)
    }
    return urls
  })
}

test('the service worker installs once the page has loaded and gone quiet, and precaches the shell', async ({ page, open }) => {
  await open('/login')
  expect(new URL(await workerReady(page)).pathname).toBe('/sw.js')
  // Its download of the whole build waited (src/main.tsx, issue 51): the worker's code was asked
  // for after the load, and five seconds after every request of the page before it had finished.
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const worker = resources.find((entry) => new URL(entry.name).pathname.startsWith('/assets/serviceWorker-'))
    const before = resources.filter((entry) => entry !== worker && worker && entry.startTime < worker.startTime)
    const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd
    return worker && { asked: worker.startTime, load, lastBefore: Math.max(...before.map((entry) => entry.responseEnd)) }
  })
  expect(timing, "the worker's code among the page's requests").toBeTruthy()
  expect(timing!.asked).toBeGreaterThan(timing!.load)
  expect(timing!.asked - timing!.lastBefore).toBeGreaterThanOrEqual(5_000)
  const cached = await cachedUrls(page)
  expect(cached).toContain('/index.html')
  // The scripts this page runs are among them (the entry and React).
  const scripts = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => new URL(script.src).pathname))
  expect(scripts.length).toBeGreaterThan(0)
  for (const script of scripts) expect(cached).toContain(script)
})

test('opened without a network, the shell shows the offline screen and the app starts once the network is back', ENGINES, async ({ page, open, strings, context }) => {
  await open('/login')
  await workerReady(page)
  await context.setOffline(true)
  await page.goto('/user/home')
  await expect(page.getByRole('heading', { name: strings.platform.offlineTitle })).toBeVisible()
  await expect(page.getByText(strings.platform.offlineText)).toBeVisible()
  await expect(page.getByRole('button', { name: strings.platform.offlineRetry })).toBeVisible()
  // The offline screen is not a route of the screen table: axe checks it here, as the table does.
  await expectAxeClean(page)
  await context.setOffline(false)
  // The screen starts the app again by itself: a guest lands on the login form.
  await expect(page.getByLabel(strings.fields.phone)).toBeVisible()
})

/** An engine that says it is online when it is not, and never fires `online` (Chromium 149-150 under
 *  the network's emulation, a phone on a network with no way out). */
const ONLINE_ALWAYS = () => {
  Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true, configurable: true })
  const add = window.addEventListener.bind(window) as (type: string, ...rest: unknown[]) => void
  window.addEventListener = ((type: string, ...rest: unknown[]) => (type === 'online' ? undefined : add(type, ...rest))) as typeof window.addEventListener
}

test('opened without a network on an engine that says it is online, the shell still shows the offline screen, and the app starts once the server answers', async ({ page, open, strings, context }) => {
  await open('/login')
  await workerReady(page)
  await page.addInitScript(ONLINE_ALWAYS)
  await context.setOffline(true)
  await page.goto('/user/home')
  await expect(page.getByRole('heading', { name: strings.platform.offlineTitle })).toBeVisible()
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)
  await context.setOffline(false)
  // No `online` event comes: the screen's own asking finds the server, and the app starts.
  await expect(page.getByLabel(strings.fields.phone)).toBeVisible()
})

test('a page the worker controls signs in and reads the wallet, and no API answer or config is cached', async ({ page, open, strings }) => {
  await open('/login')
  await workerReady(page)
  // The next navigation is answered by the worker.
  await page.reload()
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  await signIn(page, strings)
  await expect(page).toHaveURL(/\/user\/home$/)
  await expect(page.getByTestId('total-balance')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('total-balance')).toBeVisible()
  const cached = await cachedUrls(page)
  expect(cached.length).toBeGreaterThan(0)
  expect(cached.filter((path) => /^\/(api|dev|socket\.io|chat-files|demo-game|uploads)\/|^\/config\.json$|^\/manifest\.webmanifest$/.test(path))).toEqual([])
  // Nor any URL carrying the session's token.
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token') ?? '')
  expect(token).not.toBe('')
  expect(cached.filter((path) => path.includes(token))).toEqual([])
})

test('the manifest names the operator and its icons load', async ({ page, open, request }) => {
  await request.post('/dev/config', { data: { appName: 'Star Wallet' } })
  await open('/login')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  const manifest = (await (await request.get(href!)).json()) as { name: string; icons: { src: string; purpose: string }[] }
  expect(manifest.name).toBe('Star Wallet')
  for (const icon of manifest.icons) {
    const answer = await request.get(icon.src)
    expect(answer.ok(), icon.src).toBe(true)
    expect(answer.headers()['content-type']).toMatch(/^image\//)
  }
})
