import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Slip } from '../../../contract'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { UploadIcon } from '../../ui/icons'
import { AmountField } from '../../ui/AmountField'
import { readAmount } from '../../lib/amount'
import type { Language } from '../../../contract/lib/language'
import { amountOf, problemText } from '../../lib/walletRules'
import { useMoneyAction } from '../../api/useMoneyAction'
import { uploadSlip, useSlipWindow } from './api'
import { useWallet } from '../../api/wallet'
import { currencyOf, formatMoney } from '../../../contract/lib/money'
import { DepositArrived } from './DepositArrived'
import { PushOffer } from './PushOffer'
import { useSlipOutcome } from './useSlipOutcome'
import { SlipResult } from './SlipResult'

/** What the server reads as a slip (spec 5: 10 MB for an image). */
export const SLIP_TYPES = ['image/jpeg', 'image/png']
export const SLIP_MAX_MB = 10

/** One upload action: the file and what names it, so picking the same file again after a lost
 *  answer is the same action (same Idempotency-Key) and another file is a new one. */
interface SlipAction {
  file: File
  id: string
  /** The amount the player said the slip shows (issue 51); null when not said. Not part of the
   *  action's name: the same slip sent again is the same upload, whatever amount was typed. */
  amount: number | null
}

const actionOf = (file: File, amount: number | null): SlipAction => ({ file, amount, id: `${file.name}:${file.size}:${file.lastModified}:${file.type}` })

/** The picked image as a URL the page can show: made when a file is picked, released when it is
 *  replaced, removed, sent, or the form goes away. */
function usePreview(): [string | null, (file: File | null) => void] {
  const [url, setUrl] = useState<string | null>(null)
  const current = useRef<string | null>(null)
  const show = (file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current)
    current.current = file && SLIP_TYPES.includes(file.type) ? URL.createObjectURL(file) : null
    setUrl(current.current)
  }
  useEffect(() => () => {
    if (current.current) URL.revokeObjectURL(current.current)
  }, [])
  return [url, show]
}

