import { lazy, Suspense, useId, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useTranslation } from 'react-i18next'
import type { Currency, StatementEntry, StatementType } from '../../../contract'
import { useWallet } from '../../api/wallet'
import { currentLanguage } from '../../i18n/i18n'
import { formatDate, localDate } from '../../lib/dates'
import { currencyOf } from '../../../contract/lib/money'
import { paths } from '../../../contract/lib/paths'
import { useBanks } from '../../api/lookup'
import { LoadError } from '../../ui/LoadError'
import { ChipRow } from '../../ui/ChipRow'
import { Pager } from '../../ui/Pager'
import { CoinsIcon, DepositIcon, FlagIcon, GiftIcon, StarIcon, TransferIcon, UserPlusIcon, WithdrawIcon } from '../../ui/icons'
import { useStatement, type StatementFilter } from '../../api/statement'
import { activityText, dayHeading, detailText, rewardKind, type Names } from './describe'
import { byDay, knownType, pageCount, shownAmount, signOf, signedAmount, statusKey } from './rows'
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

const ICON_OF_REWARD = { refund: CoinsIcon, invite: UserPlusIcon, luckydraw: StarIcon, promotion: GiftIcon }

/** One row: what it is, where the money came from or went, its time (the day is its group's
 *  heading), the signed amount and its status. Opens the receipt. */
function StatementRow({ entry, names, currency, onOpen }: { entry: StatementEntry; names: Names; currency: Currency; onOpen: () => void }) {
  const { t } = useTranslation()
  const type = knownType(entry.statementType)
  const reward = rewardKind(entry)
  const Icon = reward ? ICON_OF_REWARD[reward] : ICONS[type ?? 'transfer']
  const status = statusKey(entry.status)
  const sign = signOf(entry.statementType)
  const detail = detailText(t, entry, names)
  const time = localDate(entry.createdAt, names.language)
  return (
    <button type="button" className="statement-row" onClick={onOpen} aria-haspopup="dialog">
      <span className={`statement-row__icon statement-row__icon--${type ?? 'other'}`}><Icon /></span>
      <span className="statement-row__main">
        <span className="statement-row__activity">{activityText(t, entry)}</span>
        <span className="statement-row__detail">
          <time dateTime={entry.createdAt} title={formatDate(entry.createdAt, names.language)}>{time.isValid() ? time.format('HH:mm') : entry.createdAt}</time>
          {detail && <span> · {detail}</span>}
        </span>
      </span>
      <span className="statement-row__side">
        <strong data-amount className={`statement-row__amount statement-row__amount--${shownAmount(entry).claimed ? 'claimed' : sign === '+' ? 'in' : sign === '-' ? 'out' : 'none'}`}>
          {signedAmount(entry, names.language, currency)}
        </strong>
        <span className={`status-badge status-badge--${status}`}>{t(`statement.status.${status}`)}</span>
      </span>
    </button>
  )
}

/** The statement's filter by kind (issue 51): a bonus's end is a bonus row too. */
const KINDS = {
  all: undefined, deposit: ['deposit'], withdraw: ['withdraw'], transfer: ['transfer'], bonus: ['bonus', 'finish_bonus'],
} satisfies Record<string, StatementType[] | undefined>
type Kind = keyof typeof KINDS

/** The months the filter offers: this one and the eleven before it, `2026-11`, in the device's clock. */
const MONTHS = 12
function recentMonths(language: Names['language'], now = Date.now()): { value: string; label: string }[] {
  const thisMonth = localDate(now, language).startOf('month')
  return Array.from({ length: MONTHS }, (_, i) => {
    const month = thisMonth.subtract(i, 'month')
    return { value: month.format('YYYY-MM'), label: month.format('MMMM YYYY') }
  })
}

