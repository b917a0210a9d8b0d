// A W3C WebDriver session on WebKitGTK (issue 48): Debian's WebKitWebDriver drives MiniBrowser, the
// WebKit of every iPhone's LINE and Telegram. Playwright drives only its own WebKit build, which
// cannot be downloaded here, so these tests speak WebDriver's HTTP protocol themselves: a session,
// a page, scripts, and real clicks and keys on elements a query finds.
import { expect } from '@playwright/test'

/** Where Debian's webkit2gtk-driver puts the browser it drives. */
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

/** The key W3C WebDriver gives a DOM element in JSON. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'
type ElementRef = { [ELEMENT_KEY]: string }

/** An element as the page finds it: by role (the parts of ARIA the tests use) or CSS, its
 *  accessible name or text, inside another query's element. */
export interface Query {
  role?: 'button' | 'link' | 'heading' | 'dialog' | 'alertdialog' | 'tab' | 'textbox' | 'status' | 'alert' | 'navigation' | 'img' | 'checkbox' | 'combobox'
  css?: string
  /** The accessible name (for a field, its label): whole when some element's is, else a part of it. */
  name?: string
  /** Text the element contains. */
  text?: string | RegExp
  within?: Query
  /** Found whether it shows or not (a file input under its label). */
  hidden?: boolean
}

/** In the page: the visible elements a Query finds (the function is sent as its source). */
const FIND = function (this: void, query: string): Element[] {
  type Q = { role?: string; css?: string; name?: string; text?: string; textRe?: string; within?: Q; hidden?: boolean }
  const ROLES: Record<string, string> = {
    button: 'button, [role=button], input[type=submit]',
    link: 'a[href], [role=link]',
    heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
    dialog: 'dialog, [role=dialog]',
    alertdialog: '[role=alertdialog]',
    tab: '[role=tab]',
    textbox: 'input:not([type]), input[type=text], input[type=tel], input[type=password], input[type=url], input[type=number], textarea, [role=textbox]',
    status: '[role=status], output',
    alert: '[role=alert]',
    navigation: 'nav, [role=navigation]',
    img: 'img, svg[role=img], [role=img]',
    checkbox: 'input[type=checkbox], [role=checkbox]',
    combobox: 'select, [role=combobox]',
  }
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()
  const nameOf = (element: Element): string => {
    const labelled = element.getAttribute('aria-labelledby')
    if (labelled) return squash(labelled.split(' ').map((id) => document.getElementById(id)?.textContent).join(' '))
    const label = element.getAttribute('aria-label')
    if (label) return squash(label)
    const labels = (element as HTMLInputElement).labels
    if (labels && labels.length > 0) return squash([...labels].map((l) => l.textContent).join(' '))
    if (element instanceof HTMLImageElement) return squash(element.alt)
    return squash(element.textContent)
  }
  const visible = (element: Element) => {
    if (element.closest('[inert], [aria-hidden=true]')) return false
    const style = getComputedStyle(element)
    return element.getClientRects().length > 0 && style.visibility !== 'hidden'
  }
  const find = (q: Q): Element[] => {
    const scopes: ParentNode[] = q.within ? find(q.within) : [document]
    const selector = q.css ?? ROLES[q.role ?? ''] ?? '*'
    const found = scopes.flatMap((scope) => [...scope.querySelectorAll(selector)])
    const named = q.name === undefined ? found : found.filter((element) => nameOf(element) === q.name)
    const candidates = named.length > 0 || q.name === undefined ? named : found.filter((element) => nameOf(element).includes(q.name!))
    const matching = candidates.filter((element) => (q.hidden || visible(element))
      && (q.text === undefined || squash(element.textContent).includes(q.text))
      && (q.textRe === undefined || new RegExp(q.textRe).test(squash(element.textContent))))
    // Of elements inside one another that all match, the innermost (a text is in its ancestors too).
    return [...new Set(matching)].filter((element) => !matching.some((other) => other !== element && element.contains(other)))
  }
  return find(JSON.parse(query) as Q)
}

/** A Query as the page's FIND reads it (a RegExp travels as its source). */
function serialize(query: Query): string {
  const plain = (q: Query): object => ({
    ...q,
    text: typeof q.text === 'string' ? q.text : undefined,
    textRe: q.text instanceof RegExp ? q.text.source : undefined,
    within: q.within ? plain(q.within) : undefined,
  })
  return JSON.stringify(plain(query))
}

