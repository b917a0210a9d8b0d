// `npm run test:e2e` drives the production build: a dist/ older than the code it is built from
// would test yesterday's app and pass. Builds first when dist/ is missing or older than any input
// (src/, public/, index.html, the Vite config and its plugins, package.json).
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json',
  'scripts/axiosXhrOnly.ts', 'scripts/bundleReport.ts', 'scripts/localeParts.ts', 'scripts/precompress.ts', 'scripts/prepaintScript.ts']
const BUILT = 'dist/index.html'

/** The newest file under `path` (itself when a file) and when it changed. */
function newest(path: string): { file: string; at: number } {
  if (!existsSync(path)) return { file: path, at: 0 }
  const stat = statSync(path)
  if (!stat.isDirectory()) return { file: path, at: stat.mtimeMs }
  return readdirSync(path).map((name) => newest(join(path, name)))
    .reduce((a, b) => (b.at > a.at ? b : a), { file: path, at: 0 })
}

const input = INPUTS.map(newest).reduce((a, b) => (b.at > a.at ? b : a))
const built = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0
if (built === 0) {
  console.log('No dist/: building it first')
  execSync('npm run build', { stdio: 'inherit' })
} else if (input.at > built) {
  console.log(`dist/ is older than ${input.file}: building it again`)
  execSync('npm run build', { stdio: 'inherit' })
} else {
  console.log('dist/ is newer than its sources')
}
