import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { takeEarly, takeEarlyActiveAnswer } from '../../src/api/early'
import { TIMEOUT_MS } from '../../src/api/timeouts'
import { prepaint, type Preload, type PrepaintManifest } from '../../src/prepaint'

const MANIFEST: PrepaintManifest = {
  locale: {
    th: { core: '/assets/core-th.js', rest: '/assets/rest-th.js' },
    la: { core: '/assets/core-la.js', rest: '/assets/rest-la.js' },
    en: { core: '/assets/core-en.js', rest: '/assets/rest-en.js' },
  },
  screens: { '/contact': ['/assets/ContactPage.js', '/assets/api.js'], '/user/home': ['/assets/MemberLayout.js', '/assets/HomePage.js'] },
  images: { '/contact': '/line-qr.png' },
  client: ['/assets/axios.js'],
}

/** What the page's line of script asks for once the page has painted, in order. */
let asked: Preload[] = []
const preloaded = () => asked.map((link) => `${link.as ? `preload:${link.as}` : 'modulepreload'} ${link.href}`)

function telegramHash(theme: object, languageCode: string): string {
  const data = new URLSearchParams({ user: JSON.stringify({ id: 1, language_code: languageCode }), auth_date: '1', hash: 'h', signature: 's' })
  return `#${new URLSearchParams({ tgWebAppData: data.toString(), tgWebAppPlatform: 'android', tgWebAppVersion: '8.0', tgWebAppThemeParams: JSON.stringify(theme) })}`
}

function withNavigatorLanguage(language: string, run: () => void): void {
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'language')!
  Object.defineProperty(Navigator.prototype, 'language', { configurable: true, get: () => language })
  try {
    run()
  } finally {
    Object.defineProperty(Navigator.prototype, 'language', original)
  }
}

/** What the page asked the network for, answering each as `answers` says. */
function recordFetches(answers: Record<string, unknown>): { url: string; headers: Record<string, string> }[] {
  const asked: { url: string; headers: Record<string, string> }[] = []
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push({ url, headers: { ...(init?.headers as Record<string, string>) } })
    const body = answers[url]
    return new Response(JSON.stringify(body ?? { message: 'NO_DATA' }), { status: body === undefined ? 404 : 200 })
  })
  return asked
}

type PageWindow = Window & { __walletPreloads?: () => Preload[] }

/** The prepaint script, then what the page's line of script does once the page has painted
 *  (scripts/prerender.ts): nothing of the app is asked for before that paint. */
function prepaintAndPaint(...args: Parameters<typeof prepaint>): void {
  const links = () => document.head.querySelectorAll('link').length
  const before = links()
  prepaint(...args)
  expect(links()).toBe(before)
  asked = (window as PageWindow).__walletPreloads?.() ?? []
}

