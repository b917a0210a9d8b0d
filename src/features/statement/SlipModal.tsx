import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Currency, Slip } from '../../../contract'
import { getConfig } from '../../api/config'
import { i18n, currentLanguage } from '../../i18n/i18n'
import { formatDate } from '../../lib/dates'
import { LoadError } from '../../ui/LoadError'
import { Modal } from '../../ui/Modal'
import { Pager } from '../../ui/Pager'
import { ImageIcon, RefreshIcon } from '../../ui/icons'
import { slipImageAddress, useSlips } from './api'
import { statusNote } from './describe'
import { STATEMENT_PAGE_SIZE } from '../../../contract/statement'
import { amountOrDash, pageCount, shownAmount, statusKey } from './rows'
import { Skeleton } from '../../ui/Loader'

interface SlipModalProps {
  currency: Currency
  onClose: () => void
}

type Viewing = { reference: string; state: 'loading' } | { reference: string; state: 'shown'; url: string } | { reference: string; state: 'failed' }

/** A slip's picture, small, beside its card (issue 29): its address is asked for and the picture
 *  downloaded only once the card scrolls into view, so a page of ten costs what is looked at. The
 *  picture icon stands in until then, and where the picture cannot be had. */
function SlipThumb({ reference }: { reference: string }) {
  const frame = useRef<HTMLSpanElement>(null)
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const element = frame.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    let live = true
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      slipImageAddress(reference, getConfig().apiBase).then((address) => live && setUrl(address), () => live && setFailed(true))
    })
    observer.observe(element)
    return () => {
      live = false
      observer.disconnect()
    }
  }, [reference])
  return (
    <span ref={frame} className="slip-card__thumb" aria-hidden="true">
      {url && !failed ? <img src={url} alt="" decoding="async" onError={() => setFailed(true)} /> : <ImageIcon />}
    </span>
  )
}

/**
 * Spec 2 "Statement": the slip upload status, 10 a page with a refresh, one card a slip: its
 * picture small (loaded as it comes into view), status and amount (a dash unless above 0), a
 * failed slip's reason, when it was received, and the picture whole on request.
 */
export default function SlipModal({ currency, onClose }: SlipModalProps) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const [page, setPage] = useState(1)
  const slips = useSlips(page)
  const [viewing, setViewing] = useState<Viewing | null>(null)
  const rows = slips.data?.slips ?? []
  const total = slips.data?.total
  // Without a total (an operator's API may leave it out) the pager goes by the page: a full one may have a next.
  const pages = total === undefined ? undefined : pageCount(total)

  const view = (reference: string) => {
    setViewing({ reference, state: 'loading' })
    slipImageAddress(reference, getConfig().apiBase).then(
      (url) => setViewing((now) => (now?.reference === reference ? { reference, state: 'shown', url } : now)),
      () => setViewing((now) => (now?.reference === reference ? { reference, state: 'failed' } : now)),
    )
  }

  return (
    <Modal open onClose={onClose} title={t('slips.title')} wide>
      <div className="stack slips">
        <div className="slips__bar">
          {/* Busy, not disabled, while it reads: a disabled button would throw a keyboard player's focus to the page. */}
          <button type="button" className="link-button slips__refresh" aria-disabled={slips.isFetching || undefined} aria-busy={slips.isFetching || undefined}
            onClick={() => { if (!slips.isFetching) void slips.refetch() }}>
            <RefreshIcon className={slips.isFetching ? 'spin' : undefined} /> {t('slips.refresh')}
          </button>
        </div>
        {slips.isError && <LoadError error={slips.error} onRetry={() => slips.refetch()} />}
        {slips.isPending && !slips.isError && <Skeleton className="slips__skeleton" />}
        {slips.isSuccess && rows.length === 0 && <p className="muted slips__empty">{t('slips.empty')}</p>}
        {rows.length > 0 && (
          <ul className="slip-cards" aria-busy={slips.isFetching || undefined}>
            {rows.map((slip: Slip, index) => {
              const key = statusKey(slip.status)
              const note = statusNote(t, slip, (name) => i18n.exists(name))
              const received = formatDate(slip.createdAt, language)
              return (
                <li key={`${slip.reference}-${index}`} className={`slip-card${slip.reference && !slip.link ? ' slip-card--picture' : ''}`}>
                  {slip.reference && !slip.link && <SlipThumb reference={slip.reference} />}
                  <div className="slip-card__head">
                    <span className={`status-badge status-badge--${key}`}>{t(`statement.status.${key}`)}</span>
                    <span className="slip-card__amount">{amountOrDash(shownAmount(slip).amount, language, currency)}</span>
                  </div>
                  {note && <p className="slip-card__note">{note}</p>}
                  <div className="slip-card__foot">
                    {/* The date and its time on one line: a narrow card breaks after the words before them. */}
                    <time className="slip-card__time" dateTime={slip.createdAt}>{t('slips.receivedAt', { date: received.replaceAll(' ', '\u00a0') })}</time>
                    {slip.reference && !slip.link && (
                      <button type="button" className="button button--secondary slip-card__view" onClick={() => view(slip.reference)}
                        aria-label={t('slips.viewOf', { date: received })}>
                        <ImageIcon /> {t('slips.view')}
                      </button>
                    )}
                  </div>
                </li>
              )
            })}
          </ul>
        )}
        <Pager label={t('slips.title')} page={page} pages={pages} hasNext={rows.length >= STATEMENT_PAGE_SIZE} busy={slips.isFetching} onPage={setPage} />
      </div>
      {viewing && (
        <Modal open onClose={() => setViewing(null)} title={t('slips.image')}>
          <div className="slips__image">
            {viewing.state === 'loading' && <Skeleton className="slips__image-wait" />}
            {viewing.state === 'failed' && <p className="notice notice--error" role="alert">{t('slips.imageFailed')}</p>}
            {viewing.state === 'shown' && (
              <img src={viewing.url} alt={t('slips.image')} onError={() => setViewing({ reference: viewing.reference, state: 'failed' })} />
            )}
          </div>
        </Modal>
      )}
    </Modal>
  )
}
