// Issue 32 §2: the main thread's cost of the first screens, watched inside `npm test` (the budgets
// project, which runs after every host's tests, alone on the machine). /login and the
// member home are opened cold on a phone-speed CPU, and the time their long tasks block the main
// thread beyond 50 ms each (total blocking time, as Lighthouse sums it) is measured.
//
// What is budgeted is the app's share, not a figure in milliseconds (issue 48 §3): each run opens a
// fixed yardstick page (reference.html: a script evaluated, a tree of rows built and laid out, an
// update re-styled) right before the two screens, at the same slow-down, and the budget is the
// screen's blocking time over the yardstick's. A slower or busier machine slows both (the same
// machine gave the home 215 ms in one minute and 480 in another, the yardstick following it), so
// the ratio moves only when the app does, on a fast machine as on a slow one.
//
// The slow-down is still measured, not assumed: a fixed loop is timed on this machine first, and
// the CPU is slowed by as much as makes it take what it takes at CPU x4 on the machine the budgets
// were first set on, so that both pages meet about the same phone and its 50 ms line.
import { readFileSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { fund, registerMember, signedIn } from '../walletMembers'

/** The calibration loop's time on the machine the budgets were set on (2 cores, Node 20), at CPU x1 (ms, fastest of 5). */
const REFERENCE_MS = 19
/** The slowdown the budgets were set at on that machine (Lighthouse's mobile CPU). */
const REFERENCE_SLOWDOWN = 4
/**
 * Budgets: the screen's blocking time over the yardstick's, median of the runs' ratios. Set at
 * c27668b on a 2-core machine (the loop 27-28 ms, CPU x2.7-2.8): /login 0.63 to 0.68 and the home
 * 1.32 to 1.52 in three runs (yardstick 277-327 ms, /login 173-189, the home 417-496), single runs
 * from 0.35 to 0.83 and 1.04 to 2.08. Half as much again is the room for that noise; the home
 * before f18dc2f (its cards rendered before the wallet's answer, ICU number data, one start-up
 * task) is over it.
 */
const BUDGET = { login: 1.0, home: 2.0 } as const
const RUNS = 5
/** Where the yardstick is served from: the app's own origin, answered by the test from reference.html. */
const REFERENCE_URL = '/__blocking-time-reference'
const REFERENCE_PAGE = readFileSync(new URL('./reference.html', import.meta.url), 'utf8')

/** A fixed piece of work: the same instructions on any machine. */
const CALIBRATION = () => {
  const started = performance.now()
  let hash = 0
  for (let i = 0; i < 4_000_000; i += 1) hash = (hash * 31 + i) | 0
  return { ms: performance.now() - started, hash }
}

/** This machine's CPU x1 time of the calibration loop: the fastest of five, so another process's moment counts least. */
async function machineMs(browser: Browser): Promise<number> {
  const page = await browser.newPage()
  try {
    const times: number[] = []
    for (let run = 0; run < 5; run += 1) times.push((await page.evaluate(CALIBRATION)).ms)
    return Math.min(...times)
  } finally {
    await page.close()
  }
}

/** Every long task of the page from its start, kept where the test can read it. */
const RECORD_LONG_TASKS = () => {
  const tasks: number[] = []
  Object.assign(window, { __longTasks: tasks })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration)
  }).observe({ type: 'longtask', buffered: true })
}

/** Resolves once the main thread has had a quiet moment: an idle callback that was not forced by its timeout. */
const quiet = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => {
    const wait = () => requestIdleCallback((deadline) => (deadline.didTimeout || deadline.timeRemaining() < 40 ? wait() : resolve()), { timeout: 10_000 })
    wait()
  }))

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function blockingTime(page: Page, rate: number, path: string, shown: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await page.addInitScript(RECORD_LONG_TASKS)
  await page.goto(path)
  await shown()
  await quiet(page)
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)
  return Math.round(tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0))
}

test.describe('blocking time at phone speed (issue 32)', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 })

  test('/login and the member home stay within their blocking-time budgets', async ({ browser, context, request, strings }) => {
    const calibrated = await machineMs(browser)
    const rate = Math.max(1, (REFERENCE_SLOWDOWN * REFERENCE_MS) / calibrated)
    const member = await registerMember(request)
    await fund(request, member, 500)
    const measured = { reference: [] as number[], login: [] as number[], home: [] as number[] }
    for (let run = 0; run < RUNS; run += 1) {
      const guest = await browser.newContext()
      const yardstick = await guest.newPage()
      await yardstick.route(REFERENCE_URL, (route) => route.fulfill({ contentType: 'text/html', body: REFERENCE_PAGE }))
      measured.reference.push(await blockingTime(yardstick, rate, REFERENCE_URL, () => expect(yardstick.locator('body[data-done]')).toBeAttached()))
      await yardstick.close()
      // A guest's context of its own: the member's token, stored by the home's pages, would skip /login.
      const login = await guest.newPage()
      measured.login.push(await blockingTime(login, rate, '/login', () => expect(login.getByLabel(strings.fields.phone)).toBeEditable()))
      await guest.close()
      const home = await context.newPage()
      await signedIn(home, member)
      measured.home.push(await blockingTime(home, rate, '/user/home', () => expect(home.getByTestId('total-balance')).toBeVisible()))
      await home.close()
    }
    const ratios = {
      login: median(measured.login.map((ms, run) => ms / measured.reference[run])),
      home: median(measured.home.map((ms, run) => ms / measured.reference[run])),
    }
    const result = {
      machineMs: Number(calibrated.toFixed(1)),
      rate: Number(rate.toFixed(2)),
      ms: { reference: median(measured.reference), login: median(measured.login), home: median(measured.home) },
      ratio: { login: Number(ratios.login.toFixed(2)), home: Number(ratios.home.toFixed(2)) },
      runs: measured,
    }
    test.info().annotations.push({ type: 'blocking time', description: JSON.stringify(result) })
    console.log(`[blocking time] ${JSON.stringify(result)}`)
    expect(measured.reference.every((ms) => ms > 0), 'the yardstick blocks the main thread at this slow-down').toBe(true)
    expect(result.ratio.login, `/login's blocking time over the yardstick's at CPU x${result.rate}`).toBeLessThanOrEqual(BUDGET.login)
    expect(result.ratio.home, `the home's blocking time over the yardstick's at CPU x${result.rate}`).toBeLessThanOrEqual(BUDGET.home)
  })
})
