// A receipt as a picture (issue 51: "save and share"), drawn on a canvas from the receipt's own
// lines, in the page's fonts (Thai and Lao included) and colours: what a player keeps in the photo
// gallery as proof of a transfer, as Thai banking apps let them. No library: a few lines of text.
/** Spec 4's statuses, as MoneyReceipt names them. */
type ReceiptStatus = 'success' | 'processing' | 'failed'

export interface ReceiptPictureFacts {
  /** The app's name and "receipt", at the top. */
  title: string
  /** What happened, above the amount (a withdrawal waiting for the bank). */
  state?: string
  amount: string
  status: ReceiptStatus
  statusText: string
  /** Label and value, in the receipt's order; the balance after comes last. */
  lines: readonly (readonly [string, string])[]
}

/** CSS pixels wide; drawn at twice that, sharp on a phone's screen. */
const WIDTH = 360
const SCALE = 2
const PAD = 24
const LINE = 22

interface Palette { background: string; text: string; muted: string; border: string; success: string; danger: string; warning: string }

function palette(): Palette {
  const style = getComputedStyle(document.documentElement)
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  return {
    background: read('--surface', '#ffffff'),
    text: read('--text', '#111827'),
    muted: read('--muted', '#6b7280'),
    border: read('--border', '#e5e7eb'),
    success: read('--success', '#15803d'),
    danger: read('--danger', '#b91c1c'),
    warning: read('--warning', '#b45309'),
  }
}

/** Breaks `text` into lines no wider than `width`, at word boundaries (Thai and Lao have no spaces:
 *  Intl.Segmenter finds their words where the engine has it, else any character may break). */
export function wrapText(measure: (text: string) => number, text: string, width: number): string[] {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter
  const pieces = Segmenter ? [...new Segmenter(undefined, { granularity: 'word' }).segment(text)].map((part) => part.segment) : [...text]
  const lines: string[] = []
  let line = ''
  for (const piece of pieces) {
    const next = line + piece
    if (line && measure(next) > width) {
      lines.push(line.trimEnd())
      line = piece.trimStart()
    } else line = next
    // A piece wider than the line by itself (a long reference) is cut by characters.
    while (measure(line) > width && line.length > 1) {
      let cut = line.length - 1
      while (cut > 1 && measure(line.slice(0, cut)) > width) cut -= 1
      lines.push(line.slice(0, cut))
      line = line.slice(cut)
    }
  }
  if (line.trim()) lines.push(line.trimEnd())
  return lines
}

/** The picture, PNG. */
export async function drawReceipt(facts: ReceiptPictureFacts): Promise<Blob> {
  await document.fonts?.ready
  const colors = palette()
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif'
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no 2d canvas')
  const font = (size: number, weight = 400) => `${weight} ${size}px ${family}`
  const inner = WIDTH - PAD * 2

  // Measured first, to know the height; then drawn.
  context.font = font(14)
  const measure = (text: string) => context.measureText(text).width
  const rows = facts.lines.map(([label, value]) => {
    context.font = font(14)
    const labels = wrapText(measure, label, inner * 0.42)
    context.font = font(14, 600)
    const values = wrapText(measure, value, inner * 0.56)
    return { labels, values, height: Math.max(labels.length, values.length) * LINE + 12 }
  })
  const height = PAD + 28 + (facts.state ? 26 : 0) + 48 + 34 + 16 + rows.reduce((sum, row) => sum + row.height, 0) + PAD
  canvas.width = WIDTH * SCALE
  canvas.height = Math.ceil(height) * SCALE
  context.scale(SCALE, SCALE)
  context.fillStyle = colors.background
  context.fillRect(0, 0, WIDTH, height)
  context.textBaseline = 'top'

  let y = PAD
  context.textAlign = 'center'
  context.fillStyle = colors.muted
  context.font = font(14, 600)
  context.fillText(facts.title, WIDTH / 2, y, inner)
  y += 28
  if (facts.state) {
    context.fillStyle = colors.text
    context.font = font(15, 600)
    context.fillText(facts.state, WIDTH / 2, y, inner)
    y += 26
  }
  context.fillStyle = colors.text
  context.font = font(34, 800)
  context.fillText(facts.amount, WIDTH / 2, y, inner)
  y += 48
  context.fillStyle = facts.status === 'success' ? colors.success : facts.status === 'failed' ? colors.danger : colors.warning
  context.font = font(14, 700)
  context.fillText(facts.statusText, WIDTH / 2, y, inner)
  y += 34
  context.fillStyle = colors.border
  context.fillRect(PAD, y, inner, 1)
  y += 16

  for (const row of rows) {
    context.textAlign = 'left'
    context.fillStyle = colors.muted
    context.font = font(14)
    row.labels.forEach((text, i) => context.fillText(text, PAD, y + i * LINE))
    context.textAlign = 'right'
    context.fillStyle = colors.text
    context.font = font(14, 600)
    row.values.forEach((text, i) => context.fillText(text, WIDTH - PAD, y + i * LINE))
    y += row.height
  }

  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no picture'))), 'image/png'))
}

export type SaveResult = 'shared' | 'downloaded' | 'show' | 'cancelled'

/**
 * Keeps the picture where the host allows: the share sheet with the file (phones: "Save image",
 * LINE, the gallery), else a download in a plain browser. A messenger's WebView offers neither
 * (Telegram on Android drops a download; its file download takes only a server's address): the
 * receipt then shows the picture to press and hold ('show').
 */
export async function keepPicture(file: File, plainBrowser: boolean): Promise<SaveResult> {
  const data = { files: [file] }
  if (typeof navigator.share === 'function' && navigator.canShare?.(data)) {
    try {
      await navigator.share(data)
      return 'shared'
    } catch (error) {
      if ((error as Error).name === 'AbortError') return 'cancelled'
      // NotAllowedError (the tap's activation spent) and the rest: the ways below.
    }
  }
  if (!plainBrowser) return 'show'
  const address = URL.createObjectURL(file)
  const link = Object.assign(document.createElement('a'), { href: address, download: file.name })
  document.body.append(link)
  link.click()
  link.remove()
  // The download has taken the file by the next task; the address is not needed after.
  setTimeout(() => URL.revokeObjectURL(address), 10_000)
  return 'downloaded'
}
