import { useTranslation } from 'react-i18next'
import { ContactDetails } from './ContactDetails'

export function ContactPage() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="contact-title">
      <div className="page-head">
        <h1 id="contact-title">{t('contact.title')}</h1>
      </div>
      <ContactDetails />
      <p className="center muted small app-version">{t('contact.version', { version: __APP_VERSION__ })}</p>
    </section>
  )
}