const describe = (query: Query): string => JSON.stringify(query, (_key, value: unknown) => (value instanceof RegExp ? String(value) : value))

class WebDriverError extends Error {
  constructor(readonly error: string, message: string) {
    super(`${error}: ${message}`)
  }
}

/** An element the test waits for before it acts: moving, or under another (ACTIONABLE's word). */
class NotReady extends Error {}

/** In the page: whether a finger could tap the element now, as Playwright judges before a click.
 *  It must hold still for two frames (the chat's bubble glides up clear of a control) and be the
 *  top thing at its centre; one that is not (under the screen's edge, under the bottom menu, out of
 *  a tab strip's view) is brought to the middle, and judged again (WebDriver's own scrolling stops
 *  at the screen's edge). */
const ACTIONABLE = function (this: void, element: HTMLElement, done: (state: string) => void): void {
  const where = () => {
    const box = element.getBoundingClientRect()
    return [box.left, box.top, box.width, box.height].join()
  }
  const before = where()
  requestAnimationFrame(() => requestAnimationFrame(() => {
    if (where() !== before) return done('moving')
    const box = element.getBoundingClientRect()
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    if (top && element.contains(top)) return done('ready')
    element.scrollIntoView({ block: 'center', inline: 'center' })
    done(`under ${top ? top.outerHTML.slice(0, 80) : 'nothing'}`)
  }))
}

/** Errors of an element the page replaced while the test reached for it (React re-rendered it).
 *  "Could not parse script result": WebKitWebDriver's answer to a script (the look for the element,
 *  or whether it is ready) whose element the page replaced as the result came back; seen once in a
 *  clean-clone run on the bell's list, as the sheet's content arrived. It comes from a script,
 *  never from the click itself, so looking again cannot click twice. */
const STALE = /stale element reference|no such element|element not interactable|element click intercepted|Could not parse script result/

interface OpenOptions {
  /** Makes the new browser ready for the test (bounded with the launch). */
  setUp: (page: WebKitPage) => Promise<void>
  /** Told when the first browser was not ready in time and another is opened. */
  relaunched: () => void
  readyMs?: number
}

export class WebKitPage {
  /** Bounds every command while the page is being set up (open); none afterwards, where the test's own waits bound them. */
  private setUpBound: AbortSignal | undefined

  private constructor(private readonly driver: string, private readonly session: string, readonly baseURL: string) {}

  /**
   * A new MiniBrowser, at a phone's size, its storage its own, made ready by `setUp`. The whole of
   * it is bounded: in full runs (issue 48, a loaded machine) the driver once never answered the new
   * session, and once answered it but never the next command, and each time the test timed out
   * before its first step. A browser not ready in `readyMs` is closed and another one opened, and
   * `relaunched` is told (the test notes it); a second not ready in time fails, saying so.
   */
  static async open(driver: string, baseURL: string, { setUp, relaunched, readyMs = LAUNCH_MS }: OpenOptions): Promise<WebKitPage> {
    const attempt = async (): Promise<WebKitPage> => {
      const bound = AbortSignal.timeout(readyMs)
      const created = await call<{ sessionId: string }>(`${driver}/session`, 'POST', {
        capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
      }, bound)
      const page = new WebKitPage(driver, created.sessionId, baseURL)
      page.setUpBound = bound
      try {
        await page.command('/window/rect', 'POST', { width: 390, height: 844 })
        await setUp(page)
      } catch (error) {
        await page.close()
        throw error
      }
      page.setUpBound = undefined
      return page
    }
    return attempt().catch(async (error: unknown) => {
      if ((error as Error).name !== 'TimeoutError') throw error
      relaunched()
      return attempt().catch((again: unknown) => {
        throw (again as Error).name === 'TimeoutError' ? new Error(`MiniBrowser was not ready within ${readyMs / 1000} s, twice`) : again
      })
    })
  }

  /** Ends the session; a driver that does not answer is left to end with the worker. */
  async close(): Promise<void> {
    await call(`${this.driver}/session/${this.session}`, 'DELETE', undefined, AbortSignal.timeout(CLOSE_MS)).catch(() => undefined)
  }

  private command<T>(path: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', body?: unknown): Promise<T> {
    return call<T>(`${this.driver}/session/${this.session}${path}`, method, body, this.setUpBound)
  }

