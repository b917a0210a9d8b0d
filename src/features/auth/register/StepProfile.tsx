import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../api/errors'
import { useSubmit } from '../../../api/useSubmit'
import { inviteCodeFromText, inviteCodeInput } from '../../../lib/inviteCode'
import { confirmPasswordRule, newPasswordRule, required, upper } from '../../../../contract/lib/validation'
import { usePlatform } from '../../../platform'
import { Button } from '../../../ui/Button'
import { PasswordField, SelectField, TextField } from '../../../ui/Field'
import { QrIcon } from '../../../ui/icons'
import { useSources, useValidateAccount } from '../api'
import { toValidationRequest } from './draft'
import type { StepProps } from './stepProps'

type Errors = Partial<Record<'name' | 'password' | 'confirmPassword' | 'inviteCode' | 'form', string>>

/** Step 3: profile, validated by the server before step 4 (spec 4). */
export function StepProfile({ draft, update, next, inviterLocked, unlockInviter }: StepProps) {
  const { t } = useTranslation()
  const sources = useSources()
  const validate = useValidateAccount()
  const submit = useSubmit(validate)
  const [errors, setErrors] = useState<Errors>({})
  // Scanning needs the host's scanner (LINE, Telegram): the button appears once it has started.
  const { platform, ready } = usePlatform()
  const canScan = ready && !inviterLocked && platform.canScanQr()

  const edit = (patch: Partial<typeof draft>, field: keyof Errors) => {
    update(patch)
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }))
  }

  const onScan = async () => {
    const text = await platform.scanQr()
    if (text === null) return
    const code = inviteCodeFromText(text)
    if (code) edit({ inviteCode: code }, 'inviteCode')
    else setErrors((current) => ({ ...current, inviteCode: t('register.notInviteQr') }))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const found: Errors = {}
    const nameRule = required(draft.name)
    const passwordRule = newPasswordRule(draft.password)
    const confirmRule = confirmPasswordRule(draft.password, draft.confirmPassword)
    if (nameRule) found.name = t(nameRule)
    if (passwordRule) found.password = t(passwordRule)
    if (confirmRule) found.confirmPassword = t(confirmRule)
    if (Object.keys(found).length) return setErrors(found)
    submit(toValidationRequest(draft), {
      onSuccess: () => next(4),
      onError: (failure) => {
        // An unknown inviter (a stale or mistyped link) must not lock the player out.
        if (isApiError(failure) && failure.code === 'INVALID_USER_INFO') {
          unlockInviter()
          return setErrors({ inviteCode: failure.message })
        }
        if (isApiError(failure) && failure.code === 'PASSWORD_TOO_SHORT') return setErrors({ password: failure.message })
        setErrors({ form: failure.message })
      },
    })
  }

  return (
    <form className="stack" noValidate onSubmit={onSubmit}>
      <TextField label={t('fields.name')} name="name" autoComplete="nickname" value={draft.name}
        error={errors.name} autoFocus onChange={(event) => edit({ name: upper(event.target.value) }, 'name')} />
      <PasswordField label={t('fields.password')} name="new-password" autoComplete="new-password" value={draft.password}
        error={errors.password} onChange={(event) => edit({ password: event.target.value }, 'password')} />
      <PasswordField label={t('fields.confirmPassword')} name="confirm-password" autoComplete="new-password"
        value={draft.confirmPassword} error={errors.confirmPassword}
        onChange={(event) => edit({ confirmPassword: event.target.value }, 'confirmPassword')} />
      <SelectField label={t('fields.source')} name="source" value={draft.sourceCode}
        onChange={(event) => edit({ sourceCode: event.target.value }, 'form')}
        hint={sources.isError ? t('register.sourcesFailed') : undefined}>
        <option value="">{sources.isPending ? t('common.loading') : t('fields.sourcePlaceholder')}</option>
        {sources.data?.map((source) => (
          <option key={source.code} value={source.code}>{source.description}</option>
        ))}
      </SelectField>
      <TextField
        label={t('fields.inviteCode')}
        name="invite-code"
        value={draft.inviteCode}
        readOnly={inviterLocked}
        autoCapitalize="characters"
        hint={inviterLocked ? t('register.inviterFromLink') : t('common.optional')}
        error={errors.inviteCode}
        onChange={(event) => edit({ inviteCode: inviteCodeInput(event.target.value) }, 'inviteCode')}
      />
      {canScan && (
        <Button type="button" variant="secondary" onClick={onScan}>
          <QrIcon /> {t('register.scanInvite')}
        </Button>
      )}
      <p className="notice notice--error" role="alert" hidden={!errors.form}>{errors.form}</p>
      <Button type="submit" block pending={validate.isPending}>{t('common.next')}</Button>
    </form>
  )
}
