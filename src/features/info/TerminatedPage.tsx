import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ContactDetails } from './ContactDetails'

/** Where the app goes when the server answers that the service is gone (spec 2, 7). A player who
 *  still has money is told how to reach the operator: the contact lookup (and the chat, which the
 *  route adds) are what a terminated service still answers. */
export function TerminatedPage() {
  const { t } = useTranslation()
  const reachTitle = useId()
  useEffect(() => {
    document.documentElement.classList.add('is-terminated')
  }, [])
  return (
    <main className="shell status-page">
      <div className="stack">
        <div className="card center stack">
          <h1>{t('terminated.title')}</h1>
          <p className="muted">{t('terminated.text')}</p>
        </div>
        <section className="stack" aria-labelledby={reachTitle}>
          <h2 id={reachTitle} className="status-page__subtitle">{t('terminated.reach')}</h2>
          <ContactDetails />
        </section>
      </div>
    </main>
  )
}