  /** Loads a path of the app (or a whole URL). */
  async goto(path: string): Promise<void> {
    await this.command('/url', 'POST', { url: new URL(path, this.baseURL).href })
  }

  /** Waits until the app has taken the page over from the screen the build prerendered in it
   *  (scripts/prerender.ts), whose form does nothing until then. */
  async appStarted(): Promise<void> {
    await expect.poll(() => this.evaluate<boolean>(`return document.getElementById('prerendered') === null && document.getElementById('root').childElementCount > 0`), { message: 'the app to take the page over' }).toBe(true)
  }

  /**
   * Holds the page's timeouts of `ms` or longer until `releaseTimers`, as the Chromium tests stop
   * Playwright's clock (e2e/fixtures.ts `stopClock`; WebDriver has no clock of its own): a state
   * that lasts a set time (the registration's success, 2 s) is there however late a loaded machine
   * looks for it. Shorter ones (the app's loads and retries, React's scheduler) run as before.
   */
  async holdTimers(ms: number): Promise<void> {
    await this.evaluate(`
      const min = arguments[0], realSet = window.setTimeout, realClear = window.clearTimeout, held = new Map()
      let next = 2 ** 30
      window.__releaseTimers = () => {
        window.setTimeout = realSet
        window.clearTimeout = realClear
        // Those due at the held time run now; longer ones start their wait afresh.
        for (const [id, { run, delay }] of [...held]) { held.delete(id); if (delay <= min) run(); else realSet.call(window, run, delay) }
      }
      window.setTimeout = function (handler, delay, ...args) {
        if (!(delay >= min) || typeof handler !== 'function') return realSet.call(window, handler, delay, ...args)
        const id = next++
        held.set(id, { run: () => handler(...args), delay })
        return id
      }
      window.clearTimeout = (id) => { if (!held.delete(id)) realClear.call(window, id) }
    `, ms)
  }

  /** Runs the timeouts `holdTimers` held (those of its `ms`; longer ones wait their time again), in
   *  the order they were set, and lets the clock flow again. */
  async releaseTimers(): Promise<void> {
    await this.evaluate('window.__releaseTimers()')
  }

  async url(): Promise<URL> {
    return new URL(await this.command<string>('/url'))
  }

  /** Runs `script` (a function's body; `arguments` holds `args`) in the page and gives its result. */
  evaluate<T>(script: string, ...args: unknown[]): Promise<T> {
    return this.command<T>('/execute/sync', 'POST', { script, args })
  }

  /** Waits for a promise the script returns (its body ends by calling arguments[arguments.length - 1]). */
  evaluateAsync<T>(script: string, ...args: unknown[]): Promise<T> {
    return this.command<T>('/execute/async', 'POST', { script, args })
  }

  private async elements(query: Query): Promise<ElementRef[]> {
    return this.evaluate<ElementRef[]>(`return (${FIND.toString()})(arguments[0])`, serialize(query))
  }

  /** How many visible elements the query finds now. */
  async count(query: Query): Promise<number> {
    return (await this.elements(query)).length
  }

  /** Waits until the query finds exactly one visible element, and acts on it; an element React
   *  replaced meanwhile is looked for again. */
  private async withElement<T>(query: Query, act: (id: string) => Promise<T>): Promise<T> {
    let result: { value: T } | undefined
    await expect.poll(async () => {
      try {
        const found = await this.elements(query)
        if (found.length !== 1) return `${found.length} elements`
        result = { value: await act(found[0][ELEMENT_KEY]) }
        return 'done'
      } catch (error) {
        if (error instanceof NotReady || (error instanceof WebDriverError && STALE.test(error.message))) return error.message
        throw error
      }
    }, { message: describe(query) }).toBe('done')
    return result!.value
  }

  /** Clicks the element where a finger would: WebDriver's own scrolling stops at the screen's edge,
   *  under the bottom menu, so one out of reach is brought to the middle of the screen first. */
  async click(query: Query): Promise<void> {
    await this.withElement(query, async (id) => {
      await this.actionable(id)
      await this.command(`/element/${id}/click`, 'POST', {})
    })
  }

