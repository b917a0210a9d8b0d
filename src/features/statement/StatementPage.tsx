import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { StatementEntry } from '../../api/contract'
import { useWallet } from '../../api/wallet'
import { currentLanguage } from '../../i18n/i18n'
import { formatDate, relativeTime } from '../../lib/dates'
import { currencyOf } from '../../lib/money'
import { useBanks } from '../../api/banks'
import { LoadError } from '../../ui/LoadError'
import { Pager } from '../../ui/Pager'
import { DepositIcon, FlagIcon, GiftIcon, TransferIcon, WithdrawIcon } from '../../ui/icons'
import { useStatement } from '../../api/statement'
import { activityText, detailText, type Names } from './describe'
import { knownType, pageCount, signOf, signedAmount, statusKey } from './rows'
import './statement.css'

const ReceiptSheet = lazy(() => import('./ReceiptSheet'))
const SlipModal = lazy(() => import('./SlipModal'))

const ICONS = { deposit: DepositIcon, bonus: GiftIcon, finish_bonus: FlagIcon, withdraw: WithdrawIcon, transfer: TransferIcon }

/** The names a row's words need: the games the wallet lists and the banks lookup. */
export function useNames(): Names {
  const wallet = useWallet()
  const banks = useBanks()
  return { language: currentLanguage(), slots: wallet.data?.slots ?? [], banks: banks.data ?? [] }
}

/** Spec 2 "Statement": 10 a page, newest first; each row opens its receipt; the slip upload status beside it. */
export function StatementPage() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const statement = useStatement(page)
  const wallet = useWallet()
  const names = useNames()
  const [receipt, setReceipt] = useState<StatementEntry | null>(null)
  const [slipsOpen, setSlipsOpen] = useState(false)
  // While a page has not loaded (or failed), the page asked for is the last one known to exist.
  const pages = statement.data ? pageCount(statement.data.total) : page
  const rows = statement.data?.statements ?? []
  const memberCurrency = currencyOf(wallet.data?.wallet.currency)
  return (
    <section aria-labelledby="statement-title" className="statement">
      <div className="page-head statement__head">
        <h1 id="statement-title">{t('member.statement')}</h1>
        <button type="button" className="button button--secondary statement__slips" onClick={() => setSlipsOpen(true)}>
          <span>{t('statement.uploadStatus')}</span>
        </button>
      </div>
      {statement.isError && <LoadError error={statement.error} onRetry={() => statement.refetch()} />}
      {statement.isPending && !statement.isError && (
        <ul className="statement__rows" aria-label={t('common.loading')}>
          {[0, 1, 2, 3].map((i) => <li key={i} className="statement-row statement-row--skeleton skeleton" />)}
        </ul>
      )}
      {statement.isSuccess && rows.length === 0 && <p className="card muted statement__empty">{t('statement.empty')}</p>}
      {rows.length > 0 && (
        <ul className="statement__rows" aria-busy={statement.isFetching || undefined}>
          {rows.map((entry, index) => {
            const type = knownType(entry.statementType)
            const Icon = ICONS[type ?? 'transfer']
            const status = statusKey(entry.status)
            const sign = signOf(entry.statementType)
            const detail = detailText(t, entry, names)
            return (
              <li key={`${entry.reference ?? ''}-${index}`}>
                <button type="button" className="statement-row" onClick={() => setReceipt(entry)} aria-haspopup="dialog">
                  <span className={`statement-row__icon statement-row__icon--${type ?? 'other'}`}><Icon /></span>
                  <span className="statement-row__main">
                    <span className="statement-row__activity">{activityText(t, entry)}</span>
                    {detail && <span className="statement-row__detail">{detail}</span>}
                    <span className="statement-row__time">
                      <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, names.language)}</time>
                      <span>{relativeTime(entry.createdAt, names.language)}</span>
                    </span>
                  </span>
                  <span className="statement-row__side">
                    <strong data-amount className={`statement-row__amount statement-row__amount--${sign === '+' ? 'in' : sign === '-' ? 'out' : 'none'}`}>
                      {signedAmount(entry, names.language, currencyOf(entry.currency ?? memberCurrency))}
                    </strong>
                    <span className={`status-badge status-badge--${status}`}>{t(`statement.status.${status}`)}</span>
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <Pager label={t('member.statement')} page={page} pages={pages} busy={statement.isFetching} onPage={setPage} />
      <Suspense fallback={null}>
        {receipt && <ReceiptSheet entry={receipt} names={names} currency={currencyOf(receipt.currency ?? memberCurrency)} onClose={() => setReceipt(null)} />}
        {slipsOpen && <SlipModal currency={memberCurrency} onClose={() => setSlipsOpen(false)} />}
      </Suspense>
    </section>
  )
}
