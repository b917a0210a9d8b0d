// The shown QR as a picture to keep (issue 18): a player who pays from the same phone saves it and
// opens it in the bank app. Drawn from the code on screen (already sanitized), on white, with the
// words under it that say what it pays.

const CODE = 560
const PAD = 40
const LINE = 44

/** A PNG of `svg` with `lines` of text under it. */
export async function qrPng(svg: SVGSVGElement, lines: readonly string[]): Promise<Blob> {
  const markup = new XMLSerializer().serializeToString(svg)
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }))
  try {
    const image = new Image(CODE, CODE)
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = CODE + PAD * 2
    canvas.height = CODE + PAD * 2 + lines.length * LINE
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no canvas')
    context.fillStyle = '#fff'
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.drawImage(image, PAD, PAD, CODE, CODE)
    context.fillStyle = '#111'
    context.textAlign = 'center'
    context.font = '600 28px system-ui, sans-serif'
    lines.forEach((line, index) => context.fillText(line, canvas.width / 2, CODE + PAD + LINE * (index + 1) - 8, canvas.width - PAD))
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'))
  } finally {
    URL.revokeObjectURL(url)
  }
}
