import { useMutation } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/call'
import { accountEndpoints } from '../../api/contract/account'
import { useSubmit } from '../../api/useSubmit'
import { isPasswordLongEnough } from '../../lib/validation'
import { forgetPasswordChange } from '../../state/session'
import { Button } from '../../ui/Button'
import { ErrorDialog } from '../../ui/ErrorDialog'
import { PasswordField } from '../../ui/Field'
import { Modal } from '../../ui/Modal'

const changePassword = (body: { oldPassword: string; newPassword: string }) => call(accountEndpoints.changePassword, { body })

/**
 * Spec 2 "Profile", spec 5 "Change password": old, new and confirm, all required (nothing happens
 * while one is empty), the new one at least PASSWORD_MIN_LENGTH characters (issue 27: the rule's
 * message under it), new equal to confirm (else the not-equal message in the form); a failure in
 * an alert, keeping what was typed; success in an alert. The server ends the member's other
 * sessions; this one stays signed in, and the shell's prompt for a new password goes.
 */
export default function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const [fields, setFields] = useState({ oldPassword: '', newPassword: '', confirm: '' })
  const [notEqual, setNotEqual] = useState(false)
  const [tooShort, setTooShort] = useState(false)
  const [failure, setFailure] = useState<Error | null>(null)
  const [done, setDone] = useState(false)
  const doneText = useId()
  const mutation = useMutation({ mutationFn: changePassword, meta: { handlesError: true } })
  const submit = useSubmit(mutation)

  const edit = (name: keyof typeof fields) => (event: { target: { value: string } }) => {
    setFields((now) => ({ ...now, [name]: event.target.value }))
    if (name !== 'oldPassword') setNotEqual(false)
    if (name === 'newPassword') setTooShort(false)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!fields.oldPassword || !fields.newPassword || !fields.confirm) return
    if (!isPasswordLongEnough(fields.newPassword)) {
      setTooShort(true)
      return
    }
    if (fields.newPassword !== fields.confirm) {
      setNotEqual(true)
      return
    }
    submit({ oldPassword: fields.oldPassword, newPassword: fields.newPassword }, {
      onSuccess: () => {
        forgetPasswordChange()
        setDone(true)
      },
      onError: (error) => setFailure(error),
    })
  }

  if (done) {
    return (
      <Modal open onClose={onClose} title={t('profile.savedTitle')} role="alertdialog" describedBy={doneText}>
        <div className="stack">
          <p id={doneText}>{t('profile.passwordChanged')}</p>
          <Button type="button" block onClick={onClose}>{t('errorDialog.ok')}</Button>
        </div>
      </Modal>
    )
  }
  return (
    <Modal open onClose={onClose} title={t('profile.changePassword')}>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <PasswordField label={t('profile.oldPassword')} name="oldPassword" autoComplete="current-password" value={fields.oldPassword} onChange={edit('oldPassword')} required />
        <PasswordField label={t('profile.newPassword')} name="newPassword" autoComplete="new-password" value={fields.newPassword} onChange={edit('newPassword')} required
          error={tooShort ? t('errors.PASSWORD_TOO_SHORT') : null} />
        <PasswordField label={t('profile.confirmPassword')} name="confirmPassword" autoComplete="new-password" value={fields.confirm} onChange={edit('confirm')} required
          error={notEqual ? t('validation.notEqual') : null} />
        <div className="button-row">
          <Button type="button" variant="secondary" onClick={onClose}>{t('profile.cancel')}</Button>
          <Button type="submit" pending={mutation.isPending}>{t('profile.save')}</Button>
        </div>
      </form>
      <ErrorDialog error={failure} onClose={() => setFailure(null)} />
    </Modal>
  )
}
