// `npm run perf` (docs/design.md "Budgets", issue 5 §6). Builds, serves dist/ with the reference server
// (test mode, fresh database) on a free port, then:
// 1. Lighthouse 12, mobile with simulated throttling (its default config), three runs on each public
//    route and, signed in, on /user/home: a median table, reports under perf-reports/.
// 2. Per host (browser, LINE with the LIFF mock, Telegram with the bridge answering): the time from
//    navigation start until the login form's phone input can be typed into, under slow 4G (150 ms,
//    1.6 Mbit/s) and a 4x CPU slowdown through the DevTools protocol, cache off, median of three.
// Not part of `npm test`. Set PERF_PORT to pick the port, PERF_SKIP_BUILD=1 to reuse dist/.
//
// `npm run perf -- --against <commit>` (issue 32; repeat it for more baselines) builds that commit too, in a throwaway git
// worktree beside this one (sharing node_modules), serves it with its own server, and measures both
// in the same run, each run of one followed by the same run of the other, so that what the machine
// is doing meanwhile falls on both alike. Every table then has a column per build: a figure is
// read beside its baseline measured the same minute.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { launch, type LaunchedChrome } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { RuntimeConfig } from '../contract'
import { paths } from '../contract/lib/paths'
import { storageKeys } from '../src/lib/storage'
import { DEMO, LIFF_ID, TELEGRAM, TELEGRAM_RECORDER, telegramHash } from '../e2e/fixtures'
import { SYSTEM_CHROMIUM } from './chromium'

/** PERF_RUNS: fewer for a quick look (the medians then mean little). */
const RUNS = Number(process.env.PERF_RUNS) || 3
const REPORT_DIR = 'perf-reports'
/** PERF_ONLY: a comma-separated list of the routes to measure (`/contact,/user/home`; the member
 *  home both ways), skipping the rest and the typeable-form table, for a quick look at one change. */
