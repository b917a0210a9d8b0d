import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { paths } from '../../lib/paths'

export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <main className="shell status-page">
      <div className="card center stack">
        <p className="status-page__code" aria-hidden="true">404</p>
        <h1>{t('notFound.title')}</h1>
        <p className="muted">{t('notFound.text')}</p>
        <Link href={paths.root} className="button button--primary">{t('notFound.home')}</Link>
      </div>
    </main>
  )
}
