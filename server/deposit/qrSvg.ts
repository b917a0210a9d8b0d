import qrcode from 'qrcode-generator'

/** Blank modules around the code, as the QR standard asks, so scanners find its edges. */
const QUIET_ZONE = 4

/**
 * A QR code as compact SVG markup: one <path> of the dark modules (each row's runs merged), no
 * script, style or external reference, so it passes the app's DOMPurify unchanged. The quiet zone
 * is inside the viewBox; the app shows it on a light background.
 */
export function qrSvg(text: string): string {
  // Type 0 picks the smallest version that fits; level M survives a scuffed phone screen.
  const code = qrcode(0, 'M')
  code.addData(text, 'Byte')
  code.make()
  const count = code.getModuleCount()
  const size = count + 2 * QUIET_ZONE
  let d = ''
  for (let row = 0; row < count; row++) {
    let col = 0
    while (col < count) {
      if (!code.isDark(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < count && code.isDark(row, col)) col++
      d += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<path fill="#000" d="${d}"/></svg>`
  )
}
