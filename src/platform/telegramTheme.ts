// Maps Telegram's theme and insets onto the app's own CSS variables. No SDK import: the
// Telegram adapter feeds it, tests call it directly.
import { readableOn } from '../lib/contrast'

/** The theme-param keys the app's palette reads (Telegram's snake_case names). */
export interface TelegramPalette {
  bg_color?: string
  secondary_bg_color?: string
  text_color?: string
  hint_color?: string
  section_separator_color?: string
  button_color?: string
  button_text_color?: string
  destructive_text_color?: string
}

export interface Insets {
  top: number
  bottom: number
  left: number
  right: number
}

/** App palette variable <- Telegram theme param. */
export const PALETTE_VARS = {
  '--bg': 'bg_color',
  '--surface': 'secondary_bg_color',
  '--text': 'text_color',
  '--muted': 'hint_color',
  '--border': 'section_separator_color',
  '--danger': 'destructive_text_color',
} as const satisfies Record<string, keyof TelegramPalette>

/** Same rule as the SDK's isColorDark: perceived brightness below 120 of 255. */
export function isDarkColor(hex: string): boolean {
  let digits = hex.replace(/^#/, '')
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('')
  if (!/^[0-9a-f]{6}$/i.test(digits)) return false
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16))
  return Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b) < 120
}

/** Sets --bg, --surface, --text, --muted, --border, --danger and data-theme from Telegram's
 *  theme. The host's hint and destructive colours often miss WCAG AA on its own backgrounds
 *  (#888888 on white, 3.5:1; #ec3942, 3.9:1): each is moved toward the text colour just enough to
 *  reach 4.5:1. */
export function applyTelegramPalette(
  palette: TelegramPalette,
  root: HTMLElement = document.documentElement,
): void {
  const { hint_color: hint, destructive_text_color: destructive, text_color: text, bg_color: bg, secondary_bg_color: surface } = palette
  const backgrounds = [bg, surface].filter((colour) => colour !== undefined)
  const readable: TelegramPalette = {
    ...palette,
    hint_color: hint && text ? readableOn(hint, backgrounds, text) : hint,
    destructive_text_color: destructive && text ? readableOn(destructive, backgrounds, text) : destructive,
  }
  for (const [cssVar, key] of Object.entries(PALETTE_VARS)) {
    const value = readable[key]
    if (value) root.style.setProperty(cssVar, value)
    else root.style.removeProperty(cssVar) // the stylesheet's own value applies
  }
  if (palette.bg_color) root.dataset.theme = isDarkColor(palette.bg_color) ? 'dark' : 'light'
  // Filled buttons in the theme's button colour (issue 18), deepened or lightened just enough for
  // its text to reach 4.5:1 (Telegram's #2481cc under white reaches 4.1).
  const { button_color: button, button_text_color: buttonText } = palette
  if (button && buttonText) {
    root.style.setProperty('--button', readableOn(button, [buttonText], isDarkColor(buttonText) ? '#ffffff' : '#000000'))
    root.style.setProperty('--on-button', buttonText)
  } else {
    root.style.removeProperty('--button')
    root.style.removeProperty('--on-button')
  }
}

/** Sets --safe-top/-bottom/-left/-right (px): device safe area plus Telegram's own controls. */
export function applySafeArea(
  safeArea: Insets,
  contentSafeArea: Insets,
  root: HTMLElement = document.documentElement,
): void {
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    const px = Math.max(0, safeArea[side]) + Math.max(0, contentSafeArea[side])
    root.style.setProperty(`--safe-${side}`, `${px}px`)
  }
}
