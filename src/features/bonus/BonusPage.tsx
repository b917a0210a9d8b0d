import { useTranslation } from 'react-i18next'

/** The route of spec 2 exists now; the screen's content is a later issue. */
export function BonusPage() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="bonus-title">
      <div className="page-head"><h1 id="bonus-title">{t('member.bonus')}</h1></div>
      <p className="card muted">{t('member.upcoming')}</p>
    </section>
  )
}
