import '../../i18n/identityStrings'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { MessengerProvider } from '../../../contract/identity'
import { messengerEnabled, useIdentities, useLinkMessenger } from '../../api/identity/messengers'
import { useProfile } from '../../api/profile'
import { storageKeys } from '../../lib/storage'
import { usePlatform } from '../../platform'
import { forgetLinkOffer, session } from '../../state/session'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'
import { Modal } from '../../ui/Modal'

/** The members who answered "Not now" on this device, as `memberId/provider`. */
function declined(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(storageKeys.linkDeclined) ?? '[]')
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

const declineKey = (memberId: string, provider: MessengerProvider) => `${memberId}/${provider}`

function remember(memberId: string, provider: MessengerProvider): void {
  localStorage.setItem(storageKeys.linkDeclined, JSON.stringify([...new Set([...declined(), declineKey(memberId, provider)])]))
}

/**
 * Issue 31: after a sign-in with the password inside a messenger the operator switched on, the
 * player is offered to link it, so the next open from there signs them in with no typing. Linked
 * only when they confirm; "Not now" is remembered on this device for this member (the profile
 * still offers it). Nothing shows when the messenger is linked already or gives no credential.
 */
export default function LinkOffer() {
  const { t } = useTranslation()
  const { platform, ready } = usePlatform()
  const { offerLink } = useSnapshot(session)
  const credential = ready ? platform.messengerCredential() : null
  const provider = credential && messengerEnabled(credential.provider) ? credential.provider : null
  const identities = useIdentities(provider !== null)
  const profile = useProfile()
  const link = useLinkMessenger()
  const [problem, setProblem] = useState<string | null>(null)
  const textId = useId()
  const memberId = profile.data ? String(profile.data.profile._id) : null

  if (!offerLink || !provider || !credential || !identities.data || memberId === null) return null
  if (identities.data.identities.some((identity) => identity.provider === provider) || declined().includes(declineKey(memberId, provider))) return null
  const messenger = t(`common.messenger.${provider}`)
  const notNow = () => {
    remember(memberId, provider)
    forgetLinkOffer()
  }
  const confirm = () => {
    setProblem(null)
    link.mutate(credential, {
      onSuccess: () => {
        showToast(t('identity.linked', { messenger }), 'success')
        forgetLinkOffer()
      },
      onError: (error) => setProblem(failureText(error)),
    })
  }
  return (
    <Modal open onClose={forgetLinkOffer} title={t('identity.offerTitle', { messenger })} describedBy={textId}>
      <div className="stack">
        <p id={textId}>{t('identity.offerText', { messenger })}</p>
        {problem && <p className="notice notice--error" role="alert">{problem}</p>}
        <div className="button-row">
          <Button type="button" variant="secondary" onClick={notNow}>{t('identity.notNow')}</Button>
          <Button type="button" pending={link.isPending} onClick={confirm}>{t('identity.link', { messenger })}</Button>
        </div>
      </div>
    </Modal>
  )
}
