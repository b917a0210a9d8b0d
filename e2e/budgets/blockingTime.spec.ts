// Issue 32 §2: the main thread's cost of the first screens, watched inside `npm test` (the budgets
// project, which runs after every host's tests, alone on the machine). /login and the
// member home are opened cold on a phone-speed CPU, and the time their long tasks block the main
// thread beyond 50 ms each (total blocking time, as Lighthouse sums it) must stay under a budget.
//
// "Phone speed" is measured, not assumed: a fixed piece of JavaScript is timed on this machine
// first, and the CPU is slowed by as much as makes it take what it takes at CPU x4 on the machine
// the budgets were set on. A machine three times slower is slowed less, and the page meets the
// same phone; only a machine slower than that phone itself runs unthrottled, and slower.
import type { Browser, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { fund, registerMember, signedIn } from '../walletMembers'

/** The calibration loop's time on the machine the budgets were set on (2 cores, Node 20), at CPU x1 (ms, fastest of 5). */
const REFERENCE_MS = 19
/** The slowdown the budgets were set at on that machine (Lighthouse's mobile CPU). */
const REFERENCE_SLOWDOWN = 4
/**
 * Budgets (ms of blocking time, median of the runs). Set from efccf21 on the reference machine:
 * /login 35 to 55 ms, the home 240 to 290 ms (one run of 470 beside another test worker); lowered
 * for the home at 0f76a9f (its frame in the page, carousels one by one when idle): medians of 195
 * and 199 ms in two full suites, runs from 126 to 258 ms. Lowered again for the home at db59f25
 * (carousels in transitions, the one below the screen when the player reaches it, swiper started
 * after a frame): medians of 125 and 114 ms in two full suites, runs from 90 to 151 ms. Lowered
 * again at f18dc2f (no ICU number data, start-up split into tasks, the cards rendered after the
 * wallet's answer): median 84 ms in a full suite, runs from 80 to 98 ms, where the suite before
 * gave 133 (90 to 157). The room is for that noise.
 */
const BUDGET_MS = { login: 150, home: 170 } as const
const RUNS = 5

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
    const measured = { login: [] as number[], home: [] as number[] }
    for (let run = 0; run < RUNS; run += 1) {
      // A guest's context of its own: the member's token, stored by the home's pages, would skip /login.
      const guest = await browser.newContext()
      const login = await guest.newPage()
      measured.login.push(await blockingTime(login, rate, '/login', () => expect(login.getByLabel(strings.fields.phone)).toBeEditable()))
      await guest.close()
      const home = await context.newPage()
      await signedIn(home, member)
      measured.home.push(await blockingTime(home, rate, '/user/home', () => expect(home.getByTestId('total-balance')).toBeVisible()))
      await home.close()
    }
    const result = { machineMs: Number(calibrated.toFixed(1)), rate: Number(rate.toFixed(2)), login: median(measured.login), home: median(measured.home), runs: measured }
    test.info().annotations.push({ type: 'blocking time (ms)', description: JSON.stringify(result) })
    console.log(`[blocking time] ${JSON.stringify(result)}`)
    expect(result.login, `/login blocking time at CPU x${result.rate}`).toBeLessThanOrEqual(BUDGET_MS.login)
    expect(result.home, `/user/home blocking time at CPU x${result.rate}`).toBeLessThanOrEqual(BUDGET_MS.home)
  })
})
