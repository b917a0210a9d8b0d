// Which Chromium the browser tests drive: CHROMIUM_PATH, else Debian's headless shell, else the
// system's full browser, else Playwright's own (which is its headless shell too).
//
// The headless shell is Chromium without the desktop browser around it, the build Playwright itself
// runs headless tests on. Against the full browser started headless it spends 40 % less CPU per test
// (the accessibility table: renderer 92 s -> 55 s, browser process 36 s -> 16 s) and the browser
// stage takes 5.2 instead of 8.3 minutes, same tests, same pages (issue 28). `npm run perf` keeps the
// full browser: Lighthouse measures what a player's Chrome does.
import { existsSync } from 'node:fs'

export const SYSTEM_CHROMIUM = '/usr/bin/chromium'
export const SYSTEM_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'

export function chromiumPath(): string | undefined {
  const wanted = process.env.CHROMIUM_PATH
  if (wanted && existsSync(wanted)) return wanted
  return [SYSTEM_HEADLESS_SHELL, SYSTEM_CHROMIUM].find((path) => existsSync(path))
}