describe('prepaint (inline in index.html)', () => {
  beforeEach(() => {
    recordFetches({ '/config.json': { apiBase: '' } })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    takeEarly('config')
    takeEarly('active')
    document.head.innerHTML = ''
    document.documentElement.removeAttribute('style')
    delete document.documentElement.dataset.theme
    localStorage.clear()
    history.replaceState(null, '', '/')
    delete (window as PageWindow).__walletPreloads
    asked = []
  })

  it("paints a dark Telegram theme and preloads the Telegram user's language", () => {
    history.replaceState(null, '', `/login${telegramHash({ bg_color: '#17212b', text_color: '#f5f5f5' }, 'lo')}`)
    prepaintAndPaint(MANIFEST)
    const root = document.documentElement
    expect(root.dataset.theme).toBe('dark')
    expect(root.style.getPropertyValue('--bg')).toBe('#17212b')
    expect(root.style.getPropertyValue('--text')).toBe('#f5f5f5')
    expect(preloaded()).toEqual(['modulepreload /assets/core-la.js'])
  })

  it('preloads the stored language over the host language, and touches no theme outside Telegram', () => {
    localStorage.setItem('locale', 'en')
    prepaintAndPaint(MANIFEST, '/login')
    expect(preloaded()).toEqual(['modulepreload /assets/core-en.js'])
    expect(document.documentElement.dataset.theme).toBeUndefined()
    expect(document.documentElement.getAttribute('style')).toBeNull()
  })

  it('preloads the browser language, and no strings for a language the app does not have', () => {
    withNavigatorLanguage('th-TH', () => prepaintAndPaint(MANIFEST, '/login'))
    expect(preloaded()).toEqual(['modulepreload /assets/core-th.js'])
    document.head.innerHTML = ''
    withNavigatorLanguage('zh-CN', () => prepaintAndPaint(MANIFEST, '/contact'))
    expect(preloaded()).toEqual(['modulepreload /assets/ContactPage.js', 'modulepreload /assets/api.js', 'modulepreload /assets/axios.js', 'preload:image /line-qr.png'])
  })

  it("preloads a lazy screen's chunks, the rest of the strings and its image", () => {
    withNavigatorLanguage('en-US', () => prepaintAndPaint(MANIFEST, '/contact'))
    expect(preloaded()).toEqual([
      'modulepreload /assets/core-en.js',
      'modulepreload /assets/rest-en.js',
      'modulepreload /assets/ContactPage.js',
      'modulepreload /assets/api.js',
      'modulepreload /assets/axios.js',
      'preload:image /line-qr.png',
    ])
  })

  it('preloads the member home for / only with a session; without one, /login needs the core only', () => {
    withNavigatorLanguage('en-US', () => prepaintAndPaint(MANIFEST, '/'))
    expect(preloaded()).toEqual(['modulepreload /assets/core-en.js'])
    document.head.innerHTML = ''
    localStorage.setItem('token', 'abc')
    withNavigatorLanguage('en-US', () => prepaintAndPaint(MANIFEST, '/'))
    expect(preloaded()).toEqual([
      'modulepreload /assets/core-en.js',
      'modulepreload /assets/rest-en.js',
      'modulepreload /assets/MemberLayout.js',
      'modulepreload /assets/HomePage.js',
      'modulepreload /assets/axios.js',
    ])
  })

  it('asks for the config and, when /login opens, for the service check, before the app arrives', async () => {
    const wallet = { profile: { _id: '1' }, wallet: { amount: 5, currency: 'THB' }, invite: {}, slots: [] }
    const asked = recordFetches({
      '/config.json': { apiBase: 'https://api.operator.example/' },
      'https://api.operator.example/api/lookup/active': { isActive: false, terminated: false },
      'https://api.operator.example/api/wallet': wallet,
    })
    prepaintAndPaint(MANIFEST, '/') // a guest on `/` lands on /login
    await expect(takeEarly('active')).resolves.toEqual({ isActive: false, terminated: false })
    expect(takeEarly('wallet')).toBeUndefined()
    // Signed in, `/` opens the member home: no check, but the wallet home shows first, with the token.
    sessionStorage.setItem('token', 'tok')
    prepaintAndPaint(MANIFEST, '/')
    expect(takeEarly('active')).toBeUndefined()
    await expect(takeEarly('wallet')).resolves.toEqual(wallet)
    expect(asked.at(-1)).toEqual({ url: 'https://api.operator.example/api/wallet', headers: { 'X-Requested-With': 'wallet-user', Authorization: 'Bearer tok' } })
    // /login itself checks, with the token (spec 7).
    prepaintAndPaint(MANIFEST, '/login')
    await expect(takeEarly('config')).resolves.toEqual({ apiBase: 'https://api.operator.example/' })
    await expect(takeEarly('active')).resolves.toEqual({ isActive: false, terminated: false })
    expect(asked.slice(-2)).toEqual([
      { url: '/config.json', headers: {} },
      { url: 'https://api.operator.example/api/lookup/active', headers: { 'X-Requested-With': 'wallet-user', Authorization: 'Bearer tok' } },
    ])
    sessionStorage.clear()
  })

  it('hands over only a wallet: a refusal (an expired session) is left to the app\'s client', async () => {
    sessionStorage.setItem('token', 'old')
    recordFetches({ '/config.json': { apiBase: '' }, '/api/wallet': { message: 'EXPIRED_AUTH_TOKEN' } })
    prepaintAndPaint(MANIFEST, '/user/home')
    await expect(takeEarly('wallet')).resolves.toBeNull()
    sessionStorage.clear()
  })

  it('leaves the service check to the app on other screens, and hands over only a plain answer', async () => {
    const asked = recordFetches({ '/config.json': { apiBase: '' } })
    prepaintAndPaint(MANIFEST, '/contact')
    expect(takeEarly('active')).toBeUndefined()
    expect(asked.map(({ url }) => url)).toEqual(['/config.json'])
    // On /login a gone service answers 410 {message: 'gone'}: no answer is handed over, so the app
    // asks through its own client, which knows what gone means.
    recordFetches({ '/config.json': { apiBase: '' }, '/api/lookup/active': { message: 'gone' } })
    prepaintAndPaint(MANIFEST, '/login')
    await expect(takeEarly('active')).resolves.toBeNull()
  })

  it("gives up an early request after spec 7's minute, as every call: the app then asks through its own client", async () => {
    vi.useFakeTimers()
    try {
      const signals: AbortSignal[] = []
      vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
        if (url === '/config.json') return Promise.resolve(new Response(JSON.stringify({ apiBase: '' })))
        // The wallet's request hangs: no answer, no error, until it is given up.
        signals.push(init!.signal!)
        return new Promise((_, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)))
      })
      sessionStorage.setItem('token', 'tok')
      prepaintAndPaint(MANIFEST, '/user/home')
      const wallet = takeEarly('wallet')!
      let handed: unknown = 'waiting'
      void wallet.then((answer) => (handed = answer))
      await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1)
      expect(signals).toHaveLength(1)
      expect(handed).toBe('waiting')
      await vi.advanceTimersByTimeAsync(1)
      expect(signals[0].aborted).toBe(true)
      expect(handed).toBeNull()
    } finally {
      vi.useRealTimers()
      sessionStorage.clear()
    }
  })

  it('hands the answer to the first render once it has come', async () => {
    recordFetches({ '/config.json': { apiBase: '' }, '/api/lookup/active': { isActive: true, terminated: false } })
    prepaintAndPaint(MANIFEST, '/login')
    expect(takeEarlyActiveAnswer()).toBeUndefined() // not answered yet: the request stays
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(takeEarlyActiveAnswer()).toEqual({ isActive: true, terminated: false })
    expect(takeEarly('active')).toBeUndefined()
    expect(takeEarlyActiveAnswer()).toBeUndefined()
  })
})
