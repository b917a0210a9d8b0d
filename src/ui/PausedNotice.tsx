import { useTranslation } from 'react-i18next'

/** A load waiting for the connection (TanStack Query pauses it offline and resumes it online). */
export function PausedNotice({ paused }: { paused: boolean }) {
  const { t } = useTranslation()
  if (!paused) return null
  return <p className="notice notice--error" role="status">{t('errors.network')}</p>
}
