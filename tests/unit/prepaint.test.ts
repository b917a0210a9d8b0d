import { afterEach, describe, expect, it } from 'vitest'
import { prepaint } from '../../src/prepaint'

const URLS = { th: '/assets/core-th.js', la: '/assets/core-la.js', en: '/assets/core-en.js' }
const preloaded = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))

function telegramHash(theme: object, languageCode: string): string {
  const data = new URLSearchParams({ user: JSON.stringify({ id: 1, language_code: languageCode }), auth_date: '1', hash: 'h', signature: 's' })
  return `#${new URLSearchParams({ tgWebAppData: data.toString(), tgWebAppPlatform: 'android', tgWebAppVersion: '8.0', tgWebAppThemeParams: JSON.stringify(theme) })}`
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
    prepaint(URLS)
    const root = document.documentElement
    expect(root.dataset.theme).toBe('dark')
    expect(root.style.getPropertyValue('--bg')).toBe('#17212b')
    expect(root.style.getPropertyValue('--text')).toBe('#f5f5f5')
    expect(preloaded()).toEqual([URLS.la])
  })

  it('preloads the stored language over the host language, and touches no theme outside Telegram', () => {
    localStorage.setItem('locale', 'en')
    prepaint(URLS)
    expect(preloaded()).toEqual([URLS.en])
    expect(document.documentElement.dataset.theme).toBeUndefined()
    expect(document.documentElement.getAttribute('style')).toBeNull()
  })

  it('preloads the browser language, and nothing for a language the app does not have', () => {
    const language = Object.getOwnPropertyDescriptor(Navigator.prototype, 'language')!
    try {
      Object.defineProperty(navigator, 'language', { configurable: true, get: () => 'th-TH' })
      prepaint(URLS)
      expect(preloaded()).toEqual([URLS.th])
      document.head.innerHTML = ''
      Object.defineProperty(navigator, 'language', { configurable: true, get: () => 'zh-CN' })
      prepaint(URLS)
      expect(preloaded()).toEqual([])
    } finally {
      delete (navigator as { language?: string }).language
      Object.defineProperty(Navigator.prototype, 'language', language)
    }
  })
})
