import '../../i18n/identityStrings'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { useSnapshot } from 'valtio'
import type { MessengerProvider } from '../../../contract/identity'
import { messengerEnabled, useIdentities, useLinkMessenger, useUnlinkMessenger } from '../../api/identity/messengers'
import { paths } from '../../../contract/lib/paths'
import { formatDateTime } from '../../lib/time'
import { usePlatform } from '../../platform'
import { session, signOut } from '../../state/session'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'
import { ConfirmRemoval, CredentialCard } from '../../ui/CredentialCard'

/**
 * Issue 31: the messengers linked to the member (name as the messenger signed it, since when),
 * each unlinked after a confirmation, and a Link button for the messenger the app runs in when the
 * operator switched it on, it is not linked yet and the password opened this session. Unlinking the messenger that opened this
 * session ends it (the server ends its sessions): /login, as for any ended session.
 */
export function MessengersSection() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const { platform, ready } = usePlatform()
  const identities = useIdentities()
  const link = useLinkMessenger()
  const unlink = useUnlinkMessenger()
  const [unlinking, setUnlinking] = useState<MessengerProvider | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const name = (provider: MessengerProvider) => t(`common.messenger.${provider}`)

  // Only a session opened with the password may link (the server says PASSWORD_SESSION_REQUIRED otherwise).
  const { openedBy } = useSnapshot(session)
  const credential = ready && !openedBy ? platform.messengerCredential() : null
  const linked = identities.data?.identities ?? []
  const linkable = credential && messengerEnabled(credential.provider) && identities.data && !linked.some((identity) => identity.provider === credential.provider)
    ? credential : null

  const linkHere = () => {
    if (!linkable) return
    setProblem(null)
    link.mutate(linkable, {
      onSuccess: () => showToast(t('identity.linked', { messenger: name(linkable.provider) }), 'success'),
      onError: (error) => setProblem(failureText(error)),
    })
  }
  const confirmUnlink = () => {
    if (!unlinking) return
    const provider = unlinking
    unlink.mutate(provider, {
      onSuccess: () => {
        setUnlinking(null)
        showToast(t('identity.unlinked', { messenger: name(provider) }), 'success')
        if (session.openedBy !== provider) return
        signOut()
        navigate(paths.login, { replace: true })
      },
      onError: (error) => {
        setUnlinking(null)
        setProblem(failureText(error))
      },
    })
  }

  return (
    <CredentialCard
      title={t('identity.sectionTitle')}
      query={identities}
      empty={t('identity.sectionEmpty')}
      problem={problem}
      rows={identities.data?.identities.map((identity) => ({
        key: identity.provider,
        name: name(identity.provider),
        details: [identity.name, t('identity.linkedOn', { date: formatDateTime(new Date(identity.linkedAt).toISOString()) })],
        removeText: t('identity.unlink'),
        onRemove: () => setUnlinking(identity.provider),
      }))}
    >
      {linkable && (
        <Button type="button" block pending={link.isPending} onClick={linkHere}>{t('identity.link', { messenger: name(linkable.provider) })}</Button>
      )}
      <ConfirmRemoval
        open={unlinking !== null}
        onClose={() => setUnlinking(null)}
        title={unlinking ? t('identity.unlinkTitle', { messenger: name(unlinking) }) : ''}
        text={unlinking ? t('identity.unlinkText', { messenger: name(unlinking) }) : ''}
        confirmText={t('identity.unlinkConfirm')}
        keepText={t('identity.keep')}
        pending={unlink.isPending}
        onConfirm={confirmUnlink}
      />
    </CredentialCard>
  )
}
