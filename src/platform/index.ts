// The one platform module the app imports. It decides the host synchronously and loads a
// messenger's adapter lazily, so the LIFF and Telegram SDKs never reach the browser path's
// first-load JS. A host SDK never holds the first paint: until the host's adapter has started,
// the browser adapter stands in, and what needs the host waits for `ready` (usePlatform()).
import { useSyncExternalStore } from 'react'
import { createBrowserPlatform } from './browser'
import { detectCurrentPlatform } from './detect'
import type { Platform, PlatformConfig, PlatformKind } from './types'

export type { HapticKind, HomeScreenResult, HomeScreenStatus, Platform, PlatformConfig, PlatformKind, ShareResult } from './types'

/** LIFF on some Android clients and the Telegram viewport on macOS/Web K never settle. */
export const PLATFORM_INIT_TIMEOUT_MS = 8000

export interface LoadedPlatform {
  platform: Platform
  /** A messenger was detected but its SDK failed or timed out: the browser adapter runs instead. */
  fellBack: boolean
}

export interface PlatformState {
  /** The host detected at boot. */
  host: PlatformKind
  /** The adapter to use now: the browser adapter until the host's own has started. */
  platform: Platform
  /** The host's adapter has started, or failed and the browser adapter took over for good. */
  ready: boolean
}

export interface LoadPlatformOptions {
  /** How long the messenger adapter's init() may take; default PLATFORM_INIT_TIMEOUT_MS. */
  timeoutMs?: number
}

let loading: Promise<LoadedPlatform> | undefined
let state: PlatformState | undefined
const listeners = new Set<() => void>()

async function createMessengerPlatform(
  kind: Exclude<PlatformKind, 'browser'>,
  config: PlatformConfig,
): Promise<Platform> {
  if (kind === 'line' && config.line) {
    const { createLinePlatform } = await import('./line')
    return createLinePlatform(config.line)
  }
  if (kind === 'telegram') {
    const { createTelegramPlatform } = await import('./telegram')
    return createTelegramPlatform(config.telegram)
  }
  throw new Error('No line settings in the runtime config')
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function settle(platform: Platform): void {
  state = { ...state!, platform, ready: true }
  listeners.forEach((listener) => listener())
}

async function startMessenger(
  kind: Exclude<PlatformKind, 'browser'>,
  config: PlatformConfig,
  standIn: Platform,
  timeoutMs: number,
): Promise<LoadedPlatform> {
  try {
    // The timeout covers the SDK chunk's download too: on a bad network it may never arrive.
    const starting = createMessengerPlatform(kind, config).then(async (platform) => {
      await platform.init()
      return platform
    })
    const platform = await withTimeout(starting, timeoutMs, `${kind} start`)
    settle(platform)
    return { platform, fellBack: false }
  } catch (error) {
    console.warn(`[platform] ${kind} did not start, continuing as a plain browser`, error)
    settle(standIn)
    return { platform: standIn, fellBack: true }
  }
}

/**
 * Detects the host and starts its adapter. Synchronously, the browser adapter becomes the
 * current platform (a plain browser is then ready at once); a messenger's adapter replaces it
 * when its init settles. The promise resolves then, with `fellBack: true` when the messenger SDK
 * failed or timed out and the browser adapter stays. Starts once: a second call (React
 * StrictMode) returns the same promise.
 */
export function loadPlatform(
  config: PlatformConfig,
  options: LoadPlatformOptions = {},
): Promise<LoadedPlatform> {
  if (loading) return loading
  const host = detectCurrentPlatform(config)
  // A messenger draws its own header with the app's name: the top bar becomes one compact row (theme.css).
  if (host !== 'browser') document.documentElement.dataset.host = host
  const browser = createBrowserPlatform()
  // Synchronous in effect: it only reads the URL.
  void browser.init()
  state = { host, platform: browser, ready: host === 'browser' }
  loading =
    host === 'browser'
      ? Promise.resolve({ platform: browser, fellBack: false })
      : startMessenger(host, config, browser, options.timeoutMs ?? PLATFORM_INIT_TIMEOUT_MS)
  return loading
}

export function getPlatformState(): PlatformState {
  if (!state) throw new Error('platform read before loadPlatform()')
  return state
}

/** The current platform: the host's adapter once started, the browser adapter until then. Call
 *  it inside a click handler (LINE's share must not await anything first). */
export function getPlatform(): Platform {
  return getPlatformState().platform
}

/** Calls `listener` when the host's adapter has started or the browser adapter took over. */
export function subscribePlatform(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The platform state for a component; it renders again when the host becomes ready. */
export function usePlatform(): PlatformState {
  return useSyncExternalStore(subscribePlatform, getPlatformState, getPlatformState)
}

/** Screen tests (tests/renderScreen.tsx): a stub platform, started and ready. */
export function setPlatformForTests(platform: Platform): void {
  state = { host: platform.kind, platform, ready: true }
  loading = Promise.resolve({ platform, fellBack: false })
  listeners.forEach((listener) => listener())
}
