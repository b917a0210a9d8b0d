import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Currency } from '../../../contract'
import { currentLanguage } from '../../i18n/i18n'
import { formatMoney, formatWhole } from '../../../contract/lib/money'
import { localDate } from '../../lib/dates'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { LoadError } from '../../ui/LoadError'
import { Modal } from '../../ui/Modal'
import { SafeHtml } from '../../ui/SafeHtml'
import { useReceiveRefund, useRefundCheck, useRefunds } from './api'
import { RewardList } from './RewardList'


interface RefundModalProps {
  currency: Currency
  /** `saved`: a refund was received, so home reads the wallet again (spec 2). */
  onClose: (saved: boolean) => void
}

/**
 * Spec 2 and 4 "Refund": the lost-bet refund waiting, a receive button (disabled, with a warning,
 * while a bonus is held) and the refunds received, 10 a page, or a not-found text.
 */
export default function RefundModal({ currency, onClose }: RefundModalProps) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const check = useRefundCheck()
  const refunds = useRefunds(page)
  const saved = useRef(false)

  const receive = useReceiveRefund({
    onSuccess: () => {
      saved.current = true
      showToast(t('rewards.refundReceived'), 'success')
      setPage(1)
    },
    onError: (error) => showToast(error.message),
  })

  const held = check.data?.bonus === true
  // The operator's rule in words (issue 29); api.ts keeps it only when the app can say it.
  const rate = check.data?.rate
  // Nothing waiting, nothing to receive (issue 16); an amount the operator's API leaves out is 0.
  const nothingWaiting = !(Number(check.data?.refundAmount) > 0)
  return (
    <Modal open onClose={() => onClose(saved.current)} title={t('rewards.refundTitle')}>
      <div className="stack">
        {check.isError && <LoadError error={check.error} onRetry={() => check.refetch()} />}
        <div className="refund-card" aria-busy={check.isPending || undefined}>
          <span className="muted">{t('rewards.refundWaiting')}</span>
          <strong className="refund-card__amount" data-testid="refund-amount">
            {check.data ? formatMoney(check.data.refundAmount, currentLanguage(), currency) : '—'}
          </strong>
          {check.data && <span className="muted refund-card__counts">{t('rewards.refundCounts', { success: check.data.refundSuccess })}</span>}
          {check.data && check.data.refundFail > 0 && <span className="muted refund-card__counts">{t('rewards.refundRefused', { fail: check.data.refundFail })}</span>}
          {rate && <span className="refund-card__rate">{t('rewards.refundRate', { percent: formatWhole(rate.percent, currentLanguage()), period: t(`rewards.refundPeriod.${rate.period}`) })}</span>}
        </div>
        {held && <p className="notice" role="note">{t('rewards.refundBonusHeld')}</p>}
        {/* The operator's words on how the refund works (spec 3 `info`), sanitized. */}
        {check.data?.info && <SafeHtml className="rich-text refund-info" html={check.data.info} />}
        {/* Nothing waiting and nothing held: a button that can only be refused is no use (issue 51 §5);
            the player is told when the next cashback is counted instead. Held: disabled with its warning (spec 4). */}
        {check.data && nothingWaiting && !held ? (
          <p className="notice" role="note">
            {rate?.nextOn ? t('rewards.refundNothingUntil', { date: localDate(rate.nextOn, currentLanguage()).format('D MMMM') }) : t('rewards.refundNothingYet')}
          </p>
        ) : (
          <Button type="button" block disabled={!check.data || held} pending={receive.pending} firstClickOnly onClick={() => receive.submit()}>
            {t('rewards.refundReceive')}
          </Button>
        )}
        <RewardList
          title={t('rewards.refundHistory')}
          empty={t('rewards.noRefunds')}
          rows={refunds}
          toRow={(refund) => ({ label: t('rewards.refundTitle'), amount: Number(refund.refundAmount) || 0, date: refund.createdAt ?? '' })}
          currency={currency}
          page={page}
          onPage={setPage}
        />
      </div>
    </Modal>
  )
}
