import '../../i18n/identityStrings'
import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { LoginResponse } from '../../../contract/auth'
import { isApiError } from '../../api/errors'
import { isPasskeyCancelled, signInWithPasskey } from '../../api/identity/passkeys'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'

/**
 * Issue 31: sign-in by a passkey below the password form, loaded with its strings only where
 * passkeys are offered. The form's phone and password stay as typed whatever happens here; a
 * closed passkey sheet says nothing.
 */
export default function PasskeySignIn({ onSignedIn }: { onSignedIn: (answer: LoginResponse) => void }) {
  const { t } = useTranslation()
  const [problem, setProblem] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: signInWithPasskey,
    meta: { handlesError: true },
    onSuccess: onSignedIn,
    onError: (error) => {
      if (isPasskeyCancelled(error)) return
      setProblem(isApiError(error) ? failureText(error) : t('identity.passkeyFailed'))
    },
  })
  return (
    <div className="stack auth-passkey">
      <Button type="button" variant="secondary" block pending={mutation.isPending} onClick={() => { setProblem(null); mutation.mutate() }}>
        {t('identity.passkeySignIn')}
      </Button>
      {problem && <p className="notice notice--error" role="alert">{problem}</p>}
    </div>
  )
}
