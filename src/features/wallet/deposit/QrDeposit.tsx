import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSubmit } from '../../../api/useSubmit'
import { currentLanguage } from '../../../i18n/i18n'
import { amountInput, formatAmount, readAmount } from '../../../lib/money'
import { problemText, QR_QUICK_AMOUNTS, qrAmountRule, qrCreateDisabled, type QrProvider } from '../../../lib/walletRules'
import { holdClosingConfirmation } from '../../../platform/closingGuard'
import { showToast } from '../../../state/ui'
import { Button } from '../../../ui/Button'
import { TextField } from '../../../ui/Field'
import { SafeHtml } from '../../../ui/SafeHtml'
import { useCountdown } from '../../../ui/useCountdown'
import { useMoneyAction } from '../useMoneyAction'
import { cancelQr, createQr, depositKeys, qrQuery, type QrAnswer } from './api'

/** Spec 4, 5, 9: a single-use QR for an amount, its countdown to expiry, and cancel. */
export function QrDeposit({ provider }: { provider: QrProvider }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const language = currentLanguage()
  const state = useQuery(qrQuery(provider))
  const [amount, setAmount] = useState('')
  const [touched, setTouched] = useState(false)
  const qr = state.data?.hasQrcode && state.data.qrcode ? state.data : null
  const expireAt = qr ? qr.receivedAt + qr.expireIn * 1000 : null
  const countdown = useCountdown(expireAt)
  const live = qr !== null && !countdown.expired

  // Spec 8: a provider that is off answers hasQrcode false with its message, shown as a toast.
  const offMessage = state.data && !state.data.hasQrcode && state.data.message ? state.data.message : ''
  useEffect(() => {
    if (offMessage) showToast(offMessage, 'info')
  }, [offMessage])

  // Telegram asks before closing while a QR waits to be paid.
  useEffect(() => (live ? holdClosingConfirmation() : undefined), [live])

  const create = useMoneyAction<QrAnswer, number>({
    call: (value, headers) => createQr(provider, value, headers),
    onSuccess: (answer) => {
      client.setQueryData(depositKeys.qr(provider), answer)
      // Spec 4: one provider's new QR flags the other providers' QRs to refresh.
      void client.invalidateQueries({ queryKey: depositKeys.qrAll(), predicate: (query) => query.queryKey[2] !== provider })
      setTouched(false)
    },
    onError: (error) => showToast(error.message),
  })
  const cancel = useMutation({
    mutationFn: (id: string) => cancelQr(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: depositKeys.qr(provider) }),
  })
  const submitCancel = useSubmit(cancel)

  const rule = qrAmountRule(provider, amount)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    const value = readAmount(amount)
    // Spec 5: under 1 (or empty) nothing is sent and nothing is said.
    if (rule === 'skip' || rule || value === null) return
    create.submit(value)
  }

  if (state.isPending) return <div className="skeleton" style={{ height: 260 }} aria-label={t('common.loading')} />
  if (qr) {
    return (
      <div className="qr-box">
        <p>{t('deposit.qrAmount', { amount: formatAmount(qr.amount ?? 0, language) })}</p>
        <div role="img" aria-label={t('deposit.qrLabel')}>
          <SafeHtml className="qr-box__code" html={qr.qrcode ?? ''} svg />
        </div>
        <p className="qr-box__countdown" role="timer" aria-live="off" data-testid="qr-countdown">{countdown.text}</p>
        {countdown.expired ? <p className="notice notice--error" role="alert">{t('wallet.qrExpired')}</p> : <p className="muted">{t('deposit.qrHint')}</p>}
        {countdown.expired ? (
          <Button type="button" block onClick={() => void client.invalidateQueries({ queryKey: depositKeys.qr(provider) })}>{t('deposit.qrNew')}</Button>
        ) : (
          <Button type="button" variant="secondary" block pending={cancel.isPending} onClick={() => qr.qrcodeId && submitCancel(qr.qrcodeId)}>{t('deposit.qrCancel')}</Button>
        )}
      </div>
    )
  }
  return (
    <form className="money-form" onSubmit={submit} noValidate>
      <div className="quick-amounts" role="group" aria-label={t('deposit.quickAmounts')}>
        {QR_QUICK_AMOUNTS[provider].map((quick) => (
          <button key={quick} type="button" aria-pressed={amount === String(quick)} onClick={() => setAmount(String(quick))}>
            {formatAmount(quick, language)}
          </button>
        ))}
      </div>
      <TextField
        label={t('deposit.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(amountInput(event.target.value))}
        error={touched && rule && rule !== 'skip' ? problemText(rule, (key, values) => t(key, values), language) : null}
      />
      <Button type="submit" block pending={create.pending} disabled={qrCreateDisabled(provider, amount)}>{t('deposit.qrCreate')}</Button>
    </form>
  )
}
