import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../../api/config'
import { useSubmit } from '../../../api/useSubmit'
import { phoneRule } from '../../../../contract/lib/validation'
import { Button } from '../../../ui/Button'
import { PhoneField } from '../../../ui/Field'
import { isCode } from '../../../api/errors'
import { useRegisterOtp, useSendOtp } from '../api'
import type { StepProps } from './stepProps'
import { LoadError } from '../../../ui/LoadError'

/** Step 1. With OTP on, sends the code; an already verified number skips step 2 (spec 4). */
export function StepPhone({ draft, update, next, PhoneOffer }: StepProps) {
  const { t } = useTranslation()
  const { variant } = getConfig()
  const registerOtp = useRegisterOtp()
  const send = useSendOtp()
  const submit = useSubmit(send)
  const [error, setError] = useState<string | null>(null)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const rule = phoneRule(draft.phone, variant)
    if (rule) return setError(t(rule))
    if (!registerOtp.data) return
    if (!registerOtp.data.registerOTP) return next(3)
    // A token kept from an earlier visit (a reload) is sent along: once verified, the server lets
    // its holder skip the code.
    submit({ phoneNumber: draft.phone, otpToken: draft.otpToken }, {
      onSuccess: (answer) => {
        if (isCode(answer.code, 'OTP_VERIFIED')) return next(3)
        update({ otpRef: answer.otpRef, otpToken: answer.otpToken })
        next(2)
      },
      onError: (failure) => setError(failure.message),
    })
  }

  return (
    <form className="stack" noValidate onSubmit={onSubmit}>
      <PhoneField
        variant={variant}
        name="phone"
        autoComplete="tel-national"
        hint={t(`register.phoneHint.${variant}`)}
        value={draft.phone}
        error={error}
        autoFocus
        onPhone={(phone) => {
          update({ phone, otpRef: '', otpToken: '' })
          setError(null)
        }}
      />
      {/* With the operator's TELEGRAM_CONTACT_SKIPS_OTP the server's proof comes as the OTP token:
          the send then answers OTP_VERIFIED and the code step is passed. */}
      <PhoneOffer
        onPhone={({ phone, otpToken }) => {
          update({ phone, otpRef: '', otpToken: otpToken ?? '' })
          setError(null)
        }}
      />
      {registerOtp.isError && <LoadError error={registerOtp.error} onRetry={() => registerOtp.refetch()} />}
      <Button type="submit" block pending={send.isPending || registerOtp.isPending}>
        {t('common.next')}
      </Button>
    </form>
  )
}
