// Web Push on this browser (issue 50 §2), as the deposit's offer and the profile's card use it: the
// browser's permission and subscription (platform/webPush.ts) and the server's copy of it, kept for
// this session. Turned on only from the player's tap; turned off here, or at sign-out.
import { useState } from 'react'
import { usePlatform } from '../platform'
import { call } from './call'
import { getConfig } from './config'
import type { PushSubscriptionRequest } from '../../contract'
import { notificationEndpoints } from '../../contract/notifications'
import { channelOf, messageChannels, useChannels, useChannelsChange } from './notifyChannels'

/** This browser's Web Push: the subscription kept for this session, or taken away. */
export const useSubscribePush = () =>
  useChannelsChange((subscription: PushSubscriptionRequest) => call(notificationEndpoints.subscribePush, { body: subscription }))
export const useUnsubscribePush = () => useChannelsChange(() => call(notificationEndpoints.unsubscribePush))

/** Web Push's key, where the server sends through it. */
export const webPushKey = (): string | null => (messageChannels().includes('webpush') ? (getConfig().vapidPublicKey ?? null) : null)


export type WebPushProblem = 'denied' | 'failed' | 'server'

/** What a problem says, in the player's words. */
export const pushProblemKey = (problem: WebPushProblem): 'identity.messages.push.denied' | 'identity.messages.push.failed' | 'errors.generic' =>
  problem === 'denied' ? 'identity.messages.push.denied' : problem === 'failed' ? 'identity.messages.push.failed' : 'errors.generic'

export function useWebPush() {
  const { platform, ready } = usePlatform()
  const key = webPushKey()
  const webPush = ready && key ? platform.webPush : null
  const channels = useChannels(webPush !== null)
  const subscribe = useSubscribePush()
  const unsubscribe = useUnsubscribePush()
  const [asking, setAsking] = useState(false)
  const [problem, setProblem] = useState<WebPushProblem | null>(null)
  const busy = asking || subscribe.isPending || unsubscribe.isPending

  const turnOn = (onDone?: () => void) => {
    if (!webPush || !key || busy) return
    setProblem(null)
    setAsking(true)
    void webPush.subscribe(key).then((result) => {
      setAsking(false)
      if (result.outcome !== 'subscribed') {
        setProblem(result.outcome)
        return
      }
      subscribe.mutate(result.subscription, { onSuccess: () => onDone?.(), onError: () => setProblem('server') })
    })
  }
  const turnOff = (onDone?: () => void) => {
    if (!webPush || busy) return
    setProblem(null)
    unsubscribe.mutate(undefined, {
      onSuccess: () => {
        void webPush.unsubscribe()
        onDone?.()
      },
      onError: () => setProblem('server'),
    })
  }
  return {
    /** The browser has Web Push and the server sends through it. */
    available: webPush !== null,
    loading: webPush !== null && channels.isPending,
    /** This session has a subscription. */
    subscribed: channelOf(channels.data, 'webpush')?.linked ?? false,
    /** The browser refuses this app its notifications (only its settings can allow them again). */
    denied: webPush?.permission() === 'denied' || problem === 'denied',
    busy,
    problem,
    turnOn,
    turnOff,
  }
}
