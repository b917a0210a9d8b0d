import '../../i18n/identityStrings'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { useSnapshot } from 'valtio'
import type { MessengerProvider } from '../../api/contract/identity'
import { messengerEnabled, useIdentities, useLinkMessenger, useUnlinkMessenger } from '../../api/identity'
import { paths } from '../../lib/paths'
import { formatDateTime } from '../../lib/time'
import { usePlatform } from '../../platform'
import { session, signOut } from '../../state/session'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'
import { LoadError } from '../../ui/LoadError'
import { Modal } from '../../ui/Modal'

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
  const headingId = useId()
  const confirmText = useId()
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
    <section className="card profile__messengers" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile__heading">{t('identity.sectionTitle')}</h2>
      {identities.isPending && <div className="skeleton profile__messengers-skeleton" aria-label={t('common.loading')} />}
      {identities.isError && <LoadError error={identities.error} onRetry={() => identities.refetch()} />}
      {identities.data && linked.length === 0 && <p className="muted small">{t('identity.sectionEmpty')}</p>}
      {linked.length > 0 && (
        <ul className="profile__messenger-list">
          {linked.map((identity) => (
            <li key={identity.provider} className="profile__messenger">
              <div className="profile__row-text">
                <p>{name(identity.provider)}</p>
                {identity.name && <p className="muted small">{identity.name}</p>}
                <p className="muted small">{t('identity.linkedOn', { date: formatDateTime(new Date(identity.linkedAt).toISOString()) })}</p>
              </div>
              <Button type="button" variant="secondary" aria-haspopup="dialog" aria-label={`${t('identity.unlink')} ${name(identity.provider)}`} onClick={() => setUnlinking(identity.provider)}>
                {t('identity.unlink')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {problem && <p className="notice notice--error" role="alert">{problem}</p>}
      {linkable && (
        <Button type="button" block pending={link.isPending} onClick={linkHere}>{t('identity.link', { messenger: name(linkable.provider) })}</Button>
      )}
      <Modal open={unlinking !== null} onClose={() => setUnlinking(null)} title={unlinking ? t('identity.unlinkTitle', { messenger: name(unlinking) }) : ''} role="alertdialog" describedBy={confirmText}>
        <div className="stack">
          <p id={confirmText}>{unlinking && t('identity.unlinkText', { messenger: name(unlinking) })}</p>
          <div className="button-row">
            <Button type="button" variant="secondary" onClick={() => setUnlinking(null)}>{t('identity.keep')}</Button>
            <Button type="button" pending={unlink.isPending} onClick={confirmUnlink}>{t('identity.unlinkConfirm')}</Button>
          </div>
        </div>
      </Modal>
    </section>
  )
}
