import { urlParameters } from '../lib/url'
import type { PlatformConfig, PlatformKind } from './types'

export interface DetectEnv {
  url: string
  userAgent: string
  config: PlatformConfig
  /** The Telegram SDK cached launch parameters in sessionStorage on an earlier page. */
  telegramSession?: boolean
  /** `window.TelegramWebviewProxy` exists (Telegram's native bridge). */
  telegramProxy?: boolean
}

/** sessionStorage key under which @telegram-apps/bridge caches the raw launch parameters. */
export const TELEGRAM_LAUNCH_PARAMS_KEY = 'tapps/launchParams'

const LIFF_UA = /Line\/\d+\.\d+\.\d+ LIFF/

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

function hasTelegramLaunchParams(url: URL): boolean {
  const params = urlParameters(url)
  return params.has('tgWebAppData') || params.has('tgWebAppPlatform')
}

/** LIFF's first hop: `liff.state`, `liff.referrer`, or its tokens in the hash. */
export function hasLiffMarks(url: URL): boolean {
  if (url.searchParams.has('liff.state') || url.searchParams.has('liff.referrer')) return true
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''))
  return hash.has('access_token') && (hash.has('context_token') || hash.has('feature_token'))
}

/** Decides which adapter to load, synchronously, before any SDK is fetched. */
export function detectPlatform(env: DetectEnv): PlatformKind {
  const { config } = env
  const url = parseUrl(env.url)
  // The host decides, not the config: an operator who only points a bot's menu button at the app
  // gets the Telegram adapter; config.telegram only names the bot and app for invite links.
  if ((url && hasTelegramLaunchParams(url)) || env.telegramSession || env.telegramProxy) {
    return 'telegram'
  }
  if (config.line) {
    // Only on LIFF's own hop or in LINE's LIFF browser: elsewhere liff.init would ask LINE's API for
    // the app's context on every page load, for nothing.
    if (config.line.mock || LIFF_UA.test(env.userAgent) || (url && hasLiffMarks(url))) {
      return 'line'
    }
  }
  return 'browser'
}

function readTelegramSession(): boolean {
  try {
    return (window.sessionStorage.getItem(TELEGRAM_LAUNCH_PARAMS_KEY) ?? '').includes('tgWebApp')
  } catch {
    // Storage can be blocked (privacy modes, sandboxed iframes).
    return false
  }
}

/** `detectPlatform` for the current window. */
export function detectCurrentPlatform(config: PlatformConfig): PlatformKind {
  return detectPlatform({
    url: window.location.href,
    userAgent: window.navigator.userAgent,
    config,
    telegramSession: readTelegramSession(),
    telegramProxy: 'TelegramWebviewProxy' in window,
  })
}
