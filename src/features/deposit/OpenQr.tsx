import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSubmit } from '../../api/useSubmit'
import type { Language } from '../../../contract/lib/language'
import { formatMoney } from '../../../contract/lib/money'
import type { QrProvider } from './rules'
import { getPlatform } from '../../platform'
import { holdClosingConfirmation } from '../../platform/closingGuard'
import { Button } from '../../ui/Button'
import { DownloadIcon } from '../../ui/icons'
import { Modal } from '../../ui/Modal'
import { showToast } from '../../state/ui'
import { qrPng } from './qrPng'
import { SafeHtml } from '../../ui/SafeHtml'
import { useCountdown } from '../../ui/useCountdown'
import { useFocusIfLost } from '../../ui/useFocusIfLost'
import { type QrAnswer, useCancelQr, useRefreshAfterQr, useRefreshQr } from './api'
import { type QrOutcome, useQrOutcome } from './useQrOutcome'
import { DepositArrived } from './DepositArrived'

/** How a shown QR ended: paid (the amount arrived), or closed some other way; a paid one with
 *  the deposit's reference and time when the API says them. */
export interface QrEnd {
  outcome: QrOutcome
  amount: number | null
  reference?: string
  paidAt?: string
}

/**
 * The open QR: its amount, the sanitized code, the countdown to expiry (spec 4), and cancel. It
 * watches the QR's state and, when it was paid or went away, reads the wallet again and ends.
 */
export function OpenQr({ provider, qr, payee, onEnd }: { provider: QrProvider; qr: QrAnswer; payee?: string; onEnd: (end: QrEnd) => void }) {
  const { t, i18n } = useTranslation()
  const countdown = useCountdown(qr.receivedAt + qr.expireIn * 1000)
  const live = !countdown.expired
  const [outcome, answer] = useQrOutcome(provider, qr, countdown.expired)
  // It takes the place of the form whose Create was pressed: the code's box takes the focus.
  const box = useRef<HTMLDivElement>(null)
  useFocusIfLost(() => box.current, qr.qrcodeId)

  // Telegram asks before closing while a QR waits to be paid; released on cancel, expiry, close.
  useEffect(() => (live ? holdClosingConfirmation() : undefined), [live])

  const cancel = useCancelQr(provider, {
    onSuccess: () => getPlatform().haptic('success'),
    onError: () => getPlatform().haptic('error'),
  })
  const lockedCancel = useSubmit(cancel)
  // Once cancelled the QR is gone: a tap landing before the view changes must not cancel again.
  const cancelled = useRef(false)
  const submitCancel = (id: string) => {
    if (cancelled.current) return
    lockedCancel(id, {
      onSuccess: () => {
        cancelled.current = true
      },
    })
  }
  const makeNew = useRefreshQr(provider)
  const refreshAfterQr = useRefreshAfterQr(provider)

  // The player's own cancel closes it too: that is no news to tell.
  const cancelling = cancel.isPending
  useEffect(() => {
    if (!outcome || cancelling || cancelled.current) return
    getPlatform().haptic(outcome === 'paid' ? 'success' : 'warning')
    refreshAfterQr()
    onEnd({ outcome, amount: answer.amount ?? qr.amount, reference: answer.reference, paidAt: answer.paidAt })
  }, [outcome, answer, cancelling, refreshAfterQr, qr.amount, onEnd])

  const amountLine = t('deposit.qrAmount', { amount: formatMoney(qr.amount ?? 0, i18n.language as Language, 'THB') })
  const payeeLine = payee ? t('deposit.qrPayee', { name: payee }) : null
  const code = useRef<HTMLDivElement>(null)
  const [kept, setKept] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  // Made on the tap: a browser downloads it; LINE and Telegram show it to keep by a long press.
  const save = () => {
    const svg = code.current?.querySelector('svg')
    if (!svg || saving) return
    setSaving(true)
    qrPng(svg, [amountLine, ...(payeeLine ? [payeeLine] : [])])
      .then((png) => {
        if (getPlatform().saveFile(png, `qr-${provider.toLowerCase()}-${qr.qrcodeId ?? 'deposit'}.png`)) showToast(t('deposit.qrSaved'), 'success')
        else setKept(URL.createObjectURL(png))
      })
      .catch(() => showToast(t('deposit.qrSaveFailed')))
      .finally(() => setSaving(false))
  }
  const closeKept = () => {
    if (kept) URL.revokeObjectURL(kept)
    setKept(null)
  }
  // Closed with the whole modal: the picture goes too.
  const keptUrl = useRef<string | null>(null)
  useEffect(() => {
    keptUrl.current = kept
  }, [kept])
  useEffect(() => () => {
    if (keptUrl.current) URL.revokeObjectURL(keptUrl.current)
  }, [])

  return (
    <div ref={box} tabIndex={-1} className="qr-box">
      <p className="qr-box__amount">{amountLine}</p>
      {payeeLine && <p className="qr-box__payee">{payeeLine}</p>}
      {live ? (
        <div className="qr-box__framed">
          <ThaiQrMark label={t('deposit.qrMark')} />
          <div ref={code} role="img" aria-label={t('deposit.qrLabel')}>
            <SafeHtml className="qr-box__code" html={qr.qrcode ?? ''} svg />
          </div>
        </div>
      ) : (
        // The same room as the code, so nothing jumps; an expired code is not shown to be paid.
        <div className="qr-box__code qr-box__code--expired" aria-hidden="true" />
      )}
      <p className="qr-box__time">
        <span className="muted">{t('deposit.qrTimeLeft')}</span>{' '}
        <span className="qr-box__countdown" role="timer" data-testid="qr-countdown">{countdown.text}</span>
      </p>
      {live ? <p className="muted">{t('deposit.qrHint')}</p> : <p className="notice notice--error" role="alert">{t('wallet.qrExpired')}</p>}
      {live && (
        <Button type="button" variant="secondary" block pending={saving} onClick={save}>
          <DownloadIcon />{t('deposit.qrSave')}
        </Button>
      )}
      {kept && (
        <Modal open onClose={closeKept} title={t('deposit.qrSave')}>
          <div className="stack qr-kept">
            <p>{t('deposit.qrSaveHold')}</p>
            <img className="qr-kept__image" src={kept} alt={t('deposit.qrLabel')} />
          </div>
        </Modal>
      )}
      {live ? (
        <Button type="button" variant="secondary" block pending={cancel.isPending} firstClickOnly onClick={() => qr.qrcodeId && submitCancel(qr.qrcodeId)}>
          {t('deposit.qrCancel')}
        </Button>
      ) : (
        <Button type="button" block onClick={makeNew}>{t('deposit.qrNew')}</Button>
      )}
    </div>
  )
}

