import '../../i18n/identityStrings'
import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { LoginResponse } from '../../api/contract/auth'
import { isQuickUnlockNotOpened, signInWithQuickUnlock, useBiometry, useBiometryName } from '../../api/quickUnlock'
import type { BiometricVault } from '../../platform/types'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'

/**
 * Issue 31: inside Telegram, where this phone keeps a quick unlock secret, one tap and the
 * player's face or fingerprint sign in. Loaded with its strings only there. The form's phone and
 * password stay as typed whatever happens here.
 */
export default function QuickUnlockSignIn({ biometry, onSignedIn }: { biometry: BiometricVault; onSignedIn: (answer: LoginResponse) => void }) {
  const { t } = useTranslation()
  const { status, refresh } = useBiometry(biometry)
  const name = useBiometryName(status?.kind)
  const [problem, setProblem] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: () => signInWithQuickUnlock(biometry, t('identity.quickUnlock.reason')),
    meta: { handlesError: true },
    onSuccess: onSignedIn,
    onError: (error) => {
      setProblem(isQuickUnlockNotOpened(error) ? t('identity.quickUnlock.notOpened') : failureText(error))
      // A secret the server no longer holds was forgotten here: the button goes.
      void refresh()
    },
  })
  if (!status?.saved) return problem ? <p className="notice notice--error" role="alert">{problem}</p> : null
  return (
    <div className="stack auth-passkey">
      <Button type="button" variant="secondary" block pending={mutation.isPending} onClick={() => { setProblem(null); mutation.mutate() }}>
        {t('identity.quickUnlock.signIn', { biometry: name })}
      </Button>
      {problem && <p className="notice notice--error" role="alert">{problem}</p>}
    </div>
  )
}
