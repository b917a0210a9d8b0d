import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { readFileSync } from 'node:fs'
import { axiosXhrOnly } from './scripts/axiosXhrOnly.ts'
import { bundleReport } from './scripts/bundleReport.ts'
import { localeParts } from './scripts/localeParts.ts'
import { precompress } from './scripts/precompress.ts'
import { prepaintScript } from './scripts/prepaintScript.ts'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }

/**
 * Vitest's projects; together they take every test file under tests/ once (tests/unit/testLayout).
 * The app's tests run in jsdom, each file in a fresh module graph. The server's run in Node and
 * share one module graph per worker (the server is imported once, not per file: half their time);
 * a file that mocks a module (`vi.mock`) needs a graph of its own and is named `*.isolated.test.ts`.
 */
export const TEST_PROJECTS: (TestProjectInlineConfiguration & { test: { name: string; include: string[] } })[] = [
  { extends: true, test: { name: 'app', include: ['tests/{unit,screens,platform}/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/setup.ts'] } },
  { extends: true, test: { name: 'server', include: ['tests/server/**/*.test.ts'], exclude: ['tests/server/**/*.isolated.test.ts'], environment: 'node', isolate: false } },
  { extends: true, test: { name: 'server-isolated', include: ['tests/server/**/*.isolated.test.ts'], environment: 'node' } },
]

const apiPort = Number(process.env.API_PORT ?? 8080)
const target = `http://localhost:${apiPort}`

export default defineConfig({
  plugins: [react(), localeParts(), axiosXhrOnly(), bundleReport(), prepaintScript(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    port: 5173,
    proxy: {
      '/api': target,
      '/config.json': target,
      '/manifest.webmanifest': target,
      '/dev/': target,
      '/line-qr.png': target,
      '/chat-files/': target,
      '/socket.io': { target, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contract's schemas sit beside the descriptors the app imports (src/api/contract/). The
      // app uses none of them: they are dropped, and TypeBox with them, once the build knows that
      // building one has no side effects. TypeBox's modules do nothing on import, and reading a
      // property has no side effect in this app or its libraries (no getter with one; the browser
      // tests run on this build). `npm run size` fails if a byte of TypeBox ships.
      treeshake: {
        // `Type.*` and the contract's field helpers (src/api/contract/shared.ts) build a schema and
        // nothing else. No function of the app or its libraries bears these names with a side effect.
        manualPureFunctions: ['Type', 'text', 'filled', 'optional'],
        moduleSideEffects: (id: string) => !/node_modules[\\/]typebox[\\/]/.test(id),
        propertyReadSideEffects: false,
      },
      // What the entry imports statically in two chunks of about the same weight, React and the
      // rest: ten small files wait in line for HTTP/1.1's six connections, one big one ramps up
      // a single connection; two download side by side.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', tags: ['$initial'], test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'boot', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    // Files and the tests inside them run in a random order: each test sets up its own state.
    sequence: { shuffle: true },
    // One file per core (Vitest's default leaves one core idle: on a 2-core machine, one worker).
    maxWorkers: '100%',
    // Bounds for a machine several times slower than ours: a test waits for its outcome, and a
    // passing one ends as soon as it is there.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 30_000 } },
    reporters: ['default', './tests/noSkips.ts'],
    projects: TEST_PROJECTS,
  },
})
