import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { isQuickUnlockNotOpened, stepUpWithQuickUnlock, useBiometry, useBiometryName } from '../../api/quickUnlock'
import type { BiometricVault } from '../../platform/types'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'

/**
 * Issue 31: in the password prompt inside Telegram, where this phone keeps a quick unlock secret,
 * the player's face or fingerprint answers instead of the password. A secret the server no longer
 * holds is forgotten, and the password stays.
 */
export function QuickUnlockStepUp({ biometry, onGiven }: { biometry: BiometricVault; onGiven: () => void }) {
  const { t } = useTranslation()
  const { status, refresh } = useBiometry(biometry)
  const name = useBiometryName(status?.kind)
  const [problem, setProblem] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: () => stepUpWithQuickUnlock(biometry, t('identity.quickUnlock.reason')),
    meta: { handlesError: true },
    onSuccess: onGiven,
    onError: (error) => {
      setProblem(isQuickUnlockNotOpened(error) ? t('identity.quickUnlock.notOpened') : failureText(error))
      void refresh()
    },
  })
  return (
    <>
      {problem && <p className="notice notice--error" role="alert">{problem}</p>}
      {status?.saved && (
        <Button type="button" variant="secondary" block pending={mutation.isPending} onClick={() => { setProblem(null); mutation.mutate() }}>
          {t('identity.quickUnlock.stepUp', { biometry: name })}
        </Button>
      )}
    </>
  )
}