const ONLY = process.env.PERF_ONLY?.split(',').map((route) => route.trim()).filter(Boolean)
const measured = (route: string): boolean => !ONLY || ONLY.includes(route)
const CHROME_PATH = process.env.CHROME_PATH || SYSTEM_CHROMIUM
/** The flags of playwright.config.ts; Lighthouse's Chrome also needs headless and no sandbox. */
const PLAYWRIGHT_FLAGS = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu']
const LIGHTHOUSE_FLAGS = ['--headless=new', '--no-sandbox', ...PLAYWRIGHT_FLAGS]
const PUBLIC_ROUTES = [paths.login, paths.register, paths.howto, paths.contact]
/** Slow 4G of issue 5: 150 ms round trip, 1.6 Mbit/s each way (bytes per second for CDP). */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 1_600_000 / 8 }
const CPU_SLOWDOWN = 4
/** The login form's phone input (LoginPage.tsx). */
const PHONE_INPUT = 'input[name="username"]'

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)))
  const line = (cells: string[]) => cells.map((cell, column) => (column ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ')
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** A build being measured: its name in the tables, where its checkout is, and where it is served. */
interface Build {
  label: string
  origin: string
}

async function startServer(port: number, root = '.'): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, APP_MODE: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: `.data/perf-${Date.now()}`, DRAIN_SECONDS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/config.json`)).ok) return server
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  server.kill()
  throw new Error('the server did not start within 30 s')
}

async function api(origin: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${origin}${path}`, {
    method,
    // Fastify refuses a JSON content type with an empty body.
    headers: { 'X-Requested-With': 'wallet-user', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`)
  return response.json()
}

// ---- 1. Lighthouse ----------------------------------------------------------------------------

interface LighthouseRun {
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  bytes: number
}

async function runLighthouse(chrome: LaunchedChrome, url: string, reportName: string, signedIn: boolean, reportDir: string): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: ['json', 'html'],
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Signed in, the token put in localStorage beforehand must survive (the cache was cleared then).
    disableStorageReset: signedIn,
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const [json, html] = result.report as string[]
  writeFileSync(join(reportDir, `${reportName}.report.json`), json)
  writeFileSync(join(reportDir, `${reportName}.report.html`), html)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    bytes: metric('total-byte-weight'),
  }
}

const ATTEMPTS = 3

async function blankTab(chrome: LaunchedChrome): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  try {
    for (const page of browser.contexts()[0]?.pages() ?? []) await page.goto('about:blank')
  } finally {
    await browser.close()
  }
}

/** A cold cache and the demo member's token in localStorage, set over CDP before a signed-in run. */
async function prepareSignedIn(chrome: LaunchedChrome, origin: string, token: string, agreementAccepted: boolean): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  try {
    const context = browser.contexts()[0]
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
    // A same-origin document that does not start the app.
    await page.goto(`${origin}/config.json`)
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [storageKeys.token, token] as const)
    if (agreementAccepted) await page.evaluate((key) => localStorage.setItem(key, 'true'), storageKeys.rememberAgreement)
    await page.close()
  } finally {
    await browser.close() // connected over CDP: disconnects, Chrome keeps running
  }
}

/** Each build's report folder: perf-reports/ alone, or one folder per build beside a baseline. */
const reportDirOf = (builds: readonly Build[], build: Build): string => {
  const dir = builds.length > 1 ? join(REPORT_DIR, build.label.replace(/[^\w.-]+/g, '-')) : REPORT_DIR
  mkdirSync(dir, { recursive: true })
  return dir
}

/** The table's header: the route, then each build's figures under its name. */
const buildColumns = (builds: readonly Build[], columns: readonly string[]): string[] =>
  builds.length > 1 ? builds.flatMap((build) => columns.map((column, index) => (index === 0 ? `${build.label}: ${column}` : column))) : [...columns]

async function lighthouseTable(builds: readonly Build[]): Promise<string> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: LIGHTHOUSE_FLAGS, logLevel: 'silent' })
  try {
    const rows: string[][] = []
    const tokens = new Map<Build, string>()
    /** `firstVisit`: the agreement not yet accepted, so it opens 1.5 s after load (spec 2) and, being
     *  the largest text painted, becomes the LCP element; otherwise the home a returning player sees. */
    const measure = async (route: string, signedIn: boolean, firstVisit = false) => {
      const runs = new Map<Build, LighthouseRun[]>(builds.map((build) => [build, []]))
      for (let run = 1; run <= RUNS; run += 1) {
        // Run n of each build one after the other: the machine's mood falls on both.
        for (const build of builds) {
          const token = tokens.get(build)
          if (signedIn && token) await prepareSignedIn(chrome, build.origin, token, !firstVisit)
          const name = `${route.replace(/^\//, '').replaceAll('/', '-')}${firstVisit ? '-first' : ''}-${run}`
          // Lighthouse now and then fails to record a trace (NO_NAVSTART): the tab is sent to about:blank
          // and the run taken again, up to ATTEMPTS times.
          for (let attempt = 1; ; attempt += 1) {
            try {
              runs.get(build)!.push(await runLighthouse(chrome, `${build.origin}${route}`, name, signedIn, reportDirOf(builds, build)))
              break
            } catch (error) {
              if (attempt >= ATTEMPTS) throw error
              console.log(`  ${build.label} ${route} run ${run}: ${(error as Error).message}; running it again`)
              await blankTab(chrome)
              if (signedIn && token) await prepareSignedIn(chrome, build.origin, token, !firstVisit)
            }
          }
          console.log(`  ${build.label} ${route} run ${run}: score ${runs.get(build)!.at(-1)!.score}`)
        }
      }
      rows.push([
        signedIn ? `${route} (signed in${firstVisit ? ', first visit' : ''})` : route,
        ...builds.flatMap((build) => {
          const of = (key: keyof LighthouseRun) => median(runs.get(build)!.map((run) => run[key]))
          return [
            String(of('score')),
            `${(of('fcp') / 1000).toFixed(2)} s`,
            `${(of('lcp') / 1000).toFixed(2)} s`,
            `${Math.round(of('tbt'))} ms`,
            of('cls').toFixed(3),
            `${(of('bytes') / 1000).toFixed(1)}`,
          ]
        }),
      ])
    }
    for (const route of PUBLIC_ROUTES.filter(measured)) await measure(route, false)
    if (!measured(paths.member.home)) return table(['Route', ...buildColumns(builds, ['Score', 'FCP', 'LCP', 'TBT', 'CLS', 'KB'])], rows)
    for (const build of builds) {
      const { token } = (await api(build.origin, 'POST', '/api/login', { username: DEMO.phone, password: DEMO.password })) as { token: string }
      tokens.set(build, token)
    }
    await measure(paths.member.home, true)
    await measure(paths.member.home, true, true)
    return table(['Route', ...buildColumns(builds, ['Score', 'FCP', 'LCP', 'TBT', 'CLS', 'KB'])], rows)
  } finally {
    chrome.kill()
  }
}

// ---- 2. Time until the login form can be typed into, per host ---------------------------------

type Host = 'browser' | 'line' | 'telegram'

const HOST_CONFIG: Record<Host, Partial<RuntimeConfig> | null> = {
  browser: null,
  line: { line: { liffId: LIFF_ID, mock: true }, telegram: null },
  telegram: { line: null, telegram: TELEGRAM },
}

const HOST_LABEL: Record<Host, string> = { browser: 'browser', line: 'LINE (LIFF mock)', telegram: 'Telegram (bridge answering)' }

/** Init script: the frame time at which the phone input is first visible and enabled. */
const WATCH_TYPEABLE = (selector: string) => {
  const check = () => {
    const input = document.querySelector<HTMLInputElement>(selector)
    if (input && !input.disabled && !input.readOnly && input.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
      Object.assign(window, { __typeableAt: performance.now() })
      return
    }
    requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

async function timeToTypeable(browser: Browser, origin: string, host: Host): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'th-TH' })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    // tsx keeps function names through an `__name` helper the page does not have.
    await page.addInitScript({ content: 'window.__name = (fn) => fn' })
    if (host === 'telegram') await page.addInitScript(TELEGRAM_RECORDER)
    await page.addInitScript(WATCH_TYPEABLE, PHONE_INPUT)
    await page.goto(`${origin}${paths.login}${host === 'telegram' ? telegramHash() : ''}`, { waitUntil: 'commit' })
    const handle = await page.waitForFunction(() => (window as { __typeableAt?: number }).__typeableAt, undefined, { timeout: 60_000 })
    return (await handle.jsonValue()) as number
  } finally {
    await context.close()
  }
}

