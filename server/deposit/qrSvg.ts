import { qrPath } from '../../contract/lib/qrPath'

/**
 * A QR code as compact SVG markup: one <path> of the dark modules, no script, style or external
 * reference, so it passes the app's DOMPurify unchanged. The quiet zone is inside the viewBox; the
 * app shows it on a light background.
 */
export function qrSvg(text: string): string {
  const { size, d } = qrPath(text)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<path fill="#000" d="${d}"/></svg>`
  )
}
