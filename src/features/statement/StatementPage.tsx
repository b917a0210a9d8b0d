import { useTranslation } from 'react-i18next'

/** The route of spec 2 exists now; the screen's content is a later issue. */
export function StatementPage() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="statement-title">
      <div className="page-head"><h1 id="statement-title">{t('member.statement')}</h1></div>
      <p className="card muted">{t('member.upcoming')}</p>
    </section>
  )
}
