import '../../i18n/identityStrings'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePlatform } from '../../platform'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'
import { CredentialCard } from './CredentialCard'
import { telegramOf, useChannels, useUpdateChannels } from '../../api/notifyChannels'

/**
 * Issue 50 §2, in the profile: the messages of the member's money on Telegram, turned off or on
 * again by the player. Where the bot may not write (never allowed, refused, or blocked since), the
 * app inside Telegram asks Telegram again on the player's tap; elsewhere it says where to do it.
 */
export default function MessagesSection() {
  const { t } = useTranslation()
  const { platform, ready } = usePlatform()
  const channels = useChannels()
  const update = useUpdateChannels()
  const [problem, setProblem] = useState<string | null>(null)
  const [asking, setAsking] = useState(false)
  const telegram = telegramOf(channels.data)
  const writeAccess = ready && platform.kind === 'telegram' ? platform.writeAccess : null

  const change = (telegramUpdate: { on?: boolean; allowed?: boolean }, done: string) => {
    setProblem(null)
    update.mutate({ telegram: telegramUpdate }, {
      onSuccess: () => showToast(done, 'success'),
      onError: (error) => setProblem(failureText(error)),
    })
  }
  const allow = () => {
    if (!writeAccess || asking || update.isPending) return
    setProblem(null)
    setAsking(true)
    void writeAccess.request().then((allowed) => {
      setAsking(false)
      if (allowed === null) setProblem(t('identity.messages.noAnswer'))
      else change({ allowed }, t(allowed ? 'identity.messages.allowed' : 'identity.messages.refused'))
    })
  }

  const mayWrite = telegram?.allowed === true && !telegram.blocked
  let text = ''
  if (telegram && !telegram.linked) text = t('identity.messages.notLinked')
  else if (telegram?.blocked) text = t('identity.messages.blocked')
  else if (telegram && !mayWrite) text = t('identity.messages.notAllowed')
  else if (telegram) text = t(telegram.on ? 'identity.messages.onText' : 'identity.messages.offText')
  return (
    <CredentialCard title={t('identity.messages.title')} query={channels} rows={undefined} empty="" problem={problem}>
      {telegram && (
        <>
          <p className="muted small">{text}</p>
          {telegram.linked && !mayWrite && writeAccess && (
            <Button type="button" block pending={asking || update.isPending} onClick={allow}>{t('identity.messages.allow')}</Button>
          )}
          {telegram.linked && mayWrite && (
            <Button
              type="button"
              variant={telegram.on ? 'secondary' : 'primary'}
              block
              pending={update.isPending}
              onClick={() => change({ on: !telegram.on }, t(telegram.on ? 'identity.messages.turnedOff' : 'identity.messages.allowed'))}
            >
              {t(telegram.on ? 'identity.messages.turnOff' : 'identity.messages.turnOn')}
            </Button>
          )}
        </>
      )}
    </CredentialCard>
  )
}
