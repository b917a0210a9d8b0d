import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import type { Currency, StatementEntry } from '../../../../contract'
import { statementQuery } from '../../../api/statement'
import { paths } from '../../../../contract/lib/paths'
import { currentLanguage } from '../../../i18n/i18n'
import { formatDate } from '../../../lib/dates'
import { formatMoney } from '../../../../contract/lib/money'
import { WithdrawIcon } from '../../../ui/icons'

/** A withdrawal the payer has not settled yet: in progress (spec 4: neither SUCCESS nor FAILED). */
const waiting = (entry: StatementEntry): boolean =>
  entry.statementType === 'withdraw' && entry.status !== 'SUCCESS' && entry.status !== 'FAILED'

/**
 * The member's withdrawals still waiting for the transfer, on home until each is paid or failed
 * (issue 18): read from the statement's first page, the one the statement screen shows too.
 * Nothing when none waits, or when the statement cannot be read (the statement screen says why).
 */
export function PendingWithdrawals({ currency }: { currency: Currency }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const pending = useQuery({ ...statementQuery(1), select: (page) => page.statements.filter(waiting) })
  if (!pending.data?.length) return null
  return (
    <section className="pending-withdrawals" aria-label={t('home.pendingTitle')}>
      <ul>
        {pending.data.map((entry) => (
          <li key={entry.reference} className="pending-withdrawal">
            <WithdrawIcon />
            <span className="pending-withdrawal__text">
              <strong>{t(entry.note === 'review' ? 'home.pendingReview' : 'home.pendingWithdrawal', { amount: formatMoney(entry.amount, language, currency) })}</strong>
              <time className="muted" dateTime={entry.createdAt}>{formatDate(entry.createdAt, language)}</time>
            </span>
          </li>
        ))}
      </ul>
      <Link href={paths.member.statement} className="link-button">{t('home.pendingSee')}</Link>
    </section>
  )
}
