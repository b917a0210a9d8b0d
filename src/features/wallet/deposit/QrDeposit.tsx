import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSubmit } from '../../../api/useSubmit'
import type { Language } from '../../../i18n/language'
import { amountText, readAmount } from '../../../lib/amount'
import { formatAmount, formatMoney } from '../../../lib/money'
import { problemText, QR_MINIMUM, QR_QUICK_AMOUNTS, qrAmountRule, qrCreateDisabled, type QrProvider } from '../../../lib/walletRules'
import { getPlatform } from '../../../platform'
import { holdClosingConfirmation } from '../../../platform/closingGuard'
import { showToast } from '../../../state/ui'
import { Button } from '../../../ui/Button'
import { LoadError } from '../../../ui/LoadError'
import { SafeHtml } from '../../../ui/SafeHtml'
import { useCountdown } from '../../../ui/useCountdown'
import { AmountField } from '../AmountField'
import { useMoneyAction } from '../useMoneyAction'
import { cancelQr, createQr, depositKeys, noQr, qrQuery, useDepositLookup, type QrAnswer } from './api'

/** The open QR: its amount, the sanitized code, the countdown to expiry (spec 4), and cancel. */
function OpenQr({ provider, qr }: { provider: QrProvider; qr: QrAnswer }) {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const countdown = useCountdown(qr.receivedAt + qr.expireIn * 1000)
  const live = !countdown.expired

  // Telegram asks before closing while a QR waits to be paid; released on cancel, expiry, close.
  useEffect(() => (live ? holdClosingConfirmation() : undefined), [live])

  const cancel = useMutation({
    mutationFn: (id: string) => cancelQr(id),
    onSuccess: () => {
      getPlatform().haptic('success')
      client.setQueryData(depositKeys.qr(provider), noQr())
    },
    onError: () => {
      getPlatform().haptic('error')
      // Paid or expired meanwhile (QR_FAIL): show what the server has now.
      void client.invalidateQueries({ queryKey: depositKeys.qr(provider) })
    },
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
  const makeNew = () => void client.invalidateQueries({ queryKey: depositKeys.qr(provider) })

  return (
    <div className="qr-box">
      <p>{t('deposit.qrAmount', { amount: formatMoney(qr.amount ?? 0, i18n.language as Language, 'THB') })}</p>
      {live ? (
        <div role="img" aria-label={t('deposit.qrLabel')}>
          <SafeHtml className="qr-box__code" html={qr.qrcode ?? ''} svg />
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
      {live ? (
        <Button type="button" variant="secondary" block pending={cancel.isPending} onClick={() => qr.qrcodeId && submitCancel(qr.qrcodeId)}>
          {t('deposit.qrCancel')}
        </Button>
      ) : (
        <Button type="button" block onClick={makeNew}>{t('deposit.qrNew')}</Button>
      )}
    </div>
  )
}

/** Spec 4, 5, 9: a single-use QR for an amount, its countdown to expiry, and cancel. */
export function QrDeposit({ provider }: { provider: QrProvider }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const client = useQueryClient()
  const state = useQuery(qrQuery(provider))
  const lookup = useDepositLookup(provider === 'KBANK')
  const [amount, setAmount] = useState('')
  const [touched, setTouched] = useState(false)
  const qr = state.data?.hasQrcode && state.data.qrcode ? state.data : null

  // Spec 8: a provider that is off answers hasQrcode false with its message, shown as a toast
  // (and kept in the form, so it is still there after the toast).
  const offMessage = state.data && !state.data.hasQrcode ? state.data.message : ''
  useEffect(() => {
    if (offMessage) showToast(offMessage, 'info')
  }, [offMessage])

  const create = useMoneyAction<QrAnswer, number>({
    call: (value, headers) => createQr(provider, value, headers),
    onSuccess: (answer) => {
      client.setQueryData(depositKeys.qr(provider), answer)
      // Spec 4: one provider's new QR flags the other providers' QRs to refresh.
      // Read again at once, shown or not, so switching to one never shows a stale QR first.
      void client.invalidateQueries({
        queryKey: depositKeys.qrAll(),
        predicate: (query) => query.queryKey[depositKeys.qrAll().length] !== provider,
        refetchType: 'all',
      })
      setTouched(false)
    },
    onError: (error) => showToast(error.message),
  })

  // The bank QR's minimum is the operator's, from the deposit lookup when it gives one.
  const bankMinimum = lookup.data?.bankQrMinimum
  const reading = readAmount(amount, language)
  const rule = qrAmountRule(provider, reading, bankMinimum)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    // Spec 5: under 1 (or empty) nothing is sent and nothing is said.
    if (rule === 'skip' || rule || !reading.ok) return
    create.submit(reading.amount)
  }

  if (state.isPending) return <div className="skeleton" style={{ height: 320 }} aria-label={t('common.loading')} />
  if (qr) return <OpenQr key={qr.qrcodeId} provider={provider} qr={qr} />
  const minimum = provider === 'KBANK' ? (bankMinimum ?? null) : QR_MINIMUM[provider]
  return (
    <form className="money-form" onSubmit={submit} noValidate>
      {state.isError && <LoadError error={state.error} onRetry={() => state.refetch()} />}
      {offMessage && <p className="notice" role="status">{offMessage}</p>}
      <div className="quick-amounts" role="group" aria-label={t('deposit.quickAmounts')}>
        {QR_QUICK_AMOUNTS[provider].map((quick) => (
          <button key={quick} type="button" aria-pressed={reading.ok && reading.amount === quick} onClick={() => setAmount(amountText(quick, language))}>
            {formatAmount(quick, language)}
          </button>
        ))}
      </div>
      <AmountField
        label={t('deposit.amount')}
        value={amount}
        onChange={setAmount}
        hint={minimum === null ? undefined : t('deposit.qrMinimum', { min: formatAmount(minimum, language) })}
        error={touched && rule && rule !== 'skip' ? problemText(rule, (key, values) => t(key, values), language) : null}
        preview={reading.ok && reading.amount > 0 ? t('deposit.qrPreview', { amount: formatMoney(reading.amount, language, 'THB') }) : null}
      />
      <Button type="submit" block pending={create.pending} disabled={qrCreateDisabled(provider, reading)}>{t('deposit.qrCreate')}</Button>
    </form>
  )
}
