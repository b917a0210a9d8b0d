// `npm test` needs a Chromium and Thai/Lao fonts. When none is found it provisions them: Debian's
// packages through apt-get when running as root, otherwise Playwright's own download.
import { execSync } from 'node:child_process'
import { chromiumPath } from './chromium'

const run = (command: string) => execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasFont = (family: string) => {
  try {
    return execSync(`fc-list :family="${family}"`, { encoding: 'utf8' }).trim() !== ''
  } catch {
    return false
  }
}

if (chromiumPath()) {
  console.log(`Chromium: ${chromiumPath()}`)
} else if (isRoot) {
  console.log('No Chromium found: installing Debian’s chromium')
  run('apt-get update -qq && apt-get install -y -qq chromium fonts-thai-tlwg fonts-lao')
} else {
  console.log('No Chromium found and not root: using Playwright’s own download')
  run('npx playwright install chromium')
}

if (isRoot && !(hasFont('Noto Sans Lao') || hasFont('Phetsarath OT')) ) {
  run('apt-get install -y -qq fonts-thai-tlwg fonts-lao || true')
}
