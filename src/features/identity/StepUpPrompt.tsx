import '../../i18n/identityStrings'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { stepUp } from '../../api/identity/messengers'
import { stepUpDismissed, stepUpGiven, stepUpPrompt } from '../../api/identity/stepUp'
import { useSnapshot } from 'valtio'
import { isApiError } from '../../api/errors'
import { isPasskeyCancelled, stepUpWithPasskey } from '../../api/identity/passkeys'
import { passkeysOffered } from '../../api/identity/passkeysOffered'
import { quickUnlockOffered } from '../../api/identity/quickUnlockOffered'
import { QuickUnlockStepUp } from './QuickUnlockStepUp'
import { usePlatform } from '../../platform'
import { failureText } from '../../ui/ErrorDialog'
import { useSubmit } from '../../api/useSubmit'
import { Button } from '../../ui/Button'
import { PasswordField } from '../../ui/Field'
import { Modal } from '../../ui/Modal'

/**
 * Issue 31: the server holds a withdrawal or a bank-account change until the password is given
 * again (STEP_UP_REQUIRED). The right password lets the held action go once more; a wrong one is
 * said under the field; closing lets it go. The form underneath keeps everything typed in it.
 * Where passkeys are offered, one of the member's passkeys may answer instead; a passkey the server
 * does not know hides that offer and leaves the password. Inside Telegram, quick unlock (the
 * player's face or fingerprint) may answer the same way, for a withdrawal only (issue 47).
 */
export default function StepUpPrompt() {
  const { t } = useTranslation()
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const textId = useId()
  const input = useRef<HTMLInputElement>(null)
  // After the dialog opened (its effect runs first), which would otherwise focus its close button.
  useEffect(() => input.current?.focus(), [])
  const mutation = useMutation({ mutationFn: stepUp, meta: { handlesError: true } })
  const submit = useSubmit(mutation)
  const { platform, ready } = usePlatform()
  // A bank account change takes the password (or a passkey, which stands for it), not a quick unlock.
  const { passwordOnly } = useSnapshot(stepUpPrompt)
  const [passkeyRefused, setPasskeyRefused] = useState(false)
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null)
  const byPasskey = useMutation({
    mutationFn: stepUpWithPasskey,
    meta: { handlesError: true },
    onSuccess: stepUpGiven,
    onError: (error) => {
      if (isPasskeyCancelled(error)) return
      if (!isApiError(error)) return setPasskeyProblem(t('identity.passkeyFailed'))
      setPasskeyProblem(failureText(error))
      // No passkey of the member in this browser (or none the server knows): the password stays.
      if (error.code === 'PASSKEY_UNKNOWN' || error.code === 'NO_DATA') setPasskeyRefused(true)
    },
  })
  const offerPasskey = ready && !passkeyRefused && passkeysOffered(platform.kind)
  const send = (event: FormEvent) => {
    event.preventDefault()
    if (!password) return setProblem(t('validation.required'))
    submit(password, { onSuccess: stepUpGiven, onError: (error) => setProblem(error.message) })
  }
  return (
    <Modal open onClose={stepUpDismissed} title={t('stepUp.title')} describedBy={textId}>
      <form className="stack" onSubmit={send} noValidate>
        <p id={textId}>{t('stepUp.text')}</p>
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          ref={input}
          value={password}
          error={problem}
          onChange={(event) => {
            setPassword(event.target.value)
            setProblem(null)
          }}
        />
        {passkeyProblem && <p className="notice notice--error" role="alert">{passkeyProblem}</p>}
        {offerPasskey && (
          <Button type="button" variant="secondary" block pending={byPasskey.isPending} onClick={() => { setPasskeyProblem(null); byPasskey.mutate() }}>
            {t('identity.passkeyStepUp')}
          </Button>
        )}
        {ready && !passwordOnly && quickUnlockOffered(platform.kind, platform.biometry) && <QuickUnlockStepUp biometry={platform.biometry} onGiven={stepUpGiven} />}
        <div className="button-row">
          <Button type="button" variant="secondary" onClick={stepUpDismissed}>{t('profile.cancel')}</Button>
          <Button type="submit" pending={mutation.isPending}>{t('stepUp.confirm')}</Button>
        </div>
      </form>
    </Modal>
  )
}
