// A repeat visit downloads no JavaScript (issue 32): the build's files are hashed and served as
// immutable, so a player who comes back finds every script in the browser's cache; only the page
// itself (revalidated: it carries the live config) comes over the network. Without the service
// worker (blocked in these tests): the HTTP cache alone.
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { openAsDemo } from '../walletMembers'
import th from '../../contract/locales/th.json' with { type: 'json' }

/** The scripts this page load used, each with the bytes it took from the network (0: from the cache). */
const scripts = (page: Page) =>
  page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
    .map((entry) => ({ script: new URL(entry.name).pathname, transferred: entry.transferSize })))

/** Waits for the last script a page load asks for by itself: the service worker's module, once the
 *  page has loaded (src/main.tsx). A second visit begun before it came fetched it for the first
 *  time, from the network (a full run's machine was slow enough for that once). */
const lastScriptCame = (page: Page) =>
  expect.poll(async () => (await scripts(page)).some((entry) => entry.script.startsWith('/assets/serviceWorker-'))).toBe(true)

test('/login: the second visit takes every script from the cache', async ({ page, open }) => {
  await open('/login')
  await expect(page.getByLabel(th.fields.phone)).toBeEditable()
  // The form is in the page before the app's scripts (issue 32): they have all come once it took it over.
  await expect(page.locator('#prerendered')).toHaveCount(0)
  await lastScriptCame(page)
  const first = await scripts(page)
  expect(first.filter((entry) => entry.transferred > 0).length).toBeGreaterThan(1)
  await open('/login')
  await expect(page.getByLabel(th.fields.phone)).toBeEditable()
  await expect(page.locator('#prerendered')).toHaveCount(0)
  // Every script of the first visit asked for again (the HTTP client's may come after the takeover
  // on a slow machine), each from the cache.
  await expect.poll(async () => (await scripts(page)).map((entry) => entry.script)).toEqual(expect.arrayContaining(first.map((entry) => entry.script)))
  expect((await scripts(page)).filter((entry) => entry.transferred > 0)).toEqual([])
})

test('/user/home: the second visit takes every script from the cache', async ({ page, open, request }) => {
  await openAsDemo(page, request, open)
  await expect(page.getByTestId('total-balance')).toBeVisible()
  expect((await scripts(page)).filter((entry) => entry.transferred > 0).length).toBeGreaterThan(1)
  // The game rows' carousel comes when the page is idle, after the balance: the first visit has it
  // (and has cached it) before the second begins.
  await expect.poll(async () => (await scripts(page)).some((entry) => entry.script.startsWith('/assets/Carousel-'))).toBe(true)
  await lastScriptCame(page)
  await open('/user/home')
  await expect(page.getByTestId('total-balance')).toBeVisible()
  const again = await scripts(page)
  // The entry and home's own chunks were used again, all from the cache.
  expect(again.map((entry) => entry.script)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/index-/), expect.stringMatching(/^\/assets\/home-/)]))
  expect(again.filter((entry) => entry.transferred > 0)).toEqual([])
})
