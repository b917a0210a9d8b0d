import { afterEach, describe, expect, it } from 'vitest'
import { prepaint, type PrepaintManifest } from '../../src/prepaint'

const MANIFEST: PrepaintManifest = {
  locale: {
    th: { core: '/assets/core-th.js', rest: '/assets/rest-th.js' },
    la: { core: '/assets/core-la.js', rest: '/assets/rest-la.js' },
    en: { core: '/assets/core-en.js', rest: '/assets/rest-en.js' },
  },
  screens: { '/contact': ['/assets/ContactPage.js', '/assets/api.js'], '/user/home': ['/assets/MemberLayout.js', '/assets/HomePage.js'] },
  images: { '/contact': '/line-qr.png' },
}

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')].map((link) => `${link.rel}${link.as ? `:${link.as}` : ''} ${link.getAttribute('href')}`)

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

describe('prepaint (inline in index.html)', () => {
  afterEach(() => {
    document.head.innerHTML = ''
    document.documentElement.removeAttribute('style')
    delete document.documentElement.dataset.theme
    localStorage.clear()
    history.replaceState(null, '', '/')
  })

  it("paints a dark Telegram theme and preloads the Telegram user's language", () => {
    history.replaceState(null, '', `/login${telegramHash({ bg_color: '#17212b', text_color: '#f5f5f5' }, 'lo')}`)
    prepaint(MANIFEST)
    const root = document.documentElement
    expect(root.dataset.theme).toBe('dark')
    expect(root.style.getPropertyValue('--bg')).toBe('#17212b')
    expect(root.style.getPropertyValue('--text')).toBe('#f5f5f5')
    expect(preloaded()).toEqual(['modulepreload /assets/core-la.js'])
  })

  it('preloads the stored language over the host language, and touches no theme outside Telegram', () => {
    localStorage.setItem('locale', 'en')
    prepaint(MANIFEST, '/login')
    expect(preloaded()).toEqual(['modulepreload /assets/core-en.js'])
    expect(document.documentElement.dataset.theme).toBeUndefined()
    expect(document.documentElement.getAttribute('style')).toBeNull()
  })

  it('preloads the browser language, and no strings for a language the app does not have', () => {
    withNavigatorLanguage('th-TH', () => prepaint(MANIFEST, '/login'))
    expect(preloaded()).toEqual(['modulepreload /assets/core-th.js'])
    document.head.innerHTML = ''
    withNavigatorLanguage('zh-CN', () => prepaint(MANIFEST, '/contact'))
    expect(preloaded()).toEqual(['modulepreload /assets/ContactPage.js', 'modulepreload /assets/api.js', 'preload:image /line-qr.png'])
  })

  it("preloads a lazy screen's chunks, the rest of the strings and its image", () => {
    withNavigatorLanguage('en-US', () => prepaint(MANIFEST, '/contact'))
    expect(preloaded()).toEqual([
      'modulepreload /assets/core-en.js',
      'modulepreload /assets/rest-en.js',
      'modulepreload /assets/ContactPage.js',
      'modulepreload /assets/api.js',
      'preload:image /line-qr.png',
    ])
  })

  it('preloads the member home for / only with a session; without one, /login needs the core only', () => {
    withNavigatorLanguage('en-US', () => prepaint(MANIFEST, '/'))
    expect(preloaded()).toEqual(['modulepreload /assets/core-en.js'])
    document.head.innerHTML = ''
    localStorage.setItem('token', 'abc')
    withNavigatorLanguage('en-US', () => prepaint(MANIFEST, '/'))
    expect(preloaded()).toEqual(['modulepreload /assets/core-en.js', 'modulepreload /assets/rest-en.js', 'modulepreload /assets/MemberLayout.js', 'modulepreload /assets/HomePage.js'])
  })
})
