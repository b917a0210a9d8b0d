// `npm test` needs a Chromium (its headless shell, see chromium.ts) and Thai/Lao fonts. When they are
// missing it provisions them: Debian's packages through apt-get when running as root, otherwise
// Playwright's own download.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { chromiumPath, OLDEST_CHROMIUM, SYSTEM_HEADLESS_SHELL, unpackOldestChromium } from './chromium'

const run = (command: string) => execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasFont = (family: string) => {
  try {
    return execSync(`fc-list :family="${family}"`, { encoding: 'utf8' }).trim() !== ''
  } catch {
    return false
  }
}

if (isRoot && !process.env.CHROMIUM_PATH && !existsSync(SYSTEM_HEADLESS_SHELL)) {
  // The tests' browser (scripts/chromium.ts); the full one stays for `npm run perf`.
  console.log('No Chromium headless shell found: installing Debian’s chromium and chromium-headless-shell')
  try {
    run('apt-get update -qq && apt-get install -y -qq chromium chromium-headless-shell fonts-thai-tlwg fonts-lao')
  } catch {
    console.log('apt-get could not install them: the tests use the Chromium there is')
  }
}
if (chromiumPath()) {
  console.log(`Chromium: ${chromiumPath()}`)
} else {
  console.log('No Chromium found: using Playwright’s own download')
  run('npx playwright install chromium')
}

// WebKit (issue 48): the `webkit` project drives Debian's WebKitGTK (MiniBrowser) through its
// WebDriver, on a display of its own (xvfb-run).
const hasCommand = (command: string) => {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore', shell: '/bin/sh' })
    return true
  } catch {
    return false
  }
}
if (isRoot && !(hasCommand('WebKitWebDriver') && hasCommand('xvfb-run'))) {
  console.log('No WebKitWebDriver or xvfb-run found: installing Debian’s webkit2gtk-driver and xvfb')
  run('apt-get install -y -qq webkit2gtk-driver xvfb xauth || (apt-get update -qq && apt-get install -y -qq webkit2gtk-driver xvfb xauth)')
}
if (!hasCommand('WebKitWebDriver') || !hasCommand('xvfb-run')) {
  throw new Error('The WebKit tests need WebKitWebDriver and xvfb-run: apt-get install webkit2gtk-driver xvfb (README "Supported engines")')
}
const webkitGtk = execSync(`dpkg-query -W -f '\${Version}' libwebkit2gtk-4.1-0 2>/dev/null || echo unknown`, { encoding: 'utf8', shell: '/bin/sh' }).trim()

if (isRoot && !(hasFont('Noto Sans Lao') || hasFont('Phetsarath OT')) ) {
  run('apt-get install -y -qq fonts-thai-tlwg fonts-lao || true')
}

// The engines the run is about to judge, by the version each reports (issue 48): today's (the
// tests' own) and the oldest the app supports, which the `oldest` project runs a set on.
const version = async (executablePath: string | undefined) => {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] })
  try {
    return browser.version()
  } finally {
    await browser.close()
  }
}
const oldest = await unpackOldestChromium()
console.log(`Engines: Chromium ${await version(chromiumPath())} (every test), Chromium ${await version(oldest)} (the oldest supported, ${OLDEST_CHROMIUM.major}: the @engines set), WebKitGTK ${webkitGtk} (MiniBrowser through WebDriver: the @engines set, e2e/webkit)`)