  /** Throws NotReady (withElement looks again) until a finger could reach the element: still, and
   *  the topmost thing at its middle. A field of a form the app holds inert and hidden (/login while
   *  its service check runs) is not: typed into then, the keys went nowhere or after the focus the
   *  form moves once it shows (a clean run on one core typed a phone number that was not the one
   *  given, issue 48). */
  private async actionable(id: string): Promise<void> {
    const state = await this.evaluateAsync<string>(`(${ACTIONABLE.toString()})(...arguments)`, { [ELEMENT_KEY]: id })
    if (state !== 'ready') throw new NotReady(state)
  }

  /** Gives a file input a file, as choosing one does (`input` and `change`); WebKitGTK's driver
   *  refuses to type a path into a hidden input, the way the app styles it. */
  async setFile(query: Query, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.withElement({ ...query, hidden: true }, (id) => this.evaluate(`const [input, name, type, base64] = arguments
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const files = new DataTransfer()
      files.items.add(new File([bytes], name, { type }))
      input.files = files.files
      input.dispatchEvent(new Event('input', { bubbles: true }))
      input.dispatchEvent(new Event('change', { bubbles: true }))`, { [ELEMENT_KEY]: id }, file.name, file.mimeType, file.buffer.toString('base64')))
  }

  /** Types into a field as a player does, after clearing it. */
  async fill(query: Query, text: string): Promise<void> {
    await this.withElement(query, async (id) => {
      await this.actionable(id)
      await this.command(`/element/${id}/clear`, 'POST', {})
      if (text !== '') await this.command(`/element/${id}/value`, 'POST', { text })
    })
  }

  /** Presses keys in a field (WebDriver's key codes: '\uE007' is Enter). */
  async press(query: Query, keys: string): Promise<void> {
    await this.withElement(query, async (id) => {
      await this.actionable(id)
      await this.command(`/element/${id}/value`, 'POST', { text: keys })
    })
  }

  /** Chooses a <select>'s option by its value. */
  async select(query: Query, value: string): Promise<void> {
    await this.withElement(query, (id) => this.command(`/element/${id}/element`, 'POST', { using: 'css selector', value: `option[value="${value}"]` })
      .then((option) => this.command(`/element/${(option as ElementRef)[ELEMENT_KEY]}/click`, 'POST', {})))
  }

  /** Waits for the query's one element and gives its text, whitespace squashed. */
  async text(query: Query): Promise<string> {
    return this.withElement(query, (id) => this.command<string>(`/element/${id}/text`)).then((text) => text.replace(/\s+/g, ' ').trim())
  }

  /** Waits for the query's one element and gives its text content, whitespace squashed: what the
   *  page holds, whatever the driver's rules of visible text (WebKitGTK's leaves out the clipped part
   *  of a reference shortened in the middle, though it is painted whole when there is room). */
  async content(query: Query): Promise<string> {
    return this.withElement(query, (id) => this.evaluate<string>('return arguments[0].textContent', { [ELEMENT_KEY]: id }))
      .then((text) => text.replace(/\s+/g, ' ').trim())
  }

  async value(query: Query): Promise<string> {
    return this.withElement(query, (id) => this.command<string>(`/element/${id}/property/value`))
  }

  async enabled(query: Query): Promise<boolean> {
    return this.withElement(query, (id) => this.command<boolean>(`/element/${id}/enabled`))
  }

  /** Waits until the query finds its element. */
  async visible(query: Query): Promise<void> {
    await this.withElement(query, async () => undefined)
  }

  /** Waits until the query finds nothing. */
  async hidden(query: Query): Promise<void> {
    await expect.poll(() => this.count(query), { message: `${describe(query)} to go` }).toBe(0)
  }

  /** Waits until the query's element holds the text. */
  async hasText(query: Query, text: string | RegExp): Promise<void> {
    await expect.poll(() => this.text(query), { message: describe(query) }).toMatch(text)
  }

  /** Waits until the page is at a path matching `path`. */
  async at(path: RegExp): Promise<void> {
    await expect.poll(async () => {
      const url = await this.url()
      return url.pathname + url.search
    }).toMatch(path)
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.command<string>('/screenshot'), 'base64')
  }
}

/** How long a MiniBrowser may take to open its session and be set up before another is opened. */
const LAUNCH_MS = 30_000
/** How long closing a session may take. */
const CLOSE_MS = 10_000

async function call<T>(url: string, method: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { method, signal, headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
  const reply = (await response.json()) as { value: T & { error?: string; message?: string } }
  if (!response.ok) throw new WebDriverError(reply.value.error ?? String(response.status), reply.value.message ?? '')
  return reply.value
}
