import { createPortal } from 'react-dom'
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { dismissToast, ui } from '../state/ui'
import { topDialog } from './dialogStack'

/** The toast stack. While a modal is open it renders inside the top dialog's panel, over its
 *  title: the rest of the page is inert then, a toast outside would sit under the backdrop, and
 *  one at the bottom would cover the panel's actions. */
export function Toasts() {
  const { toasts, openModals, blockingModals } = useSnapshot(ui)
  const { t } = useTranslation()
  const dialog = openModals + blockingModals > 0 ? topDialog() : null
  const host = dialog?.querySelector<HTMLElement>(':scope > .modal__panel') ?? dialog ?? document.body
  return createPortal(
    <div className="toasts">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span>{toast.text}</span>
          <button type="button" className="toast__close" aria-label={t('common.close')} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>,
    host,
  )
}
