import '../../i18n/identityStrings'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePlatform } from '../../platform'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'
import { mayAskTelegram, messageChannels, telegramOf, useChannels, useUpdateChannels } from '../../api/notifyChannels'

/**
 * Issue 50 §2, after a deposit arrived inside Telegram: the bot may tell the player of their money
 * only where they let it write. Offered once: Telegram's own dialog on "Allow messages"; "Not now"
 * is kept as a refusal, and neither is asked again (the profile can allow them later). Where there
 * is nothing to ask, `fallback` shows instead (the home-screen offer), never both on one receipt.
 */
export function MessagesOffer({ fallback }: { fallback: ReactNode }) {
  const { t } = useTranslation()
  const { platform, ready } = usePlatform()
  const titleId = useId()
  const writeAccess = ready && platform.kind === 'telegram' && messageChannels().includes('telegram') ? platform.writeAccess : null
  const channels = useChannels(writeAccess !== null)
  const update = useUpdateChannels()
  const [outcome, setOutcome] = useState<'asking' | 'allowed' | 'refused' | 'noAnswer' | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  if (!writeAccess) return fallback
  // Still reading: nothing yet, so that the receipt does not show one offer and swap it for another.
  if (channels.isPending) return null
  if (outcome === 'allowed' || outcome === 'refused') return <p className="home-offer__added" role="status">{t(`identity.messages.${outcome}`)}</p>
  if (!outcome && !mayAskTelegram(telegramOf(channels.data))) return fallback

  const answer = (allowed: boolean) => {
    update.mutate({ telegram: { allowed } }, {
      onSuccess: () => setOutcome(allowed ? 'allowed' : 'refused'),
      onError: (error) => {
        setOutcome(null)
        setProblem(failureText(error))
      },
    })
  }
  const allow = () => {
    if (outcome === 'asking' || update.isPending) return
    setProblem(null)
    setOutcome('asking')
    void writeAccess.request().then((allowed) => {
      if (allowed === null) setOutcome('noAnswer')
      else answer(allowed)
    })
  }
  const busy = outcome === 'asking' || update.isPending
  return (
    <section className="home-offer" aria-labelledby={titleId}>
      <h3 id={titleId} className="home-offer__title">{t('identity.messages.offerTitle')}</h3>
      <p className="home-offer__text">{t('identity.messages.offerText')}</p>
      {outcome === 'noAnswer' && <p className="home-offer__text" role="status">{t('identity.messages.noAnswer')}</p>}
      {problem && <p className="notice notice--error" role="alert">{problem}</p>}
      <div className="home-offer__actions">
        <Button type="button" variant="secondary" disabled={busy} onClick={() => answer(false)}>{t('identity.messages.notNow')}</Button>
        <Button type="button" variant="secondary" pending={busy} onClick={allow}>{t('identity.messages.allow')}</Button>
      </div>
    </section>
  )
}
