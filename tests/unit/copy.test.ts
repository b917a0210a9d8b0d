import { beforeEach, describe, expect, it, vi } from 'vitest'
import en from '../../contract/locales/en.json'
import { i18n } from '../../src/i18n/i18n'
import { showToast, ui } from '../../src/state/ui'
import { copyWithToast } from '../../src/ui/copy'

describe('copy toasts (spec 8)', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>()

  beforeEach(async () => {
    ui.toasts.splice(0)
    writeText.mockReset()
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    Object.defineProperty(document, 'execCommand', { value: vi.fn(() => false), configurable: true })
    if (!i18n.isInitialized) await i18n.init({ lng: 'en', resources: {} })
    await i18n.changeLanguage('en')
    i18n.addResourceBundle('en', 'translation', en, true, true)
  })

  it('says "Copied" with the copied text', async () => {
    writeText.mockResolvedValue(undefined)
    expect(await copyWithToast('123-4-56789-0')).toBe(true)
    expect(ui.toasts).toEqual([expect.objectContaining({ kind: 'success', text: 'Copied: 123-4-56789-0' })])
  })

  it('says "Failed to copy" when nothing could copy', async () => {
    writeText.mockRejectedValue(new Error('denied'))
    expect(await copyWithToast('x')).toBe(false)
    expect(ui.toasts).toEqual([expect.objectContaining({ kind: 'error', text: en.common.copyFailed })])
    expect(en.common.copyFailed).toBe('Failed to copy')
  })
})

describe('toasts', () => {
  it('shows the same words once while they are showing; other words, or the same as another kind, beside them', () => {
    ui.toasts.splice(0)
    showToast('No connection')
    showToast('No connection')
    showToast('No connection', 'success')
    showToast('Copied')
    expect(ui.toasts.map((toast) => [toast.kind, toast.text])).toEqual([['error', 'No connection'], ['success', 'No connection'], ['error', 'Copied']])
  })
})
