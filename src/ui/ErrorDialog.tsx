import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { catalogueCode, errorMessage, isApiError } from '../api/errors'
import { i18n } from '../i18n/i18n'
import { Button } from './Button'
import { Modal } from './Modal'

/** The catalogue code of a failure: our own (network, timeout, generic) as they are, a server's
 *  spec 8 code in any case as the catalogue writes it, free text as it came. */
export function failureCode(error: Error): string {
  if (!isApiError(error)) return 'generic'
  return i18n.exists(`errors.${error.code}`) ? error.code : catalogueCode(error.code)
}

/** The failure's message in the language in use. */
export const failureText = (error: Error): string => errorMessage(failureCode(error), isApiError(error) ? error.figures : undefined)

/**
 * Spec 8: transfer and withdraw failures open an error dialog with the translated message. The
 * text is looked up by code while it shows, so it follows a language change; a code without a
 * translation shows as it came.
 */
export function ErrorDialog({ error, onClose, explain }: {
  error: Error | null
  onClose: () => void
  /** The screen's own words for a failure that means more there than the catalogue says; null: the catalogue's. */
  explain?: (error: Error) => string | null
}) {
  const { t } = useTranslation()
  const textId = useId()
  return (
    <Modal open={error !== null} onClose={onClose} title={t('errorDialog.title')} role="alertdialog" describedBy={textId}>
      <div className="stack">
        <p id={textId} className="error-dialog__text">{error && (explain?.(error) ?? failureText(error))}</p>
        <Button type="button" block onClick={onClose}>{t('errorDialog.ok')}</Button>
      </div>
    </Modal>
  )
}
