import { useTranslation } from 'react-i18next'
import { Button } from './Button'
import { Modal } from './Modal'

/** Spec 8: transfer and withdraw failures open an error dialog with the translated message. */
export function ErrorDialog({ error, onClose }: { error: Error | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal open={error !== null} onClose={onClose} title={t('common.errorTitle')}>
      <div className="stack">
        <p role="alert" className="error-dialog__text">{error?.message}</p>
        <Button type="button" block onClick={onClose}>{t('common.ok')}</Button>
      </div>
    </Modal>
  )
}
