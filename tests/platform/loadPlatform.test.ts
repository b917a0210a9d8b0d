import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Platform, PlatformConfig } from '../../src/platform/types'

const line = vi.hoisted(() => ({ init: (): Promise<void> => Promise.resolve(), created: 0 }))

// The real LINE adapter is exercised in line.test.ts; here only its init's outcome matters.
vi.mock('../../src/platform/line', () => ({
  createLinePlatform: (): Partial<Platform> => {
    line.created += 1
    return { kind: 'line', init: () => line.init() }
  },
}))

const lineConfig: PlatformConfig = { line: { liffId: '1234567890-AbCdEfGh', mock: true }, telegram: null }
const browserConfig: PlatformConfig = { line: null, telegram: null }

async function freshIndex() {
  vi.resetModules()
  return import('../../src/platform/index')
}

describe('loadPlatform', () => {
  beforeEach(() => {
    line.created = 0
    line.init = () => Promise.resolve()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
  })

  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    history.replaceState(null, '', '/')
  })

  it('starts the browser adapter in a plain browser', async () => {
    history.replaceState(null, '', '/register?code=PR3')
    const { loadPlatform, getPlatform } = await freshIndex()
    const { platform, fellBack } = await loadPlatform(browserConfig)
    expect(platform.kind).toBe('browser')
    expect(fellBack).toBe(false)
    expect(platform.startParam()).toBe('PR3')
    expect(getPlatform()).toBe(platform)
  })

  it('starts once when called twice (React StrictMode)', async () => {
    const { loadPlatform } = await freshIndex()
    const first = loadPlatform(lineConfig)
    const second = loadPlatform(lineConfig)
    expect(second).toBe(first)
    expect((await first).platform.kind).toBe('line')
    expect(line.created).toBe(1)
  })

  it('throws from getPlatform before loadPlatform was called', async () => {
    const { getPlatform } = await freshIndex()
    expect(() => getPlatform()).toThrow(/before loadPlatform/)
  })

  it('is ready at once in a plain browser', async () => {
    const { loadPlatform, getPlatformState } = await freshIndex()
    void loadPlatform(browserConfig)
    expect(getPlatformState()).toMatchObject({ host: 'browser', ready: true, platform: { kind: 'browser' } })
  })

  it('lets the browser adapter stand in while the messenger starts, then hands over once', async () => {
    let finishInit = () => {}
    line.init = () => new Promise<void>((resolve) => (finishInit = resolve))
    const { loadPlatform, getPlatform, getPlatformState, subscribePlatform } = await freshIndex()
    const changes: string[] = []
    subscribePlatform(() => changes.push(getPlatform().kind))
    const loading = loadPlatform(lineConfig)
    expect(getPlatformState()).toMatchObject({ host: 'line', ready: false })
    expect(getPlatform().kind).toBe('browser')
    await expect.poll(() => line.created).toBe(1)
    expect(getPlatformState().ready).toBe(false)
    finishInit()
    const { platform } = await loading
    expect(platform.kind).toBe('line')
    expect(getPlatformState()).toMatchObject({ host: 'line', ready: true })
    expect(getPlatform()).toBe(platform)
    expect(changes).toEqual(['line'])
  })

  it('keeps the stand-in browser adapter, now ready, when the messenger fails', async () => {
    line.init = () => Promise.reject(new Error('LIFF init failed'))
    const { loadPlatform, getPlatform, getPlatformState } = await freshIndex()
    void loadPlatform(lineConfig)
    const standIn = getPlatform()
    const { platform, fellBack } = await loadPlatform(lineConfig)
    expect(fellBack).toBe(true)
    expect(platform).toBe(standIn)
    expect(getPlatformState()).toMatchObject({ host: 'line', ready: true, platform: standIn })
  })

  it('falls back to the browser adapter when the messenger init rejects', async () => {
    line.init = () => Promise.reject(new Error('LIFF init failed'))
    const { loadPlatform, getPlatform } = await freshIndex()
    const { platform, fellBack } = await loadPlatform(lineConfig)
    expect(platform.kind).toBe('browser')
    expect(fellBack).toBe(true)
    expect(getPlatform().kind).toBe('browser')
  })

  it('falls back to the browser adapter when the messenger init never settles', async () => {
    vi.useFakeTimers()
    line.init = () => new Promise<void>(() => {})
    const { loadPlatform, PLATFORM_INIT_TIMEOUT_MS } = await freshIndex()
    let settled = false
    const loading = loadPlatform(lineConfig).finally(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(PLATFORM_INIT_TIMEOUT_MS - 1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const { platform, fellBack } = await loading
    expect(platform.kind).toBe('browser')
    expect(fellBack).toBe(true)
  })

  it('takes an injected timeout', async () => {
    line.init = () => new Promise<void>(() => {})
    const { loadPlatform } = await freshIndex()
    const { fellBack } = await loadPlatform(lineConfig, { timeoutMs: 10 })
    expect(fellBack).toBe(true)
  })

  it('keeps the inviter code of a LIFF deep link when it falls back', async () => {
    history.replaceState(null, '', '/?liff.state=%2Fregister%3Fcode%3DPR88')
    line.init = () => Promise.reject(new Error('LIFF init failed'))
    const { loadPlatform } = await freshIndex()
    const { platform } = await loadPlatform(lineConfig)
    expect(platform.startParam()).toBe('PR88')
  })
})
