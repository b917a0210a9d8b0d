import { describe, expect, it } from 'vitest'
import { contrastRatio, parseHex } from '../../src/lib/contrast'
import { applySafeArea, applyTelegramPalette, isDarkColor } from '../../src/platform/telegramTheme'

describe('telegram theme mapping', () => {
  it('judges dark and light backgrounds like the SDK does', () => {
    expect(isDarkColor('#17212b')).toBe(true)
    expect(isDarkColor('#000')).toBe(true)
    expect(isDarkColor('#ffffff')).toBe(false)
    expect(isDarkColor('#f1f1f1')).toBe(false)
    expect(isDarkColor('not a colour')).toBe(false)
  })

  it('leaves a palette variable to the stylesheet when Telegram does not send it', () => {
    const root = document.createElement('div')
    root.style.setProperty('--border', '#123456')
    applyTelegramPalette({ bg_color: '#ffffff', text_color: '#222222' }, root)
    expect(root.style.getPropertyValue('--bg')).toBe('#ffffff')
    expect(root.style.getPropertyValue('--text')).toBe('#222222')
    expect(root.style.getPropertyValue('--border')).toBe('')
    expect(root.dataset.theme).toBe('light')
  })

  it("makes the host's hint colour readable on its backgrounds before using it as --muted", () => {
    const root = document.createElement('div')
    applyTelegramPalette({ bg_color: '#ffffff', secondary_bg_color: '#f1f1f4', text_color: '#111111', hint_color: '#888888' }, root)
    const muted = root.style.getPropertyValue('--muted')
    expect(muted).not.toBe('#888888')
    expect(contrastRatio(parseHex(muted)!, parseHex('#f1f1f4')!)).toBeGreaterThanOrEqual(4.5)
    applyTelegramPalette({ bg_color: '#ffffff', text_color: '#111111', hint_color: '#555555' }, root)
    expect(root.style.getPropertyValue('--muted')).toBe('#555555')
  })

  it('adds the content safe area to the device safe area', () => {
    const root = document.createElement('div')
    applySafeArea({ top: 47, bottom: 34, left: 0, right: 0 }, { top: 56, bottom: 0, left: 0, right: 0 }, root)
    expect(root.style.getPropertyValue('--safe-top')).toBe('103px')
    expect(root.style.getPropertyValue('--safe-bottom')).toBe('34px')
    expect(root.style.getPropertyValue('--safe-right')).toBe('0px')
  })
})
