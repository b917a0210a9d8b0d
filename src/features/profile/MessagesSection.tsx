import '../../i18n/identityStrings'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import type { ChannelState } from '../../../contract'
import { useChannels, useUpdateChannels } from '../../api/notifyChannels'
import { pushProblemKey, useWebPush } from '../../api/webPush'
import { paths } from '../../../contract/lib/paths'
import { usePlatform } from '../../platform'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'
import { CredentialCard } from '../../ui/CredentialCard'

/**
 * Issue 50 §2, in the profile: the messages of the member's money on each messenger the server
 * writes through, turned off or on again by the player. Where the messenger does not let us write
 * (Telegram: never allowed, refused, or blocked since; LINE: not a friend of the official account),
 * it says so: inside Telegram the app asks Telegram again on the player's tap; for LINE it points
 * to the contact page, where the official account is added.
 */
export default function MessagesSection() {
  const { t } = useTranslation()
  const channels = useChannels()
  // While they load, or if they could not: one card, its skeleton or its retry.
  if (!channels.data) return <CredentialCard title={t('identity.messages.title', { messenger: '' }).trim()} query={channels} rows={undefined} empty="" problem={null} />
  return channels.data.channels.map((state) => (state.channel === 'webpush' ? <PushMessages key="webpush" /> : <ChannelMessages key={state.channel} state={{ ...state, channel: state.channel }} />))
}

/** A card whose state has come (the channels' read answered it). */
const LOADED = { isPending: false, isError: false, error: null, refetch: () => Promise.resolve() } as unknown as Parameters<typeof CredentialCard>[0]['query']

/** This device's notifications (Web Push): on or off for this session; where the browser refuses them, how to allow them. */
function PushMessages() {
  const { t } = useTranslation()
  const push = useWebPush()
  if (!push.available) return null
  const text = push.subscribed ? 'identity.messages.push.onText' : push.denied ? 'identity.messages.push.denied' : 'identity.messages.push.offText'
  const problem = push.problem && push.problem !== 'denied' ? t(pushProblemKey(push.problem)) : null
  return (
    <CredentialCard title={t('identity.messages.push.title')} query={LOADED} rows={undefined} empty="" problem={problem}>
      <p className="muted small">{t(text)}</p>
      {push.subscribed ? (
        <Button type="button" variant="secondary" block pending={push.busy} onClick={() => push.turnOff(() => showToast(t('identity.messages.push.off'), 'success'))}>
          {t('identity.messages.turnOff')}
        </Button>
      ) : !push.denied && (
        <Button type="button" block pending={push.busy} onClick={() => push.turnOn(() => showToast(t('identity.messages.push.on'), 'success'))}>
          {t('identity.messages.push.turnOn')}
        </Button>
      )}
    </CredentialCard>
  )
}

function ChannelMessages({ state }: { state: ChannelState & { channel: 'telegram' | 'line' } }) {
  const { t } = useTranslation()
  const { platform, ready } = usePlatform()
  const update = useUpdateChannels()
  const [problem, setProblem] = useState<string | null>(null)
  const [asking, setAsking] = useState(false)
  const messenger = t(`common.messenger.${state.channel}`)
  const writeAccess = state.channel === 'telegram' && ready && platform.kind === 'telegram' ? platform.writeAccess : null

  const change = (channelUpdate: { on?: boolean; allowed?: boolean }, done: string) => {
    setProblem(null)
    update.mutate({ [state.channel]: channelUpdate }, {
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

  const mayWrite = state.allowed === true && !state.blocked
  let text: string
  if (!state.linked) text = t('identity.messages.notLinked', { messenger })
  else if (state.channel === 'line' && !mayWrite) text = t('identity.messages.notFriend')
  else if (state.blocked) text = t('identity.messages.blocked')
  else if (!mayWrite) text = t('identity.messages.notAllowed')
  else text = t(state.on ? 'identity.messages.onText' : 'identity.messages.offText', { messenger })
  const turned = state.on ? 'identity.messages.turnedOff' : 'identity.messages.turnedOn'
  return (
    <CredentialCard title={t('identity.messages.title', { messenger })} query={LOADED} rows={undefined} empty="" problem={problem}>
      <p className="muted small">{text}</p>
      {state.linked && !mayWrite && writeAccess && (
        <Button type="button" block pending={asking || update.isPending} onClick={allow}>{t('identity.messages.allow')}</Button>
      )}
      {state.linked && !mayWrite && state.channel === 'line' && (
        <Link className="button button--secondary button--block" href={paths.member.contact}>{t('identity.messages.openContact')}</Link>
      )}
      {state.linked && mayWrite && (
        <Button type="button" variant={state.on ? 'secondary' : 'primary'} block pending={update.isPending}
          onClick={() => change({ on: !state.on }, t(turned, { messenger }))}>
          {t(state.on ? 'identity.messages.turnOff' : 'identity.messages.turnOn')}
        </Button>
      )}
    </CredentialCard>
  )
}
