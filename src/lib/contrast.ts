// WCAG 2 contrast between sRGB colours, for colours the app does not choose itself (a host theme).

export type Rgb = readonly [number, number, number]

/** "#rgb" or "#rrggbb" -> [r, g, b]; null for anything else. */
export function parseHex(hex: string): Rgb | null {
  let digits = hex.trim().replace(/^#/, '')
  if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join('')
  if (!/^[0-9a-f]{6}$/i.test(digits)) return null
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb
}

export const toHex = (rgb: Rgb): string =>
  `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`

/** color-mix(in srgb, a share, b) with share in 0..1. */
export const mixRgb = (a: Rgb, share: number, b: Rgb): Rgb =>
  a.map((channel, i) => channel * share + b[i] * (1 - share)) as unknown as Rgb

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** 1 to 21; WCAG AA asks 4.5 of normal text, 3 of large text and controls. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

/** `colour` itself if it reaches `min` on every background, else the least mix toward `toward`
 *  that does (`toward` itself at worst): the host's tint kept, the text readable. */
export function readableOn(colour: string, backgrounds: readonly string[], toward: string, min = 4.5): string {
  const base = parseHex(colour)
  const target = parseHex(toward)
  const grounds = backgrounds.map(parseHex).filter((rgb): rgb is Rgb => rgb !== null)
  if (!base || !target) return colour
  for (let step = 0; step <= 20; step += 1) {
    // Judged as it will be written (whole channels): an unrounded mix can pass and its hex miss.
    const candidate = mixRgb(target, step / 20, base).map(Math.round) as unknown as Rgb
    if (grounds.every((ground) => contrastRatio(candidate, ground) >= min)) return step === 0 ? colour : toHex(candidate)
  }
  return toward
}
