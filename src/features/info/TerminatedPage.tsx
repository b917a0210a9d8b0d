import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** Where the app goes when the server answers that the service is gone (spec 2, 7). */
export function TerminatedPage() {
  const { t } = useTranslation()
  useEffect(() => {
    document.documentElement.classList.add('is-terminated')
  }, [])
  return (
    <main className="shell status-page">
      <div className="card center stack">
        <h1>{t('terminated.title')}</h1>
        <p className="muted">{t('terminated.text')}</p>
      </div>
    </main>
  )
}
