// A QR code drawn by the app (the invite link, to show a friend's phone): black modules on white
// in every palette, since scanners want the contrast of paper.
import { useMemo } from 'react'
import { qrPath } from '../../contract/lib/qrPath'

export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, d } = useMemo(() => qrPath(text), [text])
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <path fill="#000" d={d} />
    </svg>
  )
}
