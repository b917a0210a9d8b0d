// @vitest-environment node
// WCAG AA for the palette in src/ui/theme.css, read from the file itself: a colour change that
// drops a text/background pair below AA, in the light or the dark column, fails here.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

type Scheme = 'light' | 'dark'
type Rgb = [number, number, number]

const css = readFileSync(new URL('../../src/ui/theme.css', import.meta.url), 'utf8')

/** The `--name: value` colours of the first `:root { }` block, per scheme. */
function readPalette(source: string): Record<Scheme, Map<string, string>> {
  const block = /(?:^|\n):root\s*\{([^}]*)\}/.exec(source)?.[1]
  if (!block) throw new Error('no :root block in theme.css')
  const palette = { light: new Map<string, string>(), dark: new Map<string, string>() }
  for (const [, name, value] of block.matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
    const pair = /^light-dark\(\s*(#[0-9a-f]{3,6})\s*,\s*(#[0-9a-f]{3,6})\s*\)$/i.exec(value.trim())
    const single = /^#[0-9a-f]{3,6}$/i.exec(value.trim())
    if (pair) {
      palette.light.set(name, pair[1])
      palette.dark.set(name, pair[2])
    } else if (single) {
      palette.light.set(name, single[0])
      palette.dark.set(name, single[0])
    }
  }
  return palette
}

function rgb(hex: string): Rgb {
  let digits = hex.replace('#', '')
  if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join('')
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb
}

/** color-mix(in srgb, a share%, b). */
const mix = (a: Rgb, share: number, b: Rgb): Rgb => a.map((channel, i) => channel * share + b[i] * (1 - share)) as Rgb

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

const TEXT = 4.5
const UI = 3

/** Foreground, background (a variable, or [variable, share, variable] for a color-mix), minimum,
 *  and where the pair appears. */
type Background = string | [string, number, string]
const PAIRS: [string, Background, number, string][] = [
  ['--text', '--bg', TEXT, 'page text'],
  ['--text', '--surface', TEXT, 'card and modal text'],
  ['--text', '--surface-2', TEXT, 'notice text'],
  ['--muted', '--bg', TEXT, 'hints on the page'],
  ['--muted', '--surface', TEXT, 'hints in cards, bottom menu items'],
  ['--muted', '--surface-2', TEXT, 'read-only inputs, step numbers'],
  ['--primary', '--bg', TEXT, 'links on the page'],
  ['--primary', '--surface', TEXT, 'links, secondary buttons, the current menu item'],
  ['--primary', '--surface-2', TEXT, 'links in notices'],
  ['--primary', ['--primary', 0.15, '--surface'], TEXT, 'a done register step'],
  ['--on-primary', '--primary', TEXT, 'primary buttons, the current register step'],
  ['--danger', '--danger-bg', TEXT, 'error notices'],
  ['--danger', '--surface', TEXT, 'field errors'],
  ['--success', '--success-bg', TEXT, 'success notices'],
  ['--on-header', '--header-bg', TEXT, 'top bar'],
  ['--on-accent', '--accent', TEXT, 'the big menu button'],
  ['--on-toast', '--toast-bg', TEXT, 'info toasts'],
  ['--on-toast', '--toast-error-bg', TEXT, 'error toasts'],
  ['--on-toast', '--toast-success-bg', TEXT, 'success toasts'],
  ['--on-line-green', '--line-green', TEXT, 'the add-LINE button'],
  ['--border', '--surface', 1, 'borders (decorative; only present)'],
  ['--primary', '--bg', UI, 'focused input border'],
  ['--danger', '--surface', UI, 'invalid input border'],
]

const palette = readPalette(css)

describe('theme.css palette', () => {
  it('defines both columns of the palette with light-dark()', () => {
    const differing = [...palette.light].filter(([name, value]) => palette.dark.get(name) !== value)
    expect(differing.length).toBeGreaterThanOrEqual(12)
    expect(css).toMatch(/:root\[data-theme='dark'\]\s*\{\s*color-scheme:\s*dark/)
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\)\s*\{\s*:root:not\(\[data-theme='light'\]\)\s*\{\s*color-scheme:\s*dark/)
  })

  it('computes contrast the WCAG way', () => {
    expect(contrast(rgb('#000'), rgb('#fff'))).toBeCloseTo(21, 5)
    expect(contrast(rgb('#777777'), rgb('#ffffff'))).toBeCloseTo(4.48, 2) // the classic near miss
  })

  for (const scheme of ['light', 'dark'] as const) {
    const colours = palette[scheme]
    const colour = (name: string): Rgb => {
      const value = colours.get(name)
      if (!value) throw new Error(`${name} is not a colour of the palette`)
      return rgb(value)
    }
    it.each(PAIRS)(`${scheme}: %s on %j reaches %d:1 (%s)`, (fg, bg, min) => {
      const background = typeof bg === 'string' ? colour(bg) : mix(colour(bg[0]), bg[1], colour(bg[2]))
      expect(contrast(colour(fg), background)).toBeGreaterThanOrEqual(min)
    })
  }
})
