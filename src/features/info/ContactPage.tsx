import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../api/config'
import { safeUrl } from '../../lib/url'
import { getPlatform } from '../../platform'
import { SafeHtml } from '../../ui/SafeHtml'
import { ChatIcon } from '../../ui/icons'
import { useContact } from './api'
import { LoadError } from '../../ui/LoadError'

/** Shipped in public/, shown when the server has no line QR or it fails to load (spec 2). */
export const LOCAL_LINE_QR = '/line-qr.png'

export function ContactPage() {
  const { t } = useTranslation()
  const config = getConfig()
  const contact = useContact()
  const [qrFailed, setQrFailed] = useState(false)
  const lineName = contact.data?.lineName || config.contact.lineName
  // Only http(s) links and images, from the server or the config (a `javascript:` link is dropped).
  const lineLink = safeUrl(contact.data?.lineLink) ?? safeUrl(config.contact.lineLink)
  const serverQr = safeUrl(contact.data?.lineQR)
  const qr = !qrFailed && serverQr ? serverQr : LOCAL_LINE_QR

  return (
    <section aria-labelledby="contact-title">
      <div className="page-head">
        <h1 id="contact-title">{t('contact.title')}</h1>
      </div>
      <div className="card stack">
        {contact.isPending && <div className="skeleton" style={{ height: 72 }} aria-label={t('common.loading')} />}
        {contact.isError && <LoadError error={contact.error} onRetry={() => contact.refetch()} />}
        {contact.data?.contactText && <SafeHtml className="rich-text" html={contact.data.contactText} />}
        <figure className="line-qr">
          <img src={qr} width={200} height={200} alt={t('contact.qrAlt', { name: lineName })}
            onError={() => setQrFailed(true)} />
          <figcaption className="muted small">{t('contact.scanToAdd')}</figcaption>
        </figure>
        {lineLink && (
          <a className="button button--primary button--block line-button" href={lineLink} rel="noopener noreferrer"
            onClick={(event) => {
              event.preventDefault()
              getPlatform().openExternal(lineLink)
            }}>
            <ChatIcon /> <span>{t('contact.addLine', { name: lineName })}</span>
          </a>
        )}
      </div>
      {/* The chat widget (spec 2 "Chat widget") mounts here when enabled; a later issue. */}
      <p className="center muted small app-version">{t('contact.version', { version: __APP_VERSION__ })}</p>
    </section>
  )
}
