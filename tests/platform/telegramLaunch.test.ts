import { afterEach, describe, expect, it } from 'vitest'
import { TELEGRAM_LAUNCH_PARAMS_KEY } from '../../src/platform/detect'
import { earlyHostLanguage, parseTelegramLaunch, readTelegramLaunch } from '../../src/platform/telegramLaunch'

const DARK = { bg_color: '#17212b', text_color: '#f5f5f5', hint_color: '#708499' }

/** Launch parameters as Telegram appends them (tgWebAppData is itself a query string). */
function launchParams({ startParam, languageCode = 'lo', theme = DARK }: { startParam?: string; languageCode?: string; theme?: object } = {}): string {
  const data = new URLSearchParams({ user: JSON.stringify({ id: 1, first_name: 'A', language_code: languageCode }), auth_date: '1', hash: 'h', signature: 's' })
  if (startParam) data.set('start_param', startParam)
  return new URLSearchParams({ tgWebAppData: data.toString(), tgWebAppVersion: '8.0', tgWebAppPlatform: 'android', tgWebAppThemeParams: JSON.stringify(theme) }).toString()
}

describe('Telegram launch parameters without the SDK', () => {
  afterEach(() => {
    history.replaceState(null, '', '/')
    sessionStorage.clear()
  })

  it('reads the theme, the user language and start_param from the URL hash', () => {
    history.replaceState(null, '', `/login#${launchParams({ startParam: 'PR5f8d0d55' })}`)
    expect(readTelegramLaunch()).toEqual({ theme: DARK, languageCode: 'lo', startParam: 'PR5f8d0d55' })
  })

  it("prefers tgWebAppStartParam and keeps only the theme's string values", () => {
    const raw = `${launchParams({ startParam: 'PR1', theme: { bg_color: '#000000', bottom_bar_bg_color: 12 } })}&tgWebAppStartParam=PR2`
    expect(parseTelegramLaunch(raw)).toEqual({ theme: { bg_color: '#000000' }, languageCode: 'lo', startParam: 'PR2' })
  })

  it("falls back to the SDK's sessionStorage copy after the URL lost them", () => {
    sessionStorage.setItem(TELEGRAM_LAUNCH_PARAMS_KEY, JSON.stringify(launchParams({ languageCode: 'th' })))
    expect(readTelegramLaunch()?.languageCode).toBe('th')
  })

  it('finds nothing outside Telegram, and a broken theme is an empty one', () => {
    history.replaceState(null, '', '/register?code=PR3#section')
    expect(readTelegramLaunch()).toBeUndefined()
    expect(parseTelegramLaunch('tgWebAppPlatform=ios&tgWebAppThemeParams=%7Bnot-json')).toEqual({ theme: {}, languageCode: undefined, startParam: undefined })
  })

  it("takes Telegram's language before the browser's", () => {
    expect(earlyHostLanguage(parseTelegramLaunch(launchParams({ languageCode: 'en' })))).toEqual({ tag: 'en', messenger: true })
    expect(earlyHostLanguage(undefined)).toEqual({ tag: navigator.language, messenger: false })
  })
})
