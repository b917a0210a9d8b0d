import { useTranslation } from 'react-i18next'
import { stepUpWithQuickUnlock, useQuickUnlock } from '../../api/identity/quickUnlock'
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
  const { saved, name, problem, pending, unlock } = useQuickUnlock(biometry, stepUpWithQuickUnlock, onGiven, failureText)
  return (
    <>
      {problem && <p className="notice notice--error" role="alert">{problem}</p>}
      {saved && (
        <Button type="button" variant="secondary" block pending={pending} onClick={unlock}>
          {t('identity.quickUnlock.stepUp', { biometry: name })}
        </Button>
      )}
    </>
  )
}
