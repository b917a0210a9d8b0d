// A QR code as one SVG path of its dark modules (each row's runs merged), for the server's deposit
// QR (server/deposit/qrSvg.ts) and the app's own codes (ui/QrCode.tsx, the invite link).
import qrcode from 'qrcode-generator'

/** Blank modules around the code, as the QR standard asks, so scanners find its edges. */
export const QUIET_ZONE = 4

/** The side of the code in modules, quiet zone included, and the path of its dark modules. */
export function qrPath(text: string): { size: number; d: string } {
  // Type 0 picks the smallest version that fits; level M survives a scuffed phone screen.
  const code = qrcode(0, 'M')
  code.addData(text, 'Byte')
  code.make()
  const count = code.getModuleCount()
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
  return { size: count + 2 * QUIET_ZONE, d }
}
