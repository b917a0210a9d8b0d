// e2e: the production build served by the reference server (fresh database, test mode) in real
// Chromium, in three projects: browser, line (LIFF mock via config) and telegram (launch
// parameters in the URL, a recorder for what the app asks of Telegram). Tests switch the
// platform through the server's /dev/config, so each worker has a server of its own (worker N on
// E2E_PORT + N, e2e/fixtures.ts points its baseURL there) and a worker runs one test at a time.
// No retries, and a test that passes only on a retry fails the run.
import { defineConfig } from '@playwright/test'
import { chromiumPath, OLDEST_CHROMIUM } from './scripts/chromium'
import type { PlatformOption } from './e2e/fixtures'
import { E2E_PORT, E2E_WORKERS, OPS_ADMIN_ENV } from './e2e/servers'
import { RUN_GATES } from './e2e/runGates'

const startedAt = Date.now()

const HOSTS = ['browser', 'line', 'telegram'] as const
const CHROMIUM_ARGS = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu']

export default defineConfig<PlatformOption>({
  testDir: 'e2e',
  fullyParallel: false,
  workers: E2E_WORKERS,
  // No retries, a test that passes only on a retry fails the run, and so does a `test.only`.
  ...RUN_GATES,
  // Bounds for a machine three times slower than ours: every wait is for an outcome (an element, a
  // request, a state), and a passing test ends as soon as it is there, so the bound costs nothing.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['./e2e/noSkips.ts']],
  use: {
    viewport: { width: 390, height: 844 },
    // One device pixel per CSS pixel: what the tests check (roles, text, layout in CSS pixels,
    // requests, the books) does not change with density, while a phone's double density had
    // Chromium raster four times the pixels of every frame (the browser project's 198 tests: 278
    // CPU-seconds at 2, 253 at 1, same wall time; issue 48 §4). The budgets keep the phone's
    // density: their ratios were set at it.
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'th-TH',
    // The service worker's precache (about 1.3 MB of the build) would be fetched by every test's
    // fresh context: only the specs about the worker allow it (e2e/browser/pwa.spec.ts,
    // e2e/shared/noServiceWorker.ts); elsewhere the app's registration is refused and it goes on.
    serviceWorkers: 'block',
    // Recording a trace costs every test a fifth of its time (frames at twice the phone's pixels, DOM
    // snapshots), so it is off unless asked for: E2E_TRACE=1 keeps the trace of each failed test. A
    // failure always leaves its page snapshot (error-context.md) and the error.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  // One folder per host: all/ runs on every host, the others on theirs alone (nothing is skipped).
  projects: [
    // Budgets of the main thread's time (issue 32), listed first so that the one long test starts
    // with the run instead of after it. They share the machine with the other worker's tests: what
    // they budget is the main thread's CPU time over a yardstick page's opened in the same run,
    // which another test beside them barely moves (home 4.04 and 4.80, /login 1.34 and 1.71 beside
    // the Telegram axe table, against budgets of 7.8 and 2.7). Alone after the others, it cost the
    // run 45 to 90 s.
    { name: 'budgets', testMatch: 'budgets/**/*.spec.ts', use: { platform: 'browser' as const, deviceScaleFactor: 2 } },
    ...HOSTS.map((platform) => ({
      name: platform,
      testMatch: ['all/**/*.spec.ts', `${platform}/**/*.spec.ts`],
      use: { platform },
    })),
    // The oldest engine the app supports (README "Supported engines", issue 48): the tests tagged
    // @engines (signing in, home, each deposit way, transfer, withdraw, a receipt, chat, the offline
    // screen, a modal's retry) again on Chromium 112, in a browser.
    {
      name: 'oldest',
      testMatch: ['all/**/*.spec.ts', 'browser/**/*.spec.ts'],
      grep: /@engines/,
      use: { platform: 'browser' as const, launchOptions: { executablePath: OLDEST_CHROMIUM.path, args: CHROMIUM_ARGS } },
    },
    // WebKit (issue 48): the @engines set again on WebKitGTK's MiniBrowser, through WebDriver
    // (e2e/webkit/), the WebKit every iPhone player's LINE and Telegram render with.
    { name: 'webkit', testMatch: 'webkit/**/*.spec.ts' },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, worker) => ({
    command: 'node --import tsx server/main.ts',
    url: `http://localhost:${E2E_PORT + worker}/config.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { APP_MODE: 'test', PORT: String(E2E_PORT + worker), DATA_DIR: `.data/e2e-${startedAt}-${worker}`, HOST: '127.0.0.1', ...OPS_ADMIN_ENV },
  })),
})
