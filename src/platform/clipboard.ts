/** Copies text; true when one of the two ways worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Clipboard API refused (no permission, insecure context, lost user activation): try the old way.
  }
  return copyWithTextarea(text)
}

function copyWithTextarea(text: string): boolean {
  const textarea = document.createElement('textarea')
  textarea.value = text
  textarea.setAttribute('readonly', '')
  // Off-screen but selectable; font-size 16px stops iOS zooming in on focus.
  textarea.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;font-size:16px'
  const previousFocus = document.activeElement
  document.body.append(textarea)
  textarea.focus()
  textarea.select()
  textarea.setSelectionRange(0, text.length)
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    textarea.remove()
    if (previousFocus instanceof HTMLElement) previousFocus.focus()
  }
}

/** Whether this browser lets a page read the clipboard when the player asks (a Paste button). */
export const canPaste = (): boolean => typeof navigator !== 'undefined' && typeof navigator.clipboard?.readText === 'function'

/** The clipboard's text, read on the player's tap; null when the browser or the player refused. */
export async function pastedText(): Promise<string | null> {
  try {
    return await navigator.clipboard.readText()
  } catch {
    return null
  }
}
