import { useTranslation } from 'react-i18next'

/** A failed load: the translated reason and a way to try again, in place of the content. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <p className="notice notice--error" role="alert">
      {error.message}{' '}
      <button type="button" className="link-button" onClick={onRetry}>{t('common.retry')}</button>
    </p>
  )
}
