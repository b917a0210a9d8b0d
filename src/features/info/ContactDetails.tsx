import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../api/config'
import { safeUrl } from '../../lib/url'
import { getPlatform } from '../../platform'
import { SafeHtml } from '../../ui/SafeHtml'
import { ChatIcon } from '../../ui/icons'
import { LoadError } from '../../ui/LoadError'
import { useContact } from './api'
import { Skeleton } from '../../ui/Loader'

/** Shown when the server has no line QR or it fails to load (spec 2), if present: the reference
 *  server serves the demo's in demo, dev and test; in production there is none and no QR shows. */
export const LOCAL_LINE_QR = '/line-qr.png'

/** How to reach the operator (spec 2 "Contact"): the LINE QR, the LINE button and the operator's
 *  contact text. The contact page, and the terminated page for a player who still has money. */
export function ContactDetails() {
  const { t } = useTranslation()
  const config = getConfig()
  const contact = useContact()
  // The images that failed to load: the server's is tried first, then the local one; none left, no QR.
  const [failedQrs, setFailedQrs] = useState<readonly string[]>([])
  const lineName = contact.data?.lineName || config.contact.lineName
  // Only http(s) links and images, from the server or the config (a `javascript:` link is dropped).
  const lineLink = safeUrl(contact.data?.lineLink) ?? safeUrl(config.contact.lineLink)
  const serverQr = safeUrl(contact.data?.lineQR)
  const qr = [serverQr, LOCAL_LINE_QR].find((src) => src && !failedQrs.includes(src))

  return (
    <div className="card stack">
      {qr && (
        <figure className="line-qr">
          <img key={qr} src={qr} width={200} height={200} alt={t('contact.qrAlt', { name: lineName })}
            onError={() => setFailedQrs((failed) => [...failed, qr])} />
          <figcaption className="muted small">{t('contact.scanToAdd')}</figcaption>
        </figure>
      )}
      {/* The account's id on a line of its own: the button's words stay short enough for one line at 320 px. */}
      {lineName && (qr || lineLink) && <p className="line-id">{lineName}</p>}
      {lineLink && (
        <a className="button button--primary button--block line-button" href={lineLink} rel="noopener noreferrer"
          onClick={(event) => {
            event.preventDefault()
            getPlatform().openExternal(lineLink)
          }}>
          <ChatIcon /> <span>{t('contact.addLine')}</span>
        </a>
      )}
      {/* The operator's words come last: what arrives with the answer moves nothing above it. */}
      {contact.isPending && <Skeleton height={72} />}
      {contact.isError && <LoadError error={contact.error} onRetry={() => contact.refetch()} />}
      {contact.data?.contactText && <SafeHtml className="rich-text" html={contact.data.contactText} />}
    </div>
  )
}