async function typeableTable(builds: readonly Build[]): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: PLAYWRIGHT_FLAGS })
  try {
    const rows: string[][] = []
    for (const host of ['browser', 'line', 'telegram'] as const) {
      for (const { origin } of builds) {
        await api(origin, 'DELETE', '/dev/config')
        const config = HOST_CONFIG[host]
        if (config) await api(origin, 'POST', '/dev/config', config)
      }
      const times = new Map<Build, number[]>(builds.map((build) => [build, []]))
      for (let run = 1; run <= RUNS; run += 1) {
        for (const build of builds) {
          times.get(build)!.push(await timeToTypeable(browser, build.origin, host))
          console.log(`  ${build.label} ${host} run ${run}: ${(times.get(build)!.at(-1)! / 1000).toFixed(2)} s`)
        }
      }
      rows.push([HOST_LABEL[host], ...builds.flatMap((build) => {
        const runs = times.get(build)!
        return [`${(median(runs) / 1000).toFixed(2)} s`, runs.map((time) => (time / 1000).toFixed(2)).join(' / ')]
      })])
    }
    for (const { origin } of builds) await api(origin, 'DELETE', '/dev/config')
    return table(['Host', ...buildColumns(builds, ['Median', 'Runs (s)'])], rows)
  } finally {
    await browser.close()
  }
}

// ---- main -------------------------------------------------------------------------------------

/** Each `--against <commit>`: the baselines to measure beside this checkout, in the order given. */
function againstArguments(argv: readonly string[]): string[] {
  return argv.flatMap((arg, index) => {
    if (arg !== '--against') return []
    const commit = argv[index + 1]
    if (!commit || commit.startsWith('--')) throw new Error('--against needs a commit (a hash, a tag or a branch)')
    return [commit]
  })
}

function run(command: string, args: string[], cwd = '.'): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`)
}

const sameFile = (a: string, b: string): boolean => existsSync(a) && existsSync(b) && readFileSync(a).equals(readFileSync(b))

/**
 * The commit checked out in a throwaway worktree and built. It shares this checkout's node_modules
 * when its lock file is this one's; an older commit with other packages (1.1.14's server has
 * @fastify/helmet) gets its own, installed from its lock as .ci/run installs.
 */
function checkOutAndBuild(commit: string): string {
  const root = join(mkdtempSync(join(tmpdir(), 'perf-against-')), 'checkout')
  run('git', ['worktree', 'add', '--detach', root, commit])
  if (sameFile('package-lock.json', join(root, 'package-lock.json'))) symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir')
  else run('npm', ['install', '--no-audit', '--no-fund'], root)
  run('npm', ['run', 'build'], root)
  return root
}

async function main(): Promise<void> {
  const baselines = againstArguments(process.argv.slice(2))
  if (!process.env.PERF_SKIP_BUILD) run('npm', ['run', 'build'])
  mkdirSync(REPORT_DIR, { recursive: true })
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || 'this checkout'
  const changed = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout.trim() !== ''
  const roots: string[] = []
  const servers: ChildProcess[] = []
  try {
    for (const commit of baselines) roots.push(checkOutAndBuild(commit))
    const port = Number(process.env.PERF_PORT) || (await freePort())
    servers.push(await startServer(port))
    const builds: Build[] = [{ label: changed ? `${head}+changes` : head, origin: `http://127.0.0.1:${port}` }]
    for (const [index, commit] of baselines.entries()) {
      const baselinePort = await freePort()
      servers.push(await startServer(baselinePort, roots[index]))
      builds.push({ label: commit, origin: `http://127.0.0.1:${baselinePort}` })
    }
    const measured = builds.map((build) => `${build.label} at ${build.origin}`).join(', ')
    console.log(`\nLighthouse ${RUNS}x per route (mobile, simulated throttling): ${measured}`)
    const lighthouseResult = await lighthouseTable(builds)
    console.log(`\nTime to a typeable login form, ${RUNS}x per host (150 ms, 1.6 Mbit/s, CPU x${CPU_SLOWDOWN}, cache off)`)
    const typeableResult = ONLY ? '(not measured: PERF_ONLY)' : await typeableTable(builds)
    const summary = `Lighthouse medians (mobile, simulated throttling; KB transferred)\n${lighthouseResult}\n\nTime to a typeable login form (median of ${RUNS})\n${typeableResult}\n`
    writeFileSync(join(REPORT_DIR, 'summary.txt'), summary)
    console.log(`\n${summary}\nReports in ${REPORT_DIR}/`)
  } finally {
    for (const server of servers) server.kill('SIGTERM')
    for (const root of roots) spawnSync('git', ['worktree', 'remove', '--force', root], { stdio: 'inherit' })
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
