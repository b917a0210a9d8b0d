import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { dismissToast, ui } from '../state/ui'

export function Toasts() {
  const { toasts } = useSnapshot(ui)
  const { t } = useTranslation()
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span>{toast.text}</span>
          <button type="button" className="toast__close" aria-label={t('common.close')} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
