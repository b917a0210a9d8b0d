// Issue 32 §2: the main thread's cost of the first screens, watched inside `npm test` (the budgets
// project, listed first, beside the other worker's tests). /login and the
// member home are opened cold on a phone-speed CPU, and the time of their main thread's tasks is
// measured, with the blocking time of the long ones (beyond 50 ms each, as Lighthouse sums it).
//
// What is budgeted is the app's share, not a figure in milliseconds (issue 48 §3): each run opens a
// fixed yardstick page (reference.html: a script evaluated, a tree of rows built and laid out, an
// update re-styled) right before the two screens, at the same slow-down, and the budget is the
// screen's main-thread time over the yardstick's. A slower or busier machine slows both (the same
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
import { mainThreadEvents, TraceCut } from './trace'

/** The calibration loop's time on the machine the budgets were set on (2 cores, Node 20), at CPU x1 (ms, fastest of 5). */
const REFERENCE_MS = 19
/** The slowdown the budgets were set at on that machine (Lighthouse's mobile CPU). */
const REFERENCE_SLOWDOWN = 4
/**
 * Budgets: the screen's main-thread time (the CPU time of every task of the renderer's main thread,
 * from the navigation until it is shown and quiet) over the yardstick's, median of the runs' ratios.
 * Time, not blocking time: a task's blocking time is what it lasts beyond 50 ms, so a machine a
 * little faster shrinks a page whose tasks end near the line to almost nothing and the ratio swings
 * (/login's went from 0.78 to 1.56 between runs of one build); every task's time grows and shrinks
 * with the machine. CPU time, not wall time: pinned to one core, the wall time of the home's tasks
 * also held the reference server's answers to its calls (ratio 8.2 in a one-core run of the suite).
 * Set on a 2-core machine (loop 19-21 ms, CPU x3.6-4.1): /login 1.59 to 2.11 in twelve runs at
 * d815631 (wall time), 1.43 to 1.63 at 42eb068 (CPU time), on two cores and on one; the home 3.62
 * to 5.74 (wall), then 3.84 to 4.07 on two cores and 5.01 to 5.03 on one (CPU). The budgets are
 * half as much again as the medians of the one-core runs; blocking times are reported beside them.
 */
const BUDGET = { login: 2.7, home: 7.8 } as const
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

/** Resolves once the main thread has had a quiet moment: an idle callback that was not forced by
 *  its timeout. A page that gives none in three tries (30 s) is measured as it is: all that time
 *  was its main thread's, and the budget says so in figures rather than in a timeout. */
const quiet = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => {
    let forced = 0
    const wait = () => requestIdleCallback((deadline) => {
      if (deadline.didTimeout || deadline.timeRemaining() < 40) {
        forced += deadline.didTimeout ? 1 : 0
        if (forced < 3) wait()
        else resolve()
      } else resolve()
    }, { timeout: 10_000 })
    wait()
  }))

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** What a page cost its main thread, opened cold: the blocking time of its long tasks (beyond 50 ms
 *  each, as Lighthouse sums it) and the time of all its tasks (the renderer's main thread in a trace). */
interface Cost { blocking: number; busy: number; wall: number }


/**
 * The time of every task on a renderer's main thread in a Chromium trace, in ms: its thread's CPU
 * time (`tdur`), not the task's wall time (`dur`), which also counts the moments another process
 * had the core (on one core the reference server answering the home's calls stretched its tasks
 * until the ratio was 8.2 against 5.2 on two).
 */
function mainThreadMs(trace: Buffer): { cpu: number; wall: number } {
  const tasks = mainThreadEvents(trace, 'ThreadControllerImpl::RunTask')
  const ms = (micros: number) => Math.round(micros / 1000)
  return { cpu: ms(tasks.reduce((sum, event) => sum + (event.tdur ?? 0), 0)), wall: ms(tasks.reduce((sum, event) => sum + (event.dur ?? 0), 0)) }
}

/** How many runs may be measured again after a cut trace before the test gives up and says so. */
const CUT_RETRIES = 3

async function costOf(page: Page, rate: number, path: string, shown: () => Promise<void>): Promise<Cost> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await page.addInitScript(RECORD_LONG_TASKS)
  const browser = page.context().browser()!
  await browser.startTracing(page, { categories: ['toplevel'] })
  let trace: Buffer
  try {
    await page.goto(path)
    await shown()
    await quiet(page)
  } finally {
    trace = await browser.stopTracing()
  }
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)
  const { cpu, wall } = mainThreadMs(trace)
  return { blocking: Math.round(tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0)), busy: cpu, wall }
}

