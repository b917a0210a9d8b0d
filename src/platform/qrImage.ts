// QR scanning for the plain browser: the user picks a photo (or takes one) and we decode it here.

interface DetectedBarcode {
  rawValue: string
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike

/** Longest side jsQR works on; phone photos are 12 MP and would take seconds. */
const MAX_SIDE = 1600

interface LoadedImage {
  source: CanvasImageSource
  width: number
  height: number
  release(): void
}

async function loadImage(file: Blob): Promise<LoadedImage> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file)
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() }
  }
  const url = URL.createObjectURL(file)
  const img = new Image()
  img.src = url
  try {
    await img.decode()
  } catch (error) {
    URL.revokeObjectURL(url)
    throw error
  }
  return {
    source: img,
    width: img.naturalWidth,
    height: img.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  }
}

async function detectNative(source: CanvasImageSource): Promise<string | null> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector
  if (!Detector) return null
  try {
    const codes = await new Detector({ formats: ['qr_code'] }).detect(source)
    return codes[0]?.rawValue ?? null
  } catch {
    // qr_code unsupported on this device (the constructor throws) or detection failed.
    return null
  }
}

async function detectWithJsQr(image: LoadedImage): Promise<string | null> {
  const scale = Math.min(1, MAX_SIDE / Math.max(image.width, image.height))
  const width = Math.max(1, Math.round(image.width * scale))
  const height = Math.max(1, Math.round(image.height * scale))
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) return null
  context.drawImage(image.source, 0, 0, width, height)
  const { data } = context.getImageData(0, 0, width, height)
  // The decoder is loaded only when a scan actually happens.
  const { default: jsQR } = await import('jsqr')
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null
}

/** The text of the first QR code in an image, or null. */
export async function decodeQrImage(file: Blob): Promise<string | null> {
  let image: LoadedImage
  try {
    image = await loadImage(file)
  } catch {
    return null // not an image the browser can decode (e.g. HEIC on some desktops)
  }
  try {
    return (await detectNative(image.source)) ?? (await detectWithJsQr(image))
  } finally {
    image.release()
  }
}
