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

  it("takes the host's destructive colour as --danger, made readable on its backgrounds", () => {
    const root = document.createElement('div')
    applyTelegramPalette({ bg_color: '#ffffff', secondary_bg_color: '#f1f1f4', text_color: '#000000', destructive_text_color: '#ec3942' }, root)
    const danger = root.style.getPropertyValue('--danger')
    expect(contrastRatio(parseHex('#ec3942')!, parseHex('#f1f1f4')!)).toBeLessThan(4.5)
    expect(contrastRatio(parseHex(danger)!, parseHex('#f1f1f4')!)).toBeGreaterThanOrEqual(4.5)
    // Still red: deepened toward the text, not replaced by it.
    const [r, g, b] = parseHex(danger)!
    expect(r).toBeGreaterThan(g + 80)
    expect(r).toBeGreaterThan(b + 80)
    applyTelegramPalette({ bg_color: '#17212b', text_color: '#f5f5f5', destructive_text_color: '#ee686f' }, root)
    expect(root.style.getPropertyValue('--danger')).toBe('#ee686f')
    applyTelegramPalette({ bg_color: '#ffffff', text_color: '#000000' }, root)
    expect(root.style.getPropertyValue('--danger')).toBe('')
  })

  it("fills buttons with the theme's button colour, deepened only as far as its text needs to read", () => {
    const root = document.createElement('div')
    applyTelegramPalette({ bg_color: '#ffffff', button_color: '#2481cc', button_text_color: '#ffffff' }, root)
    const button = root.style.getPropertyValue('--button')
    // Telegram's blue under white is 4.1:1: deepened toward black until it reaches 4.5, still blue.
    expect(contrastRatio(parseHex('#2481cc')!, parseHex('#ffffff')!)).toBeLessThan(4.5)
    expect(contrastRatio(parseHex(button)!, parseHex('#ffffff')!)).toBeGreaterThanOrEqual(4.5)
    const [r, g, b] = parseHex(button)!
    expect(b).toBeGreaterThan(r + 60)
    expect(b).toBeGreaterThan(g)
    expect(root.style.getPropertyValue('--on-button')).toBe('#ffffff')
    applyTelegramPalette({ bg_color: '#ffffff', button_color: '#003399', button_text_color: '#ffffff' }, root)
    expect(root.style.getPropertyValue('--button')).toBe('#003399')
    // A theme without button colours leaves the app's own.
    applyTelegramPalette({ bg_color: '#ffffff' }, root)
    expect(root.style.getPropertyValue('--button')).toBe('')
  })

  it('adds the content safe area to the device safe area', () => {
    const root = document.createElement('div')
    applySafeArea({ top: 47, bottom: 34, left: 0, right: 0 }, { top: 56, bottom: 0, left: 0, right: 0 }, root)
    expect(root.style.getPropertyValue('--safe-top')).toBe('103px')
    expect(root.style.getPropertyValue('--safe-bottom')).toBe('34px')
    expect(root.style.getPropertyValue('--safe-right')).toBe('0px')
  })
})