const formatSize = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`)

/** Spec 1, 4, 7: a bank slip image, its upload progress, then "processing" until it is read. */
export function SlipUpload({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const wallet = useWallet()
  const slipWindow = useSlipWindow()
  const ids = useId()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [uploaded, setUploaded] = useState<Slip | null>(null)
  const [preview, showPreview] = usePreview()
  // The amount on the slip, optional (issue 51): shown on the slip's line while staff read it.
  // Left empty, nothing is said; typed, it is an amount above 0 (claimed) or its problem is said.
  const [amount, setAmount] = useState('')
  const said = amount.trim() === '' ? null : amountOf(readAmount(amount, language))
  const claimed = typeof said === 'number' && said > 0 ? said : null
  const amountProblem = said === null || claimed !== null ? null : typeof said === 'number' ? { key: 'wallet.amountInvalid' as const } : said
  const amountError = amountProblem && problemText(amountProblem, (key, values) => t(key, values), language)
  const upload = useMoneyAction<Slip, SlipAction>({
    name: 'slip',
    sameAction: (action) => action.id,
    call: ({ file: chosen, amount: said }, headers) => uploadSlip(chosen, said, headers, setProgress),
    onSuccess: (slip) => {
      setUploaded(slip)
      setFile(null)
      setAmount('')
      showPreview(null)
      setProgress(null)
      if (input.current) input.current.value = ''
      if (slip.status !== 'FAILED') showToast(t('deposit.slipUploaded'), 'success')
    },
    // SLIP_NO_FILE, SLIP_INVALID_FILE, SLIP_UPLOAD_FAIL, REQUEST_LIMIT arrive translated (spec 8);
    // the chosen file stays, so tapping again retries it.
    onError: (error) => {
      setProgress(null)
      setProblem(error.message)
    },
  })
  // The slip sent, as staff have left it so far: approved, it ends on the deposit's receipt.
  const latest = useSlipOutcome(uploaded)
  const closedWindow = slipWindow.data?.isOpen === false ? slipWindow.data : null
  const closed = closedWindow !== null

  const choose = (chosen: File | null) => {
    setUploaded(null)
    setProblem(null)
    if (chosen && !SLIP_TYPES.includes(chosen.type)) setProblem(t('validation.fileNotSupported'))
    else if (chosen && chosen.size > SLIP_MAX_MB * 1024 * 1024) setProblem(t('validation.fileTooLarge', { size: SLIP_MAX_MB }))
    setFile(chosen)
    showPreview(chosen)
  }
  const pick = () => input.current?.click()
  const remove = () => {
    choose(null)
    if (input.current) input.current.value = ''
  }
  const fileOk = file !== null && SLIP_TYPES.includes(file.type) && file.size <= SLIP_MAX_MB * 1024 * 1024
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!file || !fileOk || closed || upload.pending || amountProblem) return
    setProblem(null)
    setProgress(0)
    upload.submit(actionOf(file, claimed))
  }
  const percent = Math.round((progress ?? 0) * 100)

  if (latest?.status === 'SUCCESS') {
    const deposit = { amount: latest.amount, currency: currencyOf(wallet.data?.wallet.currency), way: t('deposit.waySlip'), reference: latest.reference, at: latest.createdAt }
    return <DepositArrived deposit={deposit} onDone={onDone} />
  }

  return (
    <form className="money-form slip-upload" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="deposit__subtitle">{t('deposit.slipTitle')}</h3>
      <ul className="muted slip-facts">
        <li>{t('deposit.slipWithinHour')}</li>
        {slipWindow.data && <li>{t('deposit.slipWindow', { from: slipWindow.data.closedFrom, to: slipWindow.data.closedTo })}</li>}
      </ul>
      {closedWindow && (
        <p className="notice notice--error" role="alert">{t('deposit.slipClosed', { from: closedWindow.closedFrom, to: closedWindow.closedTo })}</p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-file`}>{t('deposit.slipFile')}</label>
        {/* The device's picker, opened by the buttons below in the player's language (issue 18):
            LINE's and Telegram's webviews answer a file input with the phone's own picker. */}
        <input
          ref={input}
          id={`${ids}-file`}
          type="file"
          accept={SLIP_TYPES.join(',')}
          className="slip-pick__input"
          tabIndex={-1}
          disabled={upload.pending}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${ids}-error`}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
        {file ? (
          <div className="slip-pick__chosen">
            {preview ? <img className="slip-pick__thumb" src={preview} alt={t('deposit.slipPreview')} /> : <span className="slip-pick__thumb" />}
            <div className="slip-pick__about">
              <span className="slip-pick__name">{file.name}</span>
              <span className="muted small">{formatSize(file.size)}</span>
              <div className="slip-pick__actions">
                <Button type="button" variant="secondary" disabled={upload.pending} onClick={pick}>{t('deposit.slipChange')}</Button>
                <Button type="button" variant="secondary" disabled={upload.pending} onClick={remove}>{t('deposit.slipRemove')}</Button>
              </div>
            </div>
          </div>
        ) : (
          <button type="button" className="slip-pick__empty" disabled={upload.pending} onClick={pick} aria-describedby={`${ids}-hint ${ids}-error`}>
            <UploadIcon />
            <span className="slip-pick__label">{t('deposit.slipChoose')}</span>
            <span className="muted small" id={`${ids}-hint`} aria-hidden="true">{t('deposit.slipHint', { size: SLIP_MAX_MB })}</span>
          </button>
        )}
        <p className="field__error" id={`${ids}-error`} role={problem ? 'alert' : undefined}>{problem ?? ''}</p>
      </div>
      <AmountField
        label={t('deposit.slipAmount')}
        value={amount}
        onChange={setAmount}
        hint={t('deposit.slipAmountHint')}
        error={amountError || null}
        preview={claimed !== null ? t('deposit.slipAmountPreview', { amount: formatMoney(claimed, language, currencyOf(wallet.data?.wallet.currency)) }) : null}
      />
      {/* Room kept for the bar, so the button does not move when the upload starts. */}
      <div className="slip-progress">
        {progress !== null && (
          <>
            <progress className="progress" max={100} value={percent} aria-label={t('deposit.slipProgress')} aria-valuetext={`${percent}%`} />
            <span className="muted" aria-hidden="true">{percent}%</span>
          </>
        )}
      </div>
      <p className={latest?.status === 'FAILED' ? 'deposit-status deposit-status--failed' : 'deposit-status'} role="status" data-testid="slip-status">{latest ? <SlipResult slip={latest} /> : ''}</p>
      <Button type="submit" block pending={upload.pending} disabled={!fileOk || closed}>{t('deposit.slipSend')}</Button>
      {latest?.status === 'PROCESSING' && <PushOffer />}
    </form>
  )
}
