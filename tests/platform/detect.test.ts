import { afterEach, describe, expect, it } from 'vitest'
import {
  TELEGRAM_LAUNCH_PARAMS_KEY,
  detectCurrentPlatform,
  detectPlatform,
} from '../../src/platform/detect'
import type { PlatformConfig } from '../../src/platform/types'

const telegram = { botUsername: 'wallet_bot', appName: 'wallet' }
const line = { liffId: '1234567890-AbCdEfGh', mock: false }
const both: PlatformConfig = { line, telegram }

const CHROME_UA =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const LINE_UA = `${CHROME_UA} Line/14.10.0 LIFF`
const TG_HASH =
  '#tgWebAppData=query_id%3DAAA%26user%3D%257B%2522id%2522%253A1%257D%26auth_date%3D1%26hash%3Dx%26signature%3Dy' +
  '&tgWebAppVersion=8.0&tgWebAppPlatform=android'

describe('detectPlatform', () => {
  it('detects Telegram from launch parameters in the hash', () => {
    expect(detectPlatform({ url: `https://app.test/${TG_HASH}`, userAgent: CHROME_UA, config: both })).toBe(
      'telegram',
    )
  })

  it('detects Telegram from launch parameters in the query', () => {
    const url = 'https://app.test/?tgWebAppPlatform=tdesktop&tgWebAppVersion=8.0'
    expect(detectPlatform({ url, userAgent: CHROME_UA, config: both })).toBe('telegram')
  })

  it('detects Telegram from the SDK launch parameters cached in the session', () => {
    const env = { url: 'https://app.test/user/home', userAgent: CHROME_UA, config: both }
    expect(detectPlatform(env)).toBe('browser')
    expect(detectPlatform({ ...env, telegramSession: true })).toBe('telegram')
  })

  it('detects Telegram from the native webview proxy', () => {
    const env = { url: 'https://app.test/', userAgent: CHROME_UA, config: both, telegramProxy: true }
    expect(detectPlatform(env)).toBe('telegram')
  })

  it('detects Telegram without a telegram section in the config (the host decides)', () => {
    const config = { line: null, telegram: null }
    const home = 'https://app.test/user/home'
    expect(detectPlatform({ url: `https://app.test/${TG_HASH}`, userAgent: CHROME_UA, config })).toBe('telegram')
    expect(detectPlatform({ url: home, userAgent: CHROME_UA, config, telegramSession: true })).toBe('telegram')
    expect(detectPlatform({ url: home, userAgent: CHROME_UA, config, telegramProxy: true })).toBe('telegram')
    expect(detectPlatform({ url: home, userAgent: CHROME_UA, config })).toBe('browser')
  })

  it('detects LINE from the LIFF browser user agent', () => {
    expect(detectPlatform({ url: 'https://app.test/', userAgent: LINE_UA, config: both })).toBe('line')
  })

  it('does not take the plain LINE in-app browser (no LIFF mark) for LIFF', () => {
    const ua = `${CHROME_UA} Line/14.10.0`
    expect(detectPlatform({ url: 'https://app.test/', userAgent: ua, config: both })).toBe('browser')
  })

  it('detects LINE from a liff.state deep link', () => {
    const url = 'https://app.test/?liff.state=%2Fregister%3Fcode%3DPR123'
    expect(detectPlatform({ url, userAgent: CHROME_UA, config: both })).toBe('line')
  })

  it('detects LINE from liff.referrer and from LIFF hash tokens', () => {
    const referrer = 'https://app.test/?liff.referrer=https%3A%2F%2Fline.me'
    const tokens = 'https://app.test/#access_token=abc&context_token=def&expires_in=3600'
    const feature = 'https://app.test/#access_token=abc&feature_token=ghi'
    const onlyAccess = 'https://app.test/#access_token=abc'
    for (const url of [referrer, tokens, feature]) {
      expect(detectPlatform({ url, userAgent: CHROME_UA, config: both })).toBe('line')
    }
    expect(detectPlatform({ url: onlyAccess, userAgent: CHROME_UA, config: both })).toBe('browser')
  })

  it('detects LINE whenever the config asks for the LIFF mock', () => {
    const config = { line: { ...line, mock: true }, telegram: null }
    expect(detectPlatform({ url: 'https://app.test/login', userAgent: CHROME_UA, config })).toBe('line')
  })

  it('stays in the browser with a LINE user agent when the config has no line section', () => {
    const config = { line: null, telegram }
    expect(detectPlatform({ url: 'https://app.test/', userAgent: LINE_UA, config })).toBe('browser')
  })

  it('prefers Telegram over LINE when both show', () => {
    const url = `https://app.test/?liff.state=x${TG_HASH}`
    expect(detectPlatform({ url, userAgent: LINE_UA, config: both })).toBe('telegram')
  })

  it('falls back to the plain browser', () => {
    expect(detectPlatform({ url: 'https://app.test/login?code=PR1', userAgent: CHROME_UA, config: both })).toBe(
      'browser',
    )
    expect(detectPlatform({ url: 'not a url', userAgent: CHROME_UA, config: both })).toBe('browser')
  })
})

describe('detectCurrentPlatform', () => {
  afterEach(() => {
    sessionStorage.clear()
    Reflect.deleteProperty(window, 'TelegramWebviewProxy')
    history.replaceState(null, '', '/')
  })

  it('reads the SDK session cache', () => {
    const config = { line: null, telegram }
    expect(detectCurrentPlatform(config)).toBe('browser')
    sessionStorage.setItem(TELEGRAM_LAUNCH_PARAMS_KEY, JSON.stringify('tgWebAppPlatform=ios&tgWebAppVersion=8.0'))
    expect(detectCurrentPlatform(config)).toBe('telegram')
  })

  it('reads window.TelegramWebviewProxy and the current URL', () => {
    const config = { line: null, telegram }
    Object.assign(window, { TelegramWebviewProxy: { postEvent() {} } })
    expect(detectCurrentPlatform(config)).toBe('telegram')
    Reflect.deleteProperty(window, 'TelegramWebviewProxy')
    history.replaceState(null, '', `/${TG_HASH}`)
    expect(detectCurrentPlatform(config)).toBe('telegram')
  })
})
