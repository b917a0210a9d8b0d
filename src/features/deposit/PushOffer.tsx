import '../../i18n/identityStrings'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pushProblemKey, useWebPush } from '../../api/webPush'
import { storageKeys } from '../../lib/storage'
import { Button } from '../../ui/Button'

const declinedBefore = (): boolean => {
  try {
    return localStorage.getItem(storageKeys.pushDeclined) !== null
  } catch {
    return true // storage blocked: "not again" cannot be kept, so not at all
  }
}

const rememberDeclined = (): void => {
  try {
    localStorage.setItem(storageKeys.pushDeclined, new Date().toISOString())
  } catch {
    // Blocked storage: declinedBefore() already says yes.
  }
}

/**
 * Issue 50 §2 in a plain browser or the home-screen app: after a deposit was sent (a slip waiting
 * for staff) or arrived, the offer of a notification on this device when its money moves. The
 * browser's permission is asked only from "Turn on notifications"; "Not now" is kept on this
 * device and never asked again (the profile can turn them on later), nor where the browser refuses
 * them or this session has them already. Where there is nothing to offer, `fallback` shows.
 */
export function PushOffer({ fallback = null }: { fallback?: ReactNode }) {
  const { t } = useTranslation()
  const push = useWebPush()
  const titleId = useId()
  const [outcome, setOutcome] = useState<'on' | 'declined' | null>(null)

  if (!push.available) return fallback
  if (push.loading) return null
  if (outcome === 'on') return <p className="home-offer__added" role="status">{t('identity.messages.push.on')}</p>
  if (outcome === 'declined') return null
  if (push.problem === 'denied') return <p className="home-offer__added" role="status">{t('identity.messages.push.denied')}</p>
  if (!push.busy && !push.problem && (push.subscribed || push.denied || declinedBefore())) return fallback

  const decline = () => {
    rememberDeclined()
    setOutcome('declined')
  }
  return (
    <section className="home-offer" aria-labelledby={titleId}>
      <h3 id={titleId} className="home-offer__title">{t('identity.messages.push.offerTitle')}</h3>
      <p className="home-offer__text">{t('identity.messages.push.offerText')}</p>
      {push.problem && <p className="notice notice--error" role="alert">{t(pushProblemKey(push.problem))}</p>}
      <div className="home-offer__actions">
        <Button type="button" variant="secondary" disabled={push.busy} onClick={decline}>{t('identity.messages.notNow')}</Button>
        <Button type="button" variant="secondary" pending={push.busy} onClick={() => push.turnOn(() => setOutcome('on'))}>{t('identity.messages.push.turnOn')}</Button>
      </div>
    </section>
  )
}
