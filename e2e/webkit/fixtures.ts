// The WebKit tests' fixtures (issue 48): each Playwright worker starts a WebKitWebDriver on a display
// of its own (xvfb-run) when its first WebKit test asks for it, and each test gets a fresh
// MiniBrowser at a phone's size that loads the app through a fault proxy in front of the worker's
// server (e2e/servers.ts), which starts from the state every test starts from.
import { spawn, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { test as base, expect } from '@playwright/test'
import { resetServer } from '../fixtures'
import { E2E_PORT, serverUrl } from '../servers'
import { startFaultProxy, type FaultProxy } from './faultProxy'
import { WebKitPage } from './webdriver'

/** WebKitWebDriver of worker N listens on WEBKIT_PORT + N, its proxy on PROXY_PORT + N. */
const WEBKIT_PORT = E2E_PORT + 100
const PROXY_PORT = E2E_PORT + 200

interface WorkerFixtures {
  /** The worker's WebKitWebDriver, its URL. */
  webkitDriver: string
}

interface TestFixtures {
  network: FaultProxy
  /** A MiniBrowser with the app's origin open and home's agreement remembered (e2e/fixtures.ts `agreement`). */
  wk: WebKitPage
  serverState: void
}

async function driverReady(url: string, driver: ChildProcess): Promise<void> {
  await expect.poll(async () => {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver ended with ${driver.exitCode}`)
    return fetch(`${url}/status`).then((response) => response.ok, () => false)
  }, { message: 'WebKitWebDriver to answer', timeout: 30_000 }).toBe(true)
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide, testInfo) => {
    await provide(serverUrl(testInfo.parallelIndex))
  },
  webkitDriver: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const port = WEBKIT_PORT + workerInfo.parallelIndex
      // Its own process group, so that the display, the driver and its browsers end together.
      // Each worker looks for a free display from a number of its own: two looking from the same
      // one at once could both take it.
      const display = 90 + 5 * workerInfo.parallelIndex
      const driver = spawn('xvfb-run', ['-a', '-n', String(display), 'WebKitWebDriver', `--port=${port}`], { detached: true, stdio: 'ignore' })
      const url = `http://127.0.0.1:${port}`
      try {
        await driverReady(url, driver)
        await provide(url)
      } finally {
        try {
          process.kill(-driver.pid!, 'SIGTERM')
        } catch {
          // Already gone.
        }
      }
    },
    { scope: 'worker' },
  ],
  serverState: [
    async ({ request }, provide) => {
      await resetServer(request, 'browser')
      await provide()
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern
  network: async ({}, provide, testInfo) => {
    const proxy = await startFaultProxy(PROXY_PORT + testInfo.parallelIndex, E2E_PORT + testInfo.parallelIndex)
    await provide(proxy)
    await proxy.close()
  },
  wk: async ({ webkitDriver, network }, provide, testInfo) => {
    const page = await WebKitPage.open(webkitDriver, network.url, {
      setUp: async (opened) => {
        // A document of the app's origin that runs none of its code, to remember the agreement in.
        await opened.goto('/config.json')
        await opened.evaluate(`localStorage.setItem('remember-agreement', 'true')`)
      },
      relaunched: () => {
        testInfo.annotations.push({ type: 'webkit launch', description: 'MiniBrowser was not ready in time and was launched again' })
        console.warn(`${testInfo.title}: MiniBrowser was not ready in time and was launched again`)
      },
    })
    try {
      await provide(page)
      if (testInfo.status !== testInfo.expectedStatus) {
        // What the page showed, beside Playwright's error context (WebDriver has no snapshot of its own).
        const path = testInfo.outputPath('webkit.png')
        await page.screenshot().then((png) => writeFileSync(path, png), () => undefined)
        await testInfo.attach('webkit.png', { path, contentType: 'image/png' }).catch(() => undefined)
      }
    } finally {
      await page.close()
    }
  },
})

export { expect }
