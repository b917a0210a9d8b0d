import '../../i18n/identityStrings'
import { useTranslation } from 'react-i18next'
import type { LoginResponse } from '../../../contract/auth'
import { signInWithQuickUnlock, useQuickUnlock } from '../../api/identity/quickUnlock'
import type { BiometricVault } from '../../platform/types'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'

/**
 * Issue 31: inside Telegram, where this phone keeps a quick unlock secret, one tap and the
 * player's face or fingerprint sign in. Loaded with its strings only there. The form's phone and
 * password stay as typed whatever happens here.
 */
interface QuickUnlockSignInProps {
  biometry: BiometricVault
  onSignedIn: (answer: LoginResponse) => void
  /** Above the form, as the main way in of a phone that turned it on; else a second way below it. */
  first?: boolean
}

export default function QuickUnlockSignIn({ biometry, onSignedIn, first = false }: QuickUnlockSignInProps) {
  const { t } = useTranslation()
  const { saved, name, problem, pending, unlock } = useQuickUnlock(biometry, signInWithQuickUnlock, onSignedIn, failureText)
  const note = problem && <p className="notice notice--error" role="alert">{problem}</p>
  if (!saved) return note || null
  return (
    <div className="stack auth-passkey">
      <Button type="button" variant={first ? 'primary' : 'secondary'} block pending={pending} onClick={unlock}>
        {t('identity.quickUnlock.signIn', { biometry: name })}
      </Button>
      {note}
    </div>
  )
}
