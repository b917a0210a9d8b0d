// A client that never answers the viewport (macOS, Web K) must not hold boot.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { VIEWPORT_WAIT_MS, createTelegramPlatform } from '../../src/platform/telegram'

type Receive = (name: string, data?: unknown) => void
const receive: Receive = (name, data) =>
  (window as unknown as { Telegram: { WebView: { receiveEvent: Receive } } }).Telegram.WebView.receiveEvent(
    name,
    data,
  )

describe('Telegram platform with a silent client', () => {
  const posted: string[] = []

  beforeAll(() => {
    const params = new URLSearchParams({
      tgWebAppData: new URLSearchParams({ auth_date: '1700000000', hash: 'a', signature: 'b' }).toString(),
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'android',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff', text_color: '#000000' }),
    })
    history.replaceState(null, '', `/#${params.toString()}`)
    Object.assign(window, { TelegramWebviewProxy: { postEvent: (name: string) => posted.push(name) } })
  })

  afterAll(() => {
    vi.useRealTimers()
    Reflect.deleteProperty(window, 'TelegramWebviewProxy')
    sessionStorage.clear()
    history.replaceState(null, '', '/')
  })

  it('finishes init after the viewport wait and binds the insets once they arrive', async () => {
    vi.useFakeTimers()
    const platform = createTelegramPlatform({ botUsername: 'b', appName: 'a' })
    let done = false
    const init = platform.init().then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(VIEWPORT_WAIT_MS - 1)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await init
    expect(posted).toContain('web_app_request_safe_area')
    expect(document.documentElement.dataset.theme).toBe('light')
    expect(document.documentElement.style.getPropertyValue('--safe-top')).toBe('')
    expect(platform.startParam()).toBeUndefined()

    // A late answer still lands.
    receive('safe_area_changed', { top: 30, bottom: 20, left: 0, right: 0 })
    receive('content_safe_area_changed', { top: 40, bottom: 0, left: 0, right: 0 })
    await vi.advanceTimersByTimeAsync(0)
    receive('viewport_changed', { height: 640, width: 360, is_expanded: true, is_state_stable: true })
    await vi.advanceTimersByTimeAsync(0)
    expect(document.documentElement.style.getPropertyValue('--safe-top')).toBe('70px')
    expect(document.documentElement.style.getPropertyValue('--safe-bottom')).toBe('20px')
  })
})
