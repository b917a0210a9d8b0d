import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createBrowserPlatform } from '../../src/platform/browser'

function domException(name: string): Error {
  return new DOMException('stopped', name)
}

describe('browser platform: share', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>()

  beforeEach(() => {
    writeText.mockReset().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  })

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share')
    Reflect.deleteProperty(navigator, 'canShare')
    Reflect.deleteProperty(navigator, 'clipboard')
    Reflect.deleteProperty(document, 'execCommand')
  })

  it('uses the Web Share sheet when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    const result = await createBrowserPlatform().share('Join me', 'https://app.test/register?code=PR1')
    expect(result).toBe('shared')
    expect(share).toHaveBeenCalledWith({ text: 'Join me', url: 'https://app.test/register?code=PR1' })
    expect(writeText).not.toHaveBeenCalled()
  })

  it('reports cancelled when the user dismisses the share sheet', async () => {
    Object.defineProperty(navigator, 'share', {
      value: vi.fn().mockRejectedValue(domException('AbortError')),
      configurable: true,
    })
    expect(await createBrowserPlatform().share('t', 'https://app.test/x')).toBe('cancelled')
    expect(writeText).not.toHaveBeenCalled()
  })

  it('copies the link when sharing is refused for another reason', async () => {
    Object.defineProperty(navigator, 'share', {
      value: vi.fn().mockRejectedValue(domException('NotAllowedError')),
      configurable: true,
    })
    expect(await createBrowserPlatform().share('t', 'https://app.test/x')).toBe('copied')
    expect(writeText).toHaveBeenCalledWith('https://app.test/x')
  })

  it('copies the link to the clipboard without Web Share', async () => {
    expect('share' in navigator).toBe(false)
    expect(await createBrowserPlatform().share('t', 'https://app.test/y')).toBe('copied')
    expect(writeText).toHaveBeenCalledWith('https://app.test/y')
  })

  it('falls back to a hidden textarea and execCommand when the Clipboard API refuses', async () => {
    writeText.mockRejectedValue(domException('NotAllowedError'))
    let copied = ''
    const execCommand = vi.fn((command: string) => {
      copied = (document.activeElement as HTMLTextAreaElement | null)?.value ?? ''
      return command === 'copy'
    })
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true })
    expect(await createBrowserPlatform().share('t', 'https://app.test/z')).toBe('copied')
    expect(execCommand).toHaveBeenCalledWith('copy')
    expect(copied).toBe('https://app.test/z')
    expect(document.querySelector('textarea')).toBeNull()
  })

  it('reports failed when neither the Clipboard API nor execCommand copies', async () => {
    writeText.mockRejectedValue(domException('NotAllowedError'))
    Object.defineProperty(document, 'execCommand', { value: vi.fn(() => false), configurable: true })
    expect(await createBrowserPlatform().share('t', 'https://app.test/f')).toBe('failed')
  })
})

describe('browser platform: the rest', () => {
  afterEach(() => {
    history.replaceState(null, '', '/')
    vi.unstubAllGlobals()
  })

  it('builds an invite link on its own origin', () => {
    expect(createBrowserPlatform().inviteUrl('PR42')).toBe(`${location.origin}/register?code=PR42`)
  })

  it('reads ?code= at init and keeps it after navigation', async () => {
    history.replaceState(null, '', '/register?code=PR77')
    const platform = createBrowserPlatform()
    await platform.init()
    history.replaceState(null, '', '/login')
    expect(platform.startParam()).toBe('PR77')
    expect(platform.kind).toBe('browser')
    expect(platform.canScanQr()).toBe(true)
  })

  it('takes the host language from navigator.language', () => {
    expect(createBrowserPlatform().language()).toBe(navigator.language)
  })

  it('resolves null when the user cancels the image picker', async () => {
    const scanning = createBrowserPlatform().scanQr()
    const input = document.querySelector<HTMLInputElement>('input[type=file]')
    expect(input?.accept).toBe('image/*')
    expect(input?.hasAttribute('capture')).toBe(false)
    input?.dispatchEvent(new Event('cancel'))
    expect(await scanning).toBeNull()
    expect(document.querySelector('input[type=file]')).toBeNull()
  })

  it('decodes the picked image with BarcodeDetector when the browser has it', async () => {
    const close = vi.fn()
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue({ width: 10, height: 10, close }))
    const detect = vi.fn().mockResolvedValue([{ rawValue: 'https://app.test/register?code=PR5' }])
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect = detect
      },
    )
    const scanning = createBrowserPlatform().scanQr()
    const input = document.querySelector<HTMLInputElement>('input[type=file]')
    if (!input) throw new Error('no file input')
    const file = new File(['x'], 'qr.png', { type: 'image/png' })
    Object.defineProperty(input, 'files', { value: [file] })
    input.dispatchEvent(new Event('change'))
    expect(await scanning).toBe('https://app.test/register?code=PR5')
    expect(close).toHaveBeenCalled()
  })

  it('opens external links in a new tab without an opener', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    createBrowserPlatform().openExternal('https://example.com/')
    expect(open).toHaveBeenCalledWith('https://example.com/', '_blank', 'noopener')
  })
})
