import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Slip } from '../../../api/types'
import { showToast } from '../../../state/ui'
import { Button } from '../../../ui/Button'
import { useMoneyAction } from '../useMoneyAction'
import { uploadSlip, useSlipWindow } from './api'

/** Spec 1, 4, 7: a bank slip image, its upload progress, then "processing" until it is read. */
export function SlipUpload() {
  const { t } = useTranslation()
  const window = useSlipWindow(true)
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [uploaded, setUploaded] = useState<Slip | null>(null)
  const upload = useMoneyAction<Slip, File>({
    call: (chosen, headers) => uploadSlip(chosen, headers, setProgress),
    onSuccess: (slip) => {
      setUploaded(slip)
      setFile(null)
      setProgress(null)
      if (input.current) input.current.value = ''
      showToast(t('deposit.slipUploaded'), 'success')
    },
    onError: (error) => {
      setProgress(null)
      setFailure(error.message)
    },
  })
  const closed = window.data && !window.data.isOpen
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (file) upload.submit(file)
  }
  return (
    <form className="money-form" onSubmit={submit} noValidate>
      <ul className="muted slip-facts">
        <li>{t('deposit.slipWithinHour')}</li>
        {window.data && <li>{t('deposit.slipWindow', { from: window.data.closedFrom, to: window.data.closedTo })}</li>}
        <li>{t('deposit.creditedSoon')}</li>
      </ul>
      {closed && <p className="notice notice--error" role="alert">{t('deposit.slipClosed', { from: window.data.closedFrom, to: window.data.closedTo })}</p>}
      <label className="field">
        <span className="field__label">{t('deposit.slipFile')}</span>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png"
          className="input"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null)
            setFailure(null)
            setUploaded(null)
          }}
        />
      </label>
      {progress !== null && (
        <div>
          <progress className="progress" max={1} value={progress} aria-label={t('deposit.slipProgress')} />
          <span className="muted">{Math.round(progress * 100)}%</span>
        </div>
      )}
      {failure && <p className="notice notice--error" role="alert">{failure}</p>}
      {uploaded && <p className="notice" role="status" data-testid="slip-status">{t('deposit.slipProcessing')}</p>}
      <Button type="submit" block pending={upload.pending} disabled={!file || closed}>{t('deposit.slipSend')}</Button>
    </form>
  )
}