test.describe('blocking time at phone speed (issue 32)', () => {
  // About 60 s on two cores, 162 s pinned to one beside the other stages: bounded for a machine
  // three times slower than that.
  test.describe.configure({ mode: 'serial', timeout: 480_000 })

  test('/login and the member home stay within their blocking-time budgets', async ({ browser, context, request, strings }) => {
    const calibrated = await machineMs(browser)
    const rate = Math.max(1, (REFERENCE_SLOWDOWN * REFERENCE_MS) / calibrated)
    const member = await registerMember(request)
    await fund(request, member, 500)
    const measured = { reference: [] as Cost[], login: [] as Cost[], home: [] as Cost[] }
    const cutTraces: string[] = []
    while (measured.home.length < RUNS) {
      const guest = await browser.newContext()
      try {
        const yardstick = await guest.newPage()
        await yardstick.route(REFERENCE_URL, (route) => route.fulfill({ contentType: 'text/html', body: REFERENCE_PAGE }))
        const reference = await costOf(yardstick, rate, REFERENCE_URL, () => expect(yardstick.locator('body[data-done]')).toBeAttached())
        await yardstick.close()
        // A guest's context of its own: the member's token, stored by the home's pages, would skip /login.
        const loginPage = await guest.newPage()
        const login = await costOf(loginPage, rate, '/login', () => expect(loginPage.getByLabel(strings.fields.phone)).toBeEditable())
        const homePage = await context.newPage()
        try {
          await signedIn(homePage, member)
          const home = await costOf(homePage, rate, '/user/home', () => expect(homePage.getByTestId('total-balance')).toBeVisible())
          // A run counts whole or not at all: each ratio is a screen over the yardstick of its own run.
          measured.reference.push(reference)
          measured.login.push(login)
          measured.home.push(home)
        } finally {
          await homePage.close()
        }
      } catch (error) {
        if (!(error instanceof TraceCut) || cutTraces.length >= CUT_RETRIES) throw error
        cutTraces.push(error.message)
      } finally {
        await guest.close()
      }
    }
    const ratio = (costs: Cost[], of: 'busy' | 'wall' = 'busy') => median(costs.map((cost, run) => cost[of] / measured.reference[run][of]))
    const ratios = { login: ratio(measured.login), home: ratio(measured.home) }
    const result = {
      machineMs: Number(calibrated.toFixed(1)),
      rate: Number(rate.toFixed(2)),
      busyMs: { reference: median(measured.reference.map((cost) => cost.busy)), login: median(measured.login.map((cost) => cost.busy)), home: median(measured.home.map((cost) => cost.busy)) },
      blockingMs: { reference: median(measured.reference.map((cost) => cost.blocking)), login: median(measured.login.map((cost) => cost.blocking)), home: median(measured.home.map((cost) => cost.blocking)) },
      ratio: { login: Number(ratios.login.toFixed(2)), home: Number(ratios.home.toFixed(2)) },
      wallRatio: { login: Number(ratio(measured.login, 'wall').toFixed(2)), home: Number(ratio(measured.home, 'wall').toFixed(2)) },
      runs: measured,
      cutTraces,
    }
    test.info().annotations.push({ type: 'blocking time', description: JSON.stringify(result) })
    console.log(`[blocking time] ${JSON.stringify(result)}`)
    expect(measured.reference.every((cost) => cost.busy > 0), 'the yardstick keeps the main thread busy').toBe(true)
    expect(result.ratio.login, `/login's main-thread time over the yardstick's at CPU x${result.rate}`).toBeLessThanOrEqual(BUDGET.login)
    expect(result.ratio.home, `the home's main-thread time over the yardstick's at CPU x${result.rate}`).toBeLessThanOrEqual(BUDGET.home)
  })
})
