import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { catalogueCode, errorMessage, isApiError } from '../api/errors'
import { Button } from './Button'
import { Modal } from './Modal'

/** The spec 8 code of a failure, as the catalogue writes it (any case from the server). */
export const failureCode = (error: Error): string => (isApiError(error) ? catalogueCode(error.code) : 'generic')

/**
 * Spec 8: transfer and withdraw failures open an error dialog with the translated message. The
 * text is looked up by code while it shows, so it follows a language change; a code without a
 * translation shows as it came.
 */
export function ErrorDialog({ error, onClose }: { error: Error | null; onClose: () => void }) {
  const { t } = useTranslation()
  const textId = useId()
  return (
    <Modal open={error !== null} onClose={onClose} title={t('errorDialog.title')} role="alertdialog" describedBy={textId}>
      <div className="stack">
        <p id={textId} className="error-dialog__text">{error && errorMessage(failureCode(error))}</p>
        <Button type="button" block onClick={onClose}>{t('errorDialog.ok')}</Button>
      </div>
    </Modal>
  )
}
