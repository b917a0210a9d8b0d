// Which Chromium the browser tests drive: CHROMIUM_PATH, else Debian's headless shell, else the
// system's full browser, else Playwright's own (which is its headless shell too).
//
// The headless shell is Chromium without the desktop browser around it, the build Playwright itself
// runs headless tests on. Against the full browser started headless it spends 40 % less CPU per test
// (the accessibility table: renderer 92 s -> 55 s, browser process 36 s -> 16 s) and the browser
// stage takes 5.2 instead of 8.3 minutes, same tests, same pages (issue 28). `npm run perf` keeps the
// full browser: Lighthouse measures what a player's Chrome does.
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createBrotliDecompress } from 'node:zlib'

export const SYSTEM_CHROMIUM = '/usr/bin/chromium'
export const SYSTEM_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'

export function chromiumPath(): string | undefined {
  const wanted = process.env.CHROMIUM_PATH
  if (wanted && existsSync(wanted)) return wanted
  return [SYSTEM_HEADLESS_SHELL, SYSTEM_CHROMIUM].find((path) => existsSync(path))
}

/**
 * The oldest Chromium the app supports (README "Supported engines"): Chromium 112, the headless
 * shell that @sparticuz/chromium@112.0.2 ships brotli-packed (Debian serves only its current
 * build). Unpacked once into node_modules/.cache; the browser tests' `oldest` project runs on it.
 */
export const OLDEST_CHROMIUM = {
  major: 112,
  packed: resolve('node_modules/@sparticuz/chromium/bin/chromium.br'),
  path: resolve('node_modules/.cache/chromium-112/headless_shell'),
}

/** Unpacks the oldest Chromium when it is not there yet (about 160 MB from 57), and says where it is. */
export async function unpackOldestChromium(): Promise<string> {
  const { path, packed } = OLDEST_CHROMIUM
  if (existsSync(path)) return path
  if (!existsSync(packed)) throw new Error(`${packed} is missing: npm install brings @sparticuz/chromium`)
  mkdirSync(dirname(path), { recursive: true })
  const partial = `${path}.partial`
  await pipeline(createReadStream(packed), createBrotliDecompress(), createWriteStream(partial, { mode: 0o755 }))
  renameSync(partial, path)
  return path
}
