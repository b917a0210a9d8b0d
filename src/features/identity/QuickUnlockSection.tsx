import '../../i18n/identityStrings'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isStepUpCancelled } from '../../api/identity/stepUp'
import { isQuickUnlockNotKept, useBiometry, useBiometryName, useQuickUnlocks, useTurnOffQuickUnlock, useTurnOnQuickUnlock } from '../../api/identity/quickUnlock'
import { ownQuickUnlockId } from '../../api/identity/quickUnlockOffered'
import { formatDateTime } from '../../lib/time'
import type { BiometricVault } from '../../platform/types'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'
import { ConfirmRemoval, CredentialCard } from '../../ui/CredentialCard'

/**
 * Issue 31, quick unlock inside Telegram: turned on for this phone (the password asked again first
 * when the server wants it, then Telegram's leave and biometric prompt), or off after a
 * confirmation (every phone's, on the server, and this phone's secret). On means this phone keeps
 * a secret that the server still holds: a password change elsewhere shows it off here.
 */
export default function QuickUnlockSection({ biometry }: { biometry: BiometricVault }) {
  const { t } = useTranslation()
  const device = useBiometry(biometry)
  const name = useBiometryName(device.status?.kind)
  const quickUnlocks = useQuickUnlocks()
  const [confirming, setConfirming] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const turnOn = useTurnOnQuickUnlock(biometry, t('identity.quickUnlock.keepReason'), {
    onSuccess: () => showToast(t('identity.quickUnlock.turnedOn'), 'success'),
    onError: (error) => {
      if (isStepUpCancelled(error)) return
      setProblem(isQuickUnlockNotKept(error) ? t('identity.quickUnlock.notKept') : failureText(error))
    },
  })
  const turnOff = useTurnOffQuickUnlock(biometry, {
    onSuccess: () => {
      setConfirming(false)
      showToast(t('identity.quickUnlock.turnedOff'), 'success')
    },
    onError: (error) => {
      setConfirming(false)
      setProblem(failureText(error))
    },
  })

  // No biometry on this device (or Telegram did not say): nothing to offer.
  if (device.known && !device.status) return null
  const ownId = ownQuickUnlockId()
  const own = device.status?.saved ? quickUnlocks.data?.quickUnlocks.find((quickUnlock) => quickUnlock.id === ownId) : undefined
  const loaded = device.known && quickUnlocks.data
  return (
    <CredentialCard title={t('identity.quickUnlock.title')} query={device.known ? quickUnlocks : { ...quickUnlocks, isPending: true }} rows={undefined} empty="" problem={problem}>
      {loaded && device.status?.denied && (
        <>
          <p className="muted small">{t('identity.quickUnlock.denied', { biometry: name })}</p>
          <Button type="button" variant="secondary" block onClick={() => biometry.openSettings()}>{t('identity.quickUnlock.openSettings')}</Button>
        </>
      )}
      {loaded && !device.status?.denied && own && (
        <>
          <p className="muted small">{t('identity.quickUnlock.onText', { biometry: name, date: formatDateTime(new Date(own.createdAt).toISOString()) })}</p>
          <Button type="button" variant="secondary" block aria-haspopup="dialog" onClick={() => { setProblem(null); setConfirming(true) }}>{t('identity.quickUnlock.turnOff')}</Button>
        </>
      )}
      {loaded && !device.status?.denied && !own && (
        <>
          <p className="muted small">{t('identity.quickUnlock.offText', { biometry: name })}</p>
          <Button type="button" block pending={turnOn.isPending} onClick={() => { setProblem(null); turnOn.mutate() }}>{t('identity.quickUnlock.turnOn', { biometry: name })}</Button>
        </>
      )}
      <ConfirmRemoval
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('identity.quickUnlock.offTitle')}
        text={t('identity.quickUnlock.confirmText')}
        confirmText={t('identity.quickUnlock.offConfirm')}
        keepText={t('identity.keepOn')}
        pending={turnOff.isPending}
        onConfirm={() => turnOff.mutate()}
      />
    </CredentialCard>
  )
}
