import { lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { forgetPasswordChange, session } from '../../state/session'
import { Button } from '../../ui/Button'

const ChangePasswordModal = lazy(() => import('./ChangePasswordModal'))

/**
 * Issue 27: the member signed in with a password shorter than today's rule (the login answer's
 * `passwordChangeRequired`). The shell asks, above every screen, for a new one: the button opens
 * the change-password modal, "later" puts it off until the next sign-in; a changed password ends it.
 */
export function PasswordChangePrompt() {
  const { t } = useTranslation()
  const { passwordChangeRequired } = useSnapshot(session)
  const [changing, setChanging] = useState(false)
  const textId = useId()
  return (
    <>
      {passwordChangeRequired && !changing && (
        <section className="notice stack password-prompt" aria-labelledby={textId}>
          <p id={textId}>{t('member.passwordShort')}</p>
          <div className="button-row">
            <Button type="button" variant="secondary" onClick={forgetPasswordChange}>{t('member.passwordShortLater')}</Button>
            <Button type="button" onClick={() => setChanging(true)}>{t('member.passwordShortChange')}</Button>
          </div>
        </section>
      )}
      <Suspense fallback={null}>{changing && <ChangePasswordModal onClose={() => setChanging(false)} />}</Suspense>
    </>
  )
}
