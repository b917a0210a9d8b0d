// Copy actions and their toasts (spec 8): success "Copied" plus the copied text, failure
// "Failed to copy".
import { i18n } from '../i18n/i18n'
import { copyText } from '../platform/clipboard'
import { showToast } from '../state/ui'

export function showCopyResult(copied: boolean, text: string): void {
  if (copied) showToast(i18n.t('common.copied', { text }), 'success')
  else showToast(i18n.t('common.copyFailed'), 'error')
}

/** Copies the text and says how it went. */
export async function copyWithToast(text: string): Promise<boolean> {
  const copied = await copyText(text)
  showCopyResult(copied, text)
  return copied
}
