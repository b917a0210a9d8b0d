// Which Chromium the browser tests drive: CHROMIUM_PATH, else the system's, else Playwright's own.
import { existsSync } from 'node:fs'

export const SYSTEM_CHROMIUM = '/usr/bin/chromium'

export function chromiumPath(): string | undefined {
  const wanted = process.env.CHROMIUM_PATH
  if (wanted && existsSync(wanted)) return wanted
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined
}
