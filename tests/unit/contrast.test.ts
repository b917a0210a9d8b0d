// @vitest-environment node
// WCAG AA for the palette in src/ui/theme.css, read from the file itself: a colour change that
// drops a text/background pair below AA, in the light or the dark column, fails here.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contrastRatio as contrast, mixRgb as mix, parseHex, readableOn, type Rgb } from '../../src/lib/contrast'

type Scheme = 'light' | 'dark'

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
  const parsed = parseHex(hex)
  if (!parsed) throw new Error(`${hex} is not a hex colour`)
  return parsed
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

describe('readableOn (a host colour made readable)', () => {
  it('keeps a colour that already reaches 4.5:1', () => {
    expect(readableOn('#5b6378', ['#ffffff'], '#151a2d')).toBe('#5b6378')
  })

  it.each([
    ['#888888', ['#ffffff', '#f1f1f4'], '#111111'], // Telegram's default light hint
    ['#708499', ['#17212b', '#232e3c'], '#f5f5f5'], // Telegram's default dark hint
  ])('moves %s toward the text colour until it reaches 4.5:1 on %j', (hint, grounds, text) => {
    const fixed = readableOn(hint, grounds, text)
    expect(fixed).not.toBe(hint)
    for (const ground of grounds) expect(contrast(rgb(fixed), rgb(ground))).toBeGreaterThanOrEqual(4.5)
    // Only as far as needed: still closer to the hint than to the text.
    expect(contrast(rgb(fixed), rgb(hint))).toBeLessThan(contrast(rgb(fixed), rgb(text)))
  })
})
