// Drives the real pluggable LIFF SDK with @line/liff-mock, as the e2e `line` project does.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLinePlatform, followLiffColorScheme } from '../../src/platform/line'
import type { Platform } from '../../src/platform/types'

interface MockedLiff {
  $mock: { set(data: Record<string, unknown>): void; clear(): void }
}

const liffId = '1234567890-AbCdEfGh'

describe('LINE platform', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['light dark', undefined],
    ['', undefined],
  ])('takes the palette from the color-scheme "%s" the SDK set: %s', (scheme, theme) => {
    const root = document.createElement('div')
    root.style.setProperty('color-scheme', scheme)
    followLiffColorScheme(root)
    expect(root.dataset.theme).toBe(theme)
  })

  it('builds a LIFF invite link without starting LIFF', () => {
    const platform = createLinePlatform({ liffId, mock: false })
    expect(platform.kind).toBe('line')
    expect(platform.inviteUrl('PR12')).toBe(`https://liff.line.me/${liffId}/register?code=PR12`)
  })

  describe('with the LIFF mock', () => {
    let platform: Platform
    let liff: MockedLiff
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined)

    beforeAll(async () => {
      // A deep link as LINE delivers it: the path and query packed into liff.state.
      history.replaceState(null, '', '/?liff.state=%2Fregister%3Fcode%3DPR555')
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
      platform = createLinePlatform({ liffId, mock: true })
      history.replaceState(null, '', '/') // as if something rewrote the URL during init
      await platform.init()
      liff = (window as unknown as { liff: MockedLiff }).liff
    })

    // Each test starts from the mock's defaults (no API available) and an untouched clipboard.
    beforeEach(() => {
      liff.$mock.clear()
      writeText.mockClear()
    })

    afterAll(() => {
      Reflect.deleteProperty(navigator, 'clipboard')
      Reflect.deleteProperty(window, 'liff')
    })

    it('recovers the inviter code from liff.state captured before init', () => {
      expect(platform.startParam()).toBe('PR555')
    })

    it("gives LINE's ID token as the credential, none when not logged in or without one", () => {
      liff.$mock.set({ isLoggedIn: true, getIDToken: 'header.payload.signature' })
      expect(platform.messengerCredential()).toEqual({ provider: 'line', credential: 'header.payload.signature' })
      liff.$mock.set({ isLoggedIn: false })
      expect(platform.messengerCredential()).toBeNull()
      // A channel without the openid scope: LIFF has no ID token.
      liff.$mock.set({ isLoggedIn: true, getIDToken: null })
      expect(platform.messengerCredential()).toBeNull()
    })

    it('takes the language from LIFF', () => {
      expect(platform.language()).toBe('en')
    })

    it('copies the link when shareTargetPicker is not available', async () => {
      expect(await platform.share('Join', 'https://liff.line.me/x/register?code=PR1')).toBe('copied')
      expect(writeText).toHaveBeenCalledWith('https://liff.line.me/x/register?code=PR1')
    })

    it('shares through shareTargetPicker when available; undefined means cancelled', async () => {
      liff.$mock.set({ isApiAvailable: true, shareTargetPicker: { status: 'success' } })
      expect(await platform.share('Join', 'https://x.test/')).toBe('shared')
      liff.$mock.set({ isApiAvailable: true, shareTargetPicker: undefined })
      expect(await platform.share('Join', 'https://x.test/')).toBe('cancelled')
      expect(writeText).not.toHaveBeenCalled()
    })

    it('scans through scanCodeV2 only where LIFF allows it', async () => {
      expect(platform.canScanQr()).toBe(false)
      liff.$mock.set({ isApiAvailable: true, scanCode: { value: 'PR9' } })
      expect(platform.canScanQr()).toBe(true)
      expect(await platform.scanQr()).toBe('PR9')
    })

    it('offers the home-screen shortcut only where LIFF allows it, for the LIFF URL', async () => {
      expect(await platform.homeScreen!.status()).toBe('unsupported')
      expect(await platform.homeScreen!.add()).toBe('failed')
      liff.$mock.set({ isApiAvailable: true })
      const shortcut = vi.spyOn(liff as unknown as { createShortcutOnHomeScreen(params: { url: string }): Promise<void> }, 'createShortcutOnHomeScreen')
      expect(await platform.homeScreen!.status()).toBe('available')
      expect(await platform.homeScreen!.add()).toBe('asked')
      expect(shortcut).toHaveBeenCalledWith({ url: `https://liff.line.me/${liffId}` })
      shortcut.mockRejectedValueOnce(new Error('cancelled'))
      expect(await platform.homeScreen!.add()).toBe('failed')
    })
  })
})
