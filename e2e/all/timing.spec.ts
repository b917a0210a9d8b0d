// The timings of spec 9, measured inside the page (performance.now()) so Playwright's polling
// does not blur them: the loader bar waits 200 ms, the register success waits 2 s for /login.
import type { Page } from '@playwright/test'
import type { ContactInfo } from '../../contract'
import { bankStep, devPost, expect, freshPhone, holdAnswers, hostLanguage, phoneStepToProfile, profileStep, REDIRECT_AFTER_REGISTER_MS, test } from '../fixtures'

const LOADER_DELAY_MS = 200

interface Timeline {
  /** Every XHR the app sent (axios is XHR-only), with when it went out and when it ended. */
  calls: { url: string; sentAt: number; endAt?: number }[]
  /** Each time the loader bar appeared or went away. */
  bar: { at: number; shown: boolean }[]
}

/** Installed before the app runs: records the page's calls and loader bar. */
const TIMELINE = () => {
  const log: Timeline = { calls: [], bar: [] }
  Object.assign(window, { __timeline: log })
  // From open(): the app counts the call as pending just before, and axios sets its own handlers
  // just after, so endAt is taken before the app hears of the answer.
  const open = XMLHttpRequest.prototype.open
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL, async: boolean = true, user?: string | null, password?: string | null) {
    const call: Timeline['calls'][number] = { url: String(url), sentAt: performance.now() }
    log.calls.push(call)
    this.addEventListener('loadend', () => {
      call.endAt = performance.now()
    })
    open.call(this, method, url, async, user, password)
  }
  let shown = false
  new MutationObserver(() => {
    const now = document.querySelector('.loader-bar') !== null
    if (now !== shown) log.bar.push({ at: performance.now(), shown: (shown = now) })
  }).observe(document, { childList: true, subtree: true })
}

interface TimelineWindow {
  __timeline: Timeline
}
const timeline = (page: Page) => page.evaluate(() => (window as unknown as TimelineWindow).__timeline)

const contactCalls = async (page: Page) =>
  (await timeline(page)).calls.filter((call) => new URL(call.url, 'http://app').pathname === '/api/lookup/contact')

/** The screen's one contact call, once it has answered. */
async function contactCall(page: Page) {
  await expect.poll(async () => (await contactCalls(page)).map((call) => call.endAt !== undefined)).toEqual([true])
  return (await contactCalls(page))[0]
}

test.describe('the loader bar (spec 9)', () => {
  let contact: ContactInfo
  test.beforeEach(async ({ page, platform, request }) => {
    contact = (await (await request.get('/api/lookup/contact')).json()) as ContactInfo
    await page.addInitScript(TIMELINE)
    // The language stored, as a player's choice: in LINE the app starts in the browser's language
    // and takes LIFF's once LIFF has started, reading the screen again in it (issue 51), and when
    // LIFF came after the contact call had gone out, the screen made two (a clean-clone run).
    await page.addInitScript((language) => localStorage.setItem('locale', language), hostLanguage(platform))
  })

  test('does not show for a call that answers within 200 ms', async ({ page, open, strings }) => {
    // The page's clock stands still while a call is out and moves on, 50 ms at a time, only when
    // none is: on the page's clock every call answers within the delay (a call that starts during a
    // step is out for less than the step), however slow the machine.
    await page.clock.install()
    await page.clock.pauseAt(new Date(Date.now() + 60_000))
    await open('/contact')
    const heading = page.getByRole('heading', { name: strings.contact.title })
    await expect.poll(async () => {
      const { calls } = await timeline(page)
      const out = calls.filter((call) => call.endAt === undefined)
      if (out.length > 0) return `out: ${out.map((call) => call.url).join(', ')}`
      if ((await contactCalls(page)).length === 1 && (await heading.isVisible())) return 'shown'
      await page.clock.runFor(50)
      return 'starting'
    }, { intervals: [20] }).toBe('shown')
    // Past the delay with nothing pending: a bar that ever showed is in the timeline.
    await page.clock.runFor(LOADER_DELAY_MS * 2)
    const { bar, calls } = await timeline(page)
    expect(calls.every((each) => each.endAt !== undefined && each.endAt - each.sentAt < LOADER_DELAY_MS)).toBe(true)
    expect(bar).toEqual([])
  })

  test('shows 200 ms after a slow call went out, until it answers', async ({ page, open, strings }) => {
    const slow = await holdAnswers(page, '**/api/lookup/contact', (route) => route.fulfill({ json: contact }))
    // In LINE, LIFF's code comes only once the contact call has gone out: the order that made two
    // calls before the language was stored (above); held so, the test without it fails every time.
    const sdk = await holdAnswers(page, '**/assets/line-*.js')
    await open('/contact')
    await expect.poll(slow.sent).toBe(1)
    sdk.release()
    const loader = page.getByRole('progressbar', { name: strings.common.loading })
    await expect(loader).toBeVisible()
    slow.release()
    await expect(loader).toBeHidden()
    const call = await contactCall(page)
    const { bar } = await timeline(page)
    expect(bar.map((each) => each.shown)).toEqual([true, false])
    const [appeared, left] = bar
    // Not before the delay (less a few ms: the app counts the call a little before open()), and
    // soon after it.
    expect(appeared.at - call.sentAt).toBeGreaterThanOrEqual(LOADER_DELAY_MS - 10)
    expect(appeared.at - call.sentAt).toBeLessThan(LOADER_DELAY_MS + 500)
    expect(left.at).toBeGreaterThanOrEqual(call.endAt!)
  })
})

test('after registering, the success message stays 2 s, then /login with the phone filled in and the password focused', async ({ page, open, request, strings }) => {
  await devPost(request, '/dev/settings', { registerOTP: false })
  await page.clock.install()
  const phone = freshPhone()
  await open('/register')
  await phoneStepToProfile(page, strings, phone)
  await profileStep(page, strings)
  // The account's creation is held while the page's clock is paused, so the 2 s from the success
  // on are the page's time, moved only by the test: an installed clock also flows on its own, and a
  // machine slow to reach the next line would have spent some of them already. (Paused a few
  // seconds on: a moment past, by the time the call arrives, would be refused.)
  const created = await holdAnswers(page, '**/api/account')
  await bankStep(page, strings, phone)
  await expect.poll(created.sent).toBe(1)
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 5000))
  created.release()
  await expect(page.getByRole('status').filter({ hasText: strings.register.successTitle })).toBeVisible()
  // The page's clock is moved on: most of the 2 s leaves the success in place, the rest ends it.
  await page.clock.runFor(REDIRECT_AFTER_REGISTER_MS - 500)
  await expect(page).toHaveURL(/\/register(#.*)?$/)
  await expect(page.getByRole('status').filter({ hasText: strings.register.successTitle })).toBeVisible()
  await page.clock.runFor(500)
  await expect(page).toHaveURL(/\/login(#.*)?$/)
  // The login screen's own waits (its service check) take their time again.
  await page.clock.resume()
  await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
  await expect(page.getByLabel(strings.fields.phone)).toHaveValue(phone)
  await expect(page.getByLabel(strings.fields.password, { exact: true })).toBeFocused()
})
