import type { UseQueryResult } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Currency } from '../../../contract'
import { currentLanguage } from '../../i18n/i18n'
import { formatDate } from '../../lib/dates'
import { formatMoney } from '../../../contract/lib/money'
import { LoadError } from '../../ui/LoadError'
import { Pager } from '../../ui/Pager'
import { REWARD_PAGE_SIZE } from './api'
import './rewards.css'

export interface RewardRow {
  label: string
  amount: number
  date: string
}

interface RewardListProps<T> {
  title: string
  empty: string
  rows: UseQueryResult<T[]>
  toRow: (item: T) => RewardRow
  currency: Currency
  page: number
  onPage: (page: number) => void
}

/** One page (10, spec 9) of the invite or refund list, with its loading, empty and failed states. */
export function RewardList<T>({ title, empty, rows, toRow, currency, page, onPage }: RewardListProps<T>) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const headingId = useId()
  const items = (rows.data ?? []).map(toRow)
  // A full page may have a next one; a short one is the last.
  const hasNext = items.length >= REWARD_PAGE_SIZE
  return (
    <section className="reward-list" aria-labelledby={headingId} aria-busy={rows.isFetching || undefined}>
      <h3 id={headingId}>{title}</h3>
      {rows.isError && <LoadError error={rows.error} onRetry={() => rows.refetch()} />}
      {rows.isPending && !rows.isError && (
        <ul className="reward-list__items" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => <li key={i} className="reward-list__item skeleton" />)}
        </ul>
      )}
      {rows.isSuccess && items.length === 0 && <p className="muted reward-list__empty">{empty}</p>}
      {items.length > 0 && (
        <ul className="reward-list__items">
          {items.map((item, index) => (
            <li key={`${page}-${index}`} className="reward-list__item">
              <span className="reward-list__label">{item.label}</span>
              <strong className="reward-list__amount">{formatMoney(item.amount, language, currency)}</strong>
              <time className="muted reward-list__date" dateTime={item.date}>{item.date ? formatDate(item.date, language) : '—'}</time>
            </li>
          ))}
        </ul>
      )}
      <Pager label={title} page={page} hasNext={hasNext} busy={rows.isFetching} onPage={onPage} />
    </section>
  )
}