/** What to show: a row of kinds (all, deposits, withdrawals, transfers, bonuses) and a month. */
function StatementFilters({ kind, month, language, onKind, onMonth }: {
  kind: Kind; month: string; language: Names['language']; onKind: (kind: Kind) => void; onMonth: (month: string) => void
}) {
  const { t } = useTranslation()
  const row = useRef<HTMLDivElement>(null)
  const monthId = useId()
  const kinds = Object.keys(KINDS) as Kind[]
  return (
    <div className="statement__filters">
      <ChipRow row={row} role="group" aria-label={t('statement.filter.types')}>
        {kinds.map((item) => (
          <button key={item} type="button" aria-pressed={item === kind} onClick={() => onKind(item)}>{t(`statement.filter.${item}`)}</button>
        ))}
      </ChipRow>
      <div className="statement__month">
        <label htmlFor={monthId}>{t('statement.filter.month')}</label>
        <select id={monthId} className="input select" value={month} onChange={(event) => onMonth(event.target.value)}>
          <option value="">{t('statement.filter.allMonths')}</option>
          {recentMonths(language).map(({ value, label }) => <option key={value} value={value}>{label}</option>)}
        </select>
      </div>
    </div>
  )
}

/** Spec 2 "Statement": 10 a page, newest first, grouped by day (issue 29); each row opens its
 *  receipt; the slip upload status beside it. */
export function StatementPage() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [kind, setKind] = useState<Kind>('all')
  const [month, setMonth] = useState('')
  const statementTypes: StatementType[] | undefined = KINDS[kind]
  const filter: StatementFilter = { ...(statementTypes ? { statementTypes } : {}), ...(month ? { month } : {}) }
  const filtered = Boolean(statementTypes || month)
  const statement = useStatement(page, filter)
  const wallet = useWallet()
  const names = useNames()
  const [receipt, setReceipt] = useState<StatementEntry | null>(null)
  const [slipsOpen, setSlipsOpen] = useState(false)
  // `?slips=1` (the bell's slip and gift link events) opens the upload status, also over the
  // statement already shown; closing it takes the mark out of the address.
  const [, navigate] = useLocation()
  const slipsAsked = new URLSearchParams(useSearch()).get('slips') === '1'
  const closeSlips = () => {
    setSlipsOpen(false)
    if (slipsAsked) navigate(paths.member.statement, { replace: true })
  }
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
      <StatementFilters kind={kind} month={month} language={names.language}
        onKind={(next) => {
          setKind(next)
          setPage(1)
        }}
        onMonth={(next) => {
          setMonth(next)
          setPage(1)
        }} />
      {statement.isError && <LoadError error={statement.error} onRetry={() => statement.refetch()} />}
      {statement.isPending && !statement.isError && (
        <ul className="statement__rows statement__rows--skeleton" aria-label={t('common.loading')}>
          {[0, 1, 2, 3].map((i) => <li key={i} className="statement-row statement-row--skeleton skeleton" />)}
        </ul>
      )}
      {statement.isSuccess && rows.length === 0 && !filtered && <p className="card muted statement__empty">{t('statement.empty')}</p>}
      {statement.isSuccess && rows.length === 0 && filtered && (
        <div className="card statement__empty">
          <p className="muted">{t('statement.filter.empty')}</p>
          <button type="button" className="button button--secondary" onClick={() => {
            setKind('all')
            setMonth('')
            setPage(1)
          }}>{t('statement.filter.clear')}</button>
        </div>
      )}
      {rows.length > 0 && (
        <div className="statement__days" aria-busy={statement.isFetching || undefined}>
          {byDay(rows, names.language).map(({ day, entries }, dayIndex) => (
            <section key={day || dayIndex} className="statement__day" aria-labelledby={`statement-day-${dayIndex}`}>
              <h2 id={`statement-day-${dayIndex}`} className="statement__day-title">{dayHeading(t, day, names.language)}</h2>
              <ul className="statement__rows">
                {entries.map((entry, index) => (
                  <li key={`${entry.reference ?? ''}-${index}`}>
                    <StatementRow entry={entry} names={names} currency={currencyOf(entry.currency ?? memberCurrency)} onOpen={() => setReceipt(entry)} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <Pager label={t('member.statement')} page={page} pages={pages} busy={statement.isFetching} onPage={(next) => {
        setPage(next)
        // The new page is read from its top, as a book's would be.
        document.getElementById('statement-title')?.scrollIntoView?.({ block: 'start' })
      }} />
      <Suspense fallback={null}>
        {receipt && <ReceiptSheet entry={receipt} names={names} currency={currencyOf(receipt.currency ?? memberCurrency)} onClose={() => setReceipt(null)} />}
        {(slipsOpen || slipsAsked) && <SlipModal currency={memberCurrency} onClose={closeSlips} />}
      </Suspense>
    </section>
  )
}
