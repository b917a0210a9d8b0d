// The browser's way to a QR: the player picks a photo (or takes one). Kept apart from the decoder
// (qrImage.ts), which loads only once a photo was picked.

/** Opens the file picker; resolves the picked image, or null when the user cancels. */
export function pickImage(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    // No `capture` attribute: phones then offer the camera or the gallery.
    input.accept = 'image/*'
    input.style.display = 'none'
    let settled = false
    const finish = (file: File | null) => {
      if (settled) return
      settled = true
      input.remove()
      resolve(file)
    }
    input.addEventListener('change', () => finish(input.files?.[0] ?? null))
    input.addEventListener('cancel', () => finish(null))
    document.body.append(input)
    input.click()
  })
}