/** The Thai QR Payment mark that stands above a QR any Thai bank app pays (drawn, not fetched). */
function ThaiQrMark({ label }: { label: string }) {
  return (
    <svg className="qr-mark" viewBox="0 0 220 36" role="img" aria-label={label}>
      <rect width="220" height="36" rx="6" fill="#0e3b6f" />
      <rect x="8" y="8" width="20" height="20" rx="3" fill="none" stroke="#fff" strokeWidth="3" />
      <rect x="14" y="14" width="8" height="8" fill="#fff" />
      <text x="124" y="24" textAnchor="middle" fontSize="16" fontWeight="800" fontFamily="system-ui, sans-serif" fill="#fff" letterSpacing="1">THAI QR PAYMENT</text>
    </svg>
  )
}

/** What the modal says once the shown QR ended: the deposit's receipt, or that the QR is closed. */
export function QrEnded({ provider, end, onNew, onDone }: { provider: QrProvider; end: QrEnd; onNew: () => void; onDone: () => void }) {
  const { t } = useTranslation()
  const box = useRef<HTMLDivElement>(null)
  useFocusIfLost(() => box.current, end.outcome)
  if (end.outcome === 'paid') {
    const way = t(`deposit.qrTab.${provider}`)
    return <DepositArrived deposit={{ amount: end.amount ?? 0, currency: 'THB', way, reference: end.reference, at: end.paidAt }} onDone={onDone} />
  }
  return (
    <div ref={box} tabIndex={-1} className="qr-box">
      <p className="notice" role="status" data-testid="qr-outcome">{t('deposit.qrClosed')}</p>
      <Button type="button" block onClick={onNew}>{t('deposit.qrNew')}</Button>
    </div>
  )
}
