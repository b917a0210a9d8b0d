import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { loadSanitizer } from '../../ui/SafeHtml'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../../contract/lib/language'
import { amountText, readAmount } from '../../lib/amount'
import { formatMoney } from '../../../contract/lib/money'
import { problemText } from '../../lib/walletRules'
import { QR_MINIMUM, QR_QUICK_AMOUNTS, qrAmountRule, qrCreateDisabled, type QrProvider } from './rules'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { LoadError } from '../../ui/LoadError'
import { AmountField } from '../../ui/AmountField'
import { qrQuery, useCreateQr, useDepositLookup } from './api'
import { OpenQr, type QrEnd, QrEnded } from './OpenQr'
import { qrProviderOf } from './methods'
import { useMainButton } from '../../ui/useMainButton'
import { Skeleton } from '../../ui/Loader'

/** Spec 4, 5, 9: a single-use QR for an amount, its countdown to expiry, and cancel; then what became of it. */
export function QrDeposit({ provider, onDone }: { provider: QrProvider; onDone: () => void }) {
  // The QR comes as server SVG, shown through DOMPurify: it arrives while the amount is chosen.
  useEffect(() => {
    loadSanitizer().catch(() => undefined)
  }, [])
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const state = useQuery(qrQuery(provider))
  const lookup = useDepositLookup(true)
  // Whom the QR pays: the name on the provider's account in the deposit lookup.
  const payee = lookup.data?.banks.find((entry) => qrProviderOf(entry) === provider)?.bankAccountName
  const [amount, setAmount] = useState('')
  const [touched, setTouched] = useState(false)
  // Kept here, not in the QR view: that view goes once the QR has ended, the news must not.
  const [ended, setEnded] = useState<QrEnd | null>(null)
  const qr = state.data?.hasQrcode && state.data.qrcode ? state.data : null

  // Spec 8: a provider that is off answers hasQrcode false with its message, shown as a toast
  // (and kept in the form, so it is still there after the toast).
  const offMessage = state.data && !state.data.hasQrcode ? state.data.message : ''
  useEffect(() => {
    if (offMessage) showToast(offMessage, 'info')
  }, [offMessage])

  const create = useCreateQr(provider, {
    onSuccess: () => setTouched(false),
    onError: (error) => showToast(error.message),
  })

  // The bank QR's minimum is the operator's, from the deposit lookup when it gives one.
  const bankMinimum = lookup.data?.bankQrMinimum
  const reading = readAmount(amount, language)
  const rule = qrAmountRule(provider, reading, bankMinimum)
  const send = () => {
    setTouched(true)
    // Spec 5: under 1 (or empty) nothing is sent and nothing is said.
    if (rule === 'skip' || rule || !reading.ok) return
    create.submit(reading.amount)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    send()
  }
  // Telegram: "create QR" on the main button while the amount form is on screen.
  const formShown = !state.isPending && !ended && !qr
  const onHost = useMainButton(
    formShown ? { text: t('deposit.qrCreate'), enabled: !qrCreateDisabled(provider, reading), pending: create.pending } : null,
    send,
  )

  if (state.isPending) return <Skeleton height={320} />
  if (ended) return <QrEnded provider={provider} end={ended} onNew={() => setEnded(null)} onDone={onDone} />
  if (qr) return <OpenQr key={qr.qrcodeId} provider={provider} qr={qr} payee={payee} onEnd={setEnded} />
  const minimum = provider === 'KBANK' ? (bankMinimum ?? null) : QR_MINIMUM[provider]
  return (
    <form className="money-form" onSubmit={submit} noValidate>
      {state.isError && <LoadError error={state.error} onRetry={() => state.refetch()} />}
      {offMessage && <p className="notice" role="status">{offMessage}</p>}
      <div className="quick-amounts" role="group" aria-label={t('deposit.quickAmounts')}>
        {QR_QUICK_AMOUNTS[provider].map((quick) => (
          <button key={quick} type="button" aria-pressed={reading.ok && reading.amount === quick} onClick={() => setAmount(amountText(quick, language))}>
            {formatMoney(quick, language, 'THB')}
          </button>
        ))}
      </div>
      <AmountField
        label={t('deposit.amount')}
        value={amount}
        onChange={setAmount}
        hint={minimum === null ? undefined : t('deposit.qrMinimum', { min: formatMoney(minimum, language, 'THB') })}
        error={touched && rule && rule !== 'skip' ? problemText(rule, (key, values) => t(key, values), language) : null}
        preview={reading.ok && reading.amount > 0 ? t('deposit.qrPreview', { amount: formatMoney(reading.amount, language, 'THB') }) : null}
      />
      {!onHost && <Button type="submit" block pending={create.pending} disabled={qrCreateDisabled(provider, reading)}>{t('deposit.qrCreate')}</Button>}
    </form>
  )
}
