// The one platform module the app imports. It decides the host synchronously and loads the
// adapter lazily, so the LIFF and Telegram SDKs never reach the browser path's first-load JS.
import { detectCurrentPlatform } from './detect'
import type { Platform, PlatformConfig, PlatformKind } from './types'

export type { HapticKind, Platform, PlatformConfig, PlatformKind, ShareResult } from './types'

/** LIFF on some Android clients and the Telegram viewport on macOS/Web K never settle. */
export const PLATFORM_INIT_TIMEOUT_MS = 8000

export interface LoadedPlatform {
  platform: Platform
  /** A messenger was detected but its SDK failed or timed out: the browser adapter runs instead. */
  fellBack: boolean
}

export interface LoadPlatformOptions {
  /** How long the messenger adapter's init() may take; default PLATFORM_INIT_TIMEOUT_MS. */
  timeoutMs?: number
}

let loading: Promise<LoadedPlatform> | undefined
let loaded: LoadedPlatform | undefined

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

async function boot(config: PlatformConfig, timeoutMs: number): Promise<LoadedPlatform> {
  const kind = detectCurrentPlatform(config)
  if (kind !== 'browser') {
    try {
      const platform = await createMessengerPlatform(kind, config)
      await withTimeout(platform.init(), timeoutMs, `${kind} init`)
      return { platform, fellBack: false }
    } catch (error) {
      console.warn(`[platform] ${kind} did not start, continuing as a plain browser`, error)
    }
  }
  const { createBrowserPlatform } = await import('./browser')
  const platform = createBrowserPlatform()
  await platform.init()
  return { platform, fellBack: kind !== 'browser' }
}

/**
 * Detects the host, loads and starts its adapter, falling back to the browser adapter with
 * `fellBack: true` when the messenger SDK fails or times out. Starts once: a second call
 * (React StrictMode) returns the same promise.
 */
export function loadPlatform(
  config: PlatformConfig,
  options: LoadPlatformOptions = {},
): Promise<LoadedPlatform> {
  loading ??= boot(config, options.timeoutMs ?? PLATFORM_INIT_TIMEOUT_MS).then((result) => {
    loaded = result
    return result
  })
  return loading
}

/** Screen tests (tests/renderScreen.tsx): a stub platform, as if loadPlatform() had settled. */
export function setPlatformForTests(platform: Platform): void {
  loaded = { platform, fellBack: false }
  loading = Promise.resolve(loaded)
}

/** The started platform. Throws when called before loadPlatform() has settled. */
export function getPlatform(): Platform {
  if (!loaded) throw new Error('getPlatform() called before loadPlatform() settled')
  return loaded.platform
}
