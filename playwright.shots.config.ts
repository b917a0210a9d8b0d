// Screenshots for a person to look at (issue 18's before and after pairs), not part of `npm test`:
//   npm run build && npx playwright test -c playwright.shots.config.ts
// SHOTS_ROOT runs the server of another checkout (its own build) to take the same shots of it;
// SHOTS_OUT names the folder they land in (test-results/shots by default).
import { defineConfig } from '@playwright/test'
import base from './playwright.config'
import type { PlatformOption } from './e2e/fixtures'
import { E2E_PORT, OPS_ADMIN_ENV } from './e2e/servers'

const root = process.env.SHOTS_ROOT ?? '.'

export default defineConfig<PlatformOption>({
  ...base,
  workers: 1,
  reporter: 'list',
  timeout: 120_000,
  // At the phone's CSS pixels (one image pixel each): small enough to keep beside a note.
  use: { ...base.use, deviceScaleFactor: 1, serviceWorkers: 'allow' },
  projects: [
    ...(['browser', 'telegram'] as const).map((platform) => ({ name: platform, testMatch: 'shots/**/*.spec.ts', testIgnore: 'shots/console.spec.ts', use: { platform } })),
    // The staff console (issue 51), in a browser at a phone's and a desk's width.
    { name: 'console', testMatch: 'shots/console.spec.ts', use: { platform: 'browser' as const } },
    // The account screens are taken in LINE too (issue 27: from `/` on each host), light only: LINE
    // draws the LIFF app as it is reported.
    { name: 'line', testMatch: 'shots/account.spec.ts', grep: /, light$/, use: { platform: 'line' as const } },
  ],
  webServer: {
    command: `node --import tsx server/main.ts`,
    cwd: root,
    url: `http://localhost:${E2E_PORT}/config.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { APP_MODE: 'test', PORT: String(E2E_PORT), DATA_DIR: `.data/shots-${Date.now()}`, HOST: '127.0.0.1', ...OPS_ADMIN_ENV },
  },
})
