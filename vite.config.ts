import { fileURLToPath } from 'node:url'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { axiosXhrOnly } from './scripts/axiosXhrOnly.ts'
import { bundleReport } from './scripts/bundleReport.ts'
import { localeParts } from './scripts/localeParts.ts'
import { precompress } from './scripts/precompress.ts'
import { prepaintScript } from './scripts/prepaintScript.ts'
import { prerender } from './scripts/prerender.ts'
import { NO_SKIPS_REPORTER, VITEST_GATES } from './tests/runGates.ts'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }

/**
 * Vitest's projects; together they take every test file under tests/ once (tests/unit/testLayout).
 * The app's tests run in jsdom, each file in a fresh module graph. The server's run in Node and
 * share one module graph per worker (the server is imported once, not per file: half their time);
 * a file that mocks a module (`vi.mock`) needs a graph of its own and is named `*.isolated.test.ts`.
 */
export const TEST_PROJECTS: (TestProjectInlineConfiguration & { test: { name: string; include: string[] } })[] = [
  { extends: true, test: { name: 'app', include: ['tests/{unit,screens,platform}/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/setup.ts'], globalSetup: ['tests/contractRoutesSetup.ts'], pool: 'vmThreads', alias: [{ find: /^axios$/, replacement: fileURLToPath(new URL('node_modules/axios/dist/esm/axios.js', import.meta.url)) }] } },
  { extends: true, test: { name: 'server', include: ['tests/server/**/*.test.ts'], exclude: ['tests/server/**/*.isolated.test.ts'], environment: 'node', isolate: false } },
  { extends: true, test: { name: 'server-isolated', include: ['tests/server/**/*.isolated.test.ts'], environment: 'node' } },
]

/**
 * The browser's service worker (issue 31; registered by src/platform/serviceWorker.ts in a plain
 * browser only). It precaches the shell, index.html, the build's hashed JS and CSS and the logo
 * (the app has no font files: system fonts), and answers page navigations with index.html, so the app opens without a network and shows its offline screen.
 * Nothing else: no runtime caching, so no API answer, upload, socket or token is ever stored.
 * It also shows the server's Web Push messages (public/sw-push.js, issue 50).
 * /config.json is never cached either: an operator changes it at run time, and without a network
 * the app has nothing to show but the offline screen. The manifest is the server's
 * (server/shared/http/manifest.ts), written from the live config.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'generateSW',
    filename: 'sw.js',
    manifest: false,
    injectRegister: false,
    workbox: {
      // Every hashed chunk, the lazy ones too: a screen opened offline, or a tab on this build
      // after the next deploy, finds its chunk. The manifest's PNGs are the installer's, not the shell's.
      globPatterns: ['index.html', 'assets/**/*.{js,css}', 'icon.svg'],
      // Hashed names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: '/index.html',
      // Navigations that are not the app (matched against path and query): the API, dev stand-ins,
      // sockets, chat files, the demo game page (its URL carries a launch token), the operator's
      // API, and any file (the runtime config, the manifest, a how-to video, an image).
      navigateFallbackDenylist: [/^\/(api|dev|socket\.io|chat-files|demo-game|ops)(\/|\?|$)/, /^[^?]*\.[a-z0-9]+(\?|$)/i],
      inlineWorkboxRuntime: true,
      // Web Push (issue 50): the push and notification-tap handlers, public/sw-push.js.
      importScripts: ['/sw-push.js'],
      cleanupOutdatedCaches: true,
      // A new worker waits until every tab of the old one is closed: a tab opened on the old build
      // keeps the chunks it may still load lazily, and no page reloads under a player's thumb.
      skipWaiting: false,
      clientsClaim: false,
      sourcemap: false,
    },
  })
}

/**
 * The contract's schemas sit beside the descriptors the app imports (contract/). The app
 * uses none of them: they are dropped, and TypeBox with them, once the build knows that building
 * one has no side effects. TypeBox's modules do nothing on import, and reading a property has no
 * side effect in this app or its libraries (no getter with one; the browser tests run on this
 * build). `npm run size` fails if a byte of TypeBox ships. The staff console's build uses the same.
 */
export const CONTRACT_TREESHAKE = {
  // `Type.*` and the contract's field helpers (contract/shared.ts) build a schema and
  // nothing else. No function of the app or its libraries bears these names with a side effect.
  manualPureFunctions: ['Type', 'text', 'filled', 'literals', 'optional', 'base64url', 'InLanguages'],
  moduleSideEffects: (id: string) => !/node_modules[\\/]typebox[\\/]/.test(id),
  propertyReadSideEffects: false as const,
}

const apiPort = Number(process.env.API_PORT ?? 8080)
const target = `http://localhost:${apiPort}`

export default defineConfig({
  plugins: [react(), localeParts(), axiosXhrOnly(), bundleReport(), prepaintScript(), prerender(), precompress(), serviceWorker()],
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
    modulePreload: {
      polyfill: false,
      // A lazy chunk's scripts come through its import() and the imports in it, not through
      // <link rel=modulepreload> (its style sheets still do): a module whose preload link failed
      // (offline, a flaky network) stays failed for the page's life in WebKit, and every import()
      // of it fails without asking again, so a modal could never be retried on an iPhone (issue 48,
      // e2e/webkit). The page's first scripts keep their links in the HTML.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))),
    },
    rolldownOptions: {
      treeshake: CONTRACT_TREESHAKE,
      // What the entry imports statically in two chunks of about the same weight, React and the
      // rest: ten small files wait in line for HTTP/1.1's six connections, one big one ramps up
      // a single connection; two download side by side. React's group is not limited to what the
      // entry imports statically: main.tsx imports React DOM's client after the entry has run (in a
      // task of its own, issue 51), and it must still come in React's chunk, not a round trip later.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'boot', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    // Files and the tests inside them run in a random order: each test sets up its own state.
    sequence: { shuffle: true },
    // One file per core (Vitest's default leaves one core idle: on a 2-core machine, one worker),
    // and never fewer than two. Vitest gives a single worker of a project without isolation every
    // file at once, and the app's VM pool counts as one (vmThreads turns isolate off): on a machine
    // with one core (`taskset -c 0 npm test`, issue 48) its files then shared one module cache, so
    // a helper's hooks registered in the first file only (tests/renderScreen.tsx's cleanup and its
    // contract check) and every later screen test ran on the DOM the tests before it left.
    maxWorkers: Math.max(2, availableParallelism()),
    // Bounds for a machine several times slower than ours: a test waits for its outcome, and a
    // passing one ends as soon as it is there.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 30_000 } },
    // A `.only` left in a file fails the run, and so does a skipped test (tests/runGates.ts).
    ...VITEST_GATES,
    reporters: ['default', NO_SKIPS_REPORTER],
    projects: TEST_PROJECTS,
  },
})
