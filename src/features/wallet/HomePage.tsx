import { useTranslation } from 'react-i18next'

/** The route of spec 2 exists now; the screen's content is a later issue. */
export function HomePage() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="home-title">
      <div className="page-head"><h1 id="home-title">{t('member.home')}</h1></div>
      <p className="card muted">{t('member.upcoming')}</p>
    </section>
  )
}
