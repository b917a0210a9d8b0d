import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/errors'
import { useSubmit } from '../../api/useSubmit'
import { isPasswordLongEnough } from '../../../contract/lib/validation'
import { forgetPasswordChange } from '../../state/session'
import { Button } from '../../ui/Button'
import { ErrorDialog } from '../../ui/ErrorDialog'
import { PasswordField } from '../../ui/Field'
import { Modal } from '../../ui/Modal'
import { useChangePassword } from './api'

/**
 * Spec 2 "Profile", spec 5 "Change password": old, new and confirm, all required (nothing happens
 * while one is empty), the new one at least PASSWORD_MIN_LENGTH characters (issue 27) and not the
 * old one, new equal to confirm (else the not-equal message in the form); each rule, and the
 * server's refusals of a field (a wrong old password), said under its field (issue 29), keeping
 * what was typed; any other failure in an alert; success in an alert. The server ends the member's other
 * sessions; this one stays signed in, and the shell's prompt for a new password goes.
 */
/** Which field a refusal belongs to: what the player must change is said under it. */
type Field = 'oldPassword' | 'newPassword' | 'confirm'

/** The server's refusals that name a field: said under it, not in a dialog over the form. */
const FIELD_OF: Record<string, Field> = { WRONG_PASSWORD: 'oldPassword', PASSWORD_UNCHANGED: 'newPassword', PASSWORD_TOO_SHORT: 'newPassword' }

export default function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const [fields, setFields] = useState({ oldPassword: '', newPassword: '', confirm: '' })
  const [problem, setProblem] = useState<{ field: Field; text: string } | null>(null)
  const [failure, setFailure] = useState<Error | null>(null)
  const [done, setDone] = useState(false)
  const doneText = useId()
  const mutation = useChangePassword()
  const submit = useSubmit(mutation)

  const edit = (name: Field) => (event: { target: { value: string } }) => {
    setFields((now) => ({ ...now, [name]: event.target.value }))
    // Typing in the field a problem was said under (or, for not-equal, either new field) clears it.
    if (problem && (problem.field === name || (problem.field === 'confirm' && name === 'newPassword'))) setProblem(null)
  }
  const errorOf = (field: Field) => (problem?.field === field ? problem.text : null)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!fields.oldPassword || !fields.newPassword || !fields.confirm) return
    if (!isPasswordLongEnough(fields.newPassword)) return setProblem({ field: 'newPassword', text: t('errors.PASSWORD_TOO_SHORT') })
    if (fields.newPassword === fields.oldPassword) return setProblem({ field: 'newPassword', text: t('errors.PASSWORD_UNCHANGED') })
    if (fields.newPassword !== fields.confirm) return setProblem({ field: 'confirm', text: t('validation.notEqual') })
    submit({ oldPassword: fields.oldPassword, newPassword: fields.newPassword }, {
      onSuccess: () => {
        forgetPasswordChange()
        setDone(true)
      },
      onError: (error) => {
        const field = isApiError(error) ? FIELD_OF[error.code] : undefined
        if (field) setProblem({ field, text: error.message })
        else setFailure(error)
      },
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
        <PasswordField label={t('profile.oldPassword')} name="oldPassword" autoComplete="current-password" value={fields.oldPassword} onChange={edit('oldPassword')} required
          error={errorOf('oldPassword')} />
        <PasswordField label={t('profile.newPassword')} name="newPassword" autoComplete="new-password" value={fields.newPassword} onChange={edit('newPassword')} required
          error={errorOf('newPassword')} />
        <PasswordField label={t('profile.confirmPassword')} name="confirmPassword" autoComplete="new-password" value={fields.confirm} onChange={edit('confirm')} required
          error={errorOf('confirm')} />
        <div className="button-row">
          <Button type="button" variant="secondary" onClick={onClose}>{t('profile.cancel')}</Button>
          <Button type="submit" pending={mutation.isPending}>{t('profile.save')}</Button>
        </div>
      </form>
      <ErrorDialog error={failure} onClose={() => setFailure(null)} />
    </Modal>
  )
}
