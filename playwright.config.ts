// e2e: the production build served by the reference server (fresh database, test mode) in real
// Chromium, in three projects: browser, line (LIFF mock via config) and telegram (launch
// parameters in the URL, a recorder for what the app asks of Telegram). Tests switch the
// platform through the server's /dev/config, so they run one at a time.
import { defineConfig } from '@playwright/test'
import { chromiumPath } from './scripts/chromium'
import type { PlatformOption } from './e2e/fixtures'

const PORT = Number(process.env.E2E_PORT ?? 8790)
export const BASE_URL = `http://localhost:${PORT}`

export default defineConfig<PlatformOption>({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'th-TH',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
    },
  },
  projects: [
    { name: 'browser', use: { platform: 'browser' } },
    { name: 'line', use: { platform: 'line' } },
    { name: 'telegram', use: { platform: 'telegram' } },
  ],
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${BASE_URL}/config.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { APP_MODE: 'test', PORT: String(PORT), DATA_DIR: `.data/e2e-${Date.now()}`, HOST: '127.0.0.1' },
  },
})
