import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Currency, Slip } from '../../api/contract'
import { getConfig } from '../../api/config'
import { i18n, currentLanguage } from '../../i18n/i18n'
import { formatDate } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { LoadError } from '../../ui/LoadError'
import { Modal } from '../../ui/Modal'
import { Pager } from '../../ui/Pager'
import { RefreshIcon } from '../../ui/icons'
import { slipImageAddress, useSlips } from './api'
import { statusText } from './describe'
import { STATEMENT_PAGE_SIZE } from '../../api/contract/statement'
import { pageCount, statusKey } from './rows'

interface SlipModalProps {
  currency: Currency
  onClose: () => void
}

type Viewing = { reference: string; state: 'loading' } | { reference: string; state: 'shown'; url: string } | { reference: string; state: 'failed' }

/**
 * Spec 2 "Statement": the slip upload status, 10 a page with a refresh: received time, amount (a
 * dash unless above 0), status with its reason, and the slip image by its reference (owner only).
 */
export default function SlipModal({ currency, onClose }: SlipModalProps) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const [page, setPage] = useState(1)
  const slips = useSlips(page)
  const [viewing, setViewing] = useState<Viewing | null>(null)
  const rows = slips.data?.slips ?? []
  const total = slips.data?.total
  // Without a total (an operator's API may leave it out) a full page may have a next one.
  const pages = total === undefined ? page + (rows.length >= STATEMENT_PAGE_SIZE ? 1 : 0) : pageCount(total)

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
          <button type="button" className="link-button slips__refresh" disabled={slips.isFetching} onClick={() => void slips.refetch()}>
            <RefreshIcon className={slips.isFetching ? 'spin' : undefined} /> {t('slips.refresh')}
          </button>
        </div>
        {slips.isError && <LoadError error={slips.error} onRetry={() => slips.refetch()} />}
        {slips.isPending && !slips.isError && <div className="skeleton slips__skeleton" aria-label={t('common.loading')} />}
        {slips.isSuccess && rows.length === 0 && <p className="muted slips__empty">{t('slips.empty')}</p>}
        {rows.length > 0 && (
          <div className="slips__scroll">
          <table className="slips__table" aria-busy={slips.isFetching || undefined}>
            <colgroup>
              <col className="slips__col-received" />
              <col className="slips__col-amount" />
              <col />
              <col className="slips__col-view" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">{t('slips.received')}</th>
                <th scope="col" className="slips__num">{t('slips.amount')}</th>
                <th scope="col">{t('slips.status')}</th>
                <th scope="col"><span className="visually-hidden">{t('slips.image')}</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((slip: Slip, index) => {
                const amount = Number(slip.amount) || 0
                return (
                  <tr key={`${slip.reference}-${index}`}>
                    <td><time dateTime={slip.createdAt}>{formatDate(slip.createdAt, language)}</time></td>
                    <td className="slips__num">{amount > 0 ? formatMoney(amount, language, currency) : '—'}</td>
                    <td><span className={`status-text status-text--${statusKey(slip.status)}`}>{statusText(t, slip, (key) => i18n.exists(key))}</span></td>
                    <td>
                      {slip.reference && !slip.link && (
                        <button type="button" className="link-button" onClick={() => view(slip.reference)}
                          aria-label={t('slips.viewOf', { date: formatDate(slip.createdAt, language) })}>
                          {t('slips.view')}
                        </button>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
          </div>
        )}
        <Pager label={t('slips.title')} page={page} pages={pages} busy={slips.isFetching} onPage={setPage} />
      </div>
      {viewing && (
        <Modal open onClose={() => setViewing(null)} title={t('slips.image')}>
          <div className="slips__image">
            {viewing.state === 'loading' && <div className="skeleton slips__image-wait" aria-label={t('common.loading')} />}
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
