import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSubmit } from '../../../api/useSubmit'
import { digitsOnly, required } from '../../../../contract/lib/validation'
import { Button } from '../../../ui/Button'
import { TextField } from '../../../ui/Field'
import { useFocusIfLost } from '../../../ui/useFocusIfLost'
import { isCode } from '../../../api/errors'
import { useSendOtp, useVerifyOtp } from '../api'
import type { StepProps } from './stepProps'

/** The server refuses a second code within a minute (REQUEST_LIMIT_1MIN); the button waits too. */
const RESEND_AFTER_S = 60

/** Whole seconds until `deadline`, ticking once a second. */
function useSecondsUntil(deadline: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

/** Step 2: the code with its reference (spec 2, 4). */
export function StepOtp({ draft, update, next, back }: StepProps) {
  const { t } = useTranslation()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sentNotice, setSentNotice] = useState(false)
  const verify = useVerifyOtp()
  const resend = useSendOtp()
  const submitVerify = useSubmit(verify)
  const submitResend = useSubmit(resend)
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_AFTER_S * 1000)
  const secondsLeft = useSecondsUntil(resendAt)
  // Resend waits (disabled) once pressed, which gives the focus to the page: a keyboard player is
  // taken to the code field instead, where the new code goes (or the error of the resend is said).
  const form = useRef<HTMLFormElement>(null)
  useFocusIfLost(() => form.current?.querySelector<HTMLInputElement>('input[name="otp"]'), resend.status, { onFirst: false })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const rule = required(code)
    if (rule) return setError(t(rule))
    submitVerify(
      { otpToken: draft.otpToken, otpCode: code },
      { onSuccess: () => next(3), onError: (failure) => setError(failure.message) },
    )
  }

  const onResend = () =>
    submitResend({ phoneNumber: draft.phone, otpToken: draft.otpToken }, {
      onSuccess: (answer) => {
        if (isCode(answer.code, 'OTP_VERIFIED')) return next(3)
        update({ otpRef: answer.otpRef, otpToken: answer.otpToken })
        setResendAt(Date.now() + RESEND_AFTER_S * 1000)
        setCode('')
        setError(null)
        setSentNotice(true)
      },
      onError: (failure) => setError(failure.message),
    })

  return (
    <form ref={form} className="stack" noValidate onSubmit={onSubmit}>
      <p>{t('register.otpSent', { phone: draft.phone })}</p>
      <p className="otp-ref">
        {t('register.otpRef')} <strong data-testid="otp-ref">{draft.otpRef}</strong>
      </p>
      <TextField
        label={t('fields.otp')}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="input--code"
        value={code}
        error={error}
        autoFocus
        onChange={(event) => {
          setCode(digitsOnly(event.target.value))
          setError(null)
        }}
      />
      {sentNotice && <p className="notice notice--success" role="status">{t('register.otpResent')}</p>}
      <Button type="submit" block pending={verify.isPending}>{t('register.verify')}</Button>
      <div className="row row--between otp-links">
        <button type="button" className="link-button" onClick={back}>{t('register.changePhone')}</button>
        <button type="button" className="link-button" disabled={secondsLeft > 0 || resend.isPending} onClick={onResend}>
          {secondsLeft > 0 ? t('register.resendIn', { seconds: secondsLeft }) : t('register.resend')}
        </button>
      </div>
    </form>
  )
}
