// The messengers the server writes to the member through (issue 50 §2): the member's side of each
// (linked, allowed, turned off, blocked), the app's language for the messages' text, and the
// answer to Telegram's write-access request.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { call } from './call'
import { getConfig } from './config'
import type { ChannelState, MessageChannel, NotificationChannels, NotificationChannelsUpdate } from '../../contract'
import { notificationEndpoints } from '../../contract/notifications'
import { shownInline } from './queryClient'
import { isLanguage } from '../../contract/lib/language'
import type { Friendship } from '../platform/types'

/** Under the bell's key (features/notifications): ['notifications', 'channels']. */
export const channelKeys = {
  all: ['notifications', 'channels'] as const,
  channels: () => [...channelKeys.all] as const,
}

/** The messengers the server writes through (its settings, in the runtime config). */
export const messageChannels = (): readonly MessageChannel[] => getConfig().messages ?? []

/** The member's channels; nothing asked where the server writes through none. */
export const useChannels = (enabled = true) =>
  useQuery({ queryKey: channelKeys.channels(), queryFn: () => call(notificationEndpoints.channels), enabled: enabled && messageChannels().length > 0, ...shownInline })

/** A change of the member's channels: each answer is the channels as they are now, and replaces the cached ones. */
export function useChannelsChange<Variables = void>(change: (variables: Variables) => Promise<NotificationChannels>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: change,
    meta: { handlesError: true },
    onSuccess: (answer) => client.setQueryData<NotificationChannels>(channelKeys.channels(), answer),
  })
}

export const useUpdateChannels = () =>
  useChannelsChange((update: NotificationChannelsUpdate) => call(notificationEndpoints.updateChannels, { body: update }))

export const channelOf = (channels: NotificationChannels | undefined, channel: MessageChannel): ChannelState | undefined =>
  channels?.channels.find((state) => state.channel === channel)

export const telegramOf = (channels: NotificationChannels | undefined): ChannelState | undefined => channelOf(channels, 'telegram')

/** Telegram may be asked to let the bot write: linked, on, and neither allowed nor refused yet (asked once). */
export const mayAskTelegram = (state: ChannelState | undefined): boolean =>
  Boolean(state?.linked && state.on && state.allowed === null)

/**
 * The messages are written in the app's language: the server is told it whenever it has another
 * and a channel is linked (a failure is not asked again for the same language until the next start).
 */
export function useMessageLanguage(language: string, enabled: boolean): void {
  const channels = useChannels(enabled)
  const { mutate, isPending, isError, variables } = useUpdateChannels()
  const linked = channels.data?.channels.some((channel) => channel.linked) ?? false
  const stored = channels.data?.language
  const failed = isError && variables?.language === language
  useEffect(() => {
    if (!linked || isPending || failed || !isLanguage(language) || stored === language) return
    mutate({ language })
  }, [linked, isPending, failed, language, stored, mutate])
}

/**
 * LINE pushes only to a friend of the official account (issue 50): once per start, where LINE is
 * linked, the app reads the friendship from LIFF and tells the server when it says otherwise (a
 * player who added the account, or blocked it since).
 */
export function useLineFriendship(friendship: Friendship | null, enabled: boolean): void {
  const channels = useChannels(enabled && friendship !== null)
  const { mutate } = useUpdateChannels()
  const read = useRef(false)
  const line = channels.data?.channels.find((channel) => channel.channel === 'line')
  useEffect(() => {
    if (!friendship || !line?.linked || read.current) return
    read.current = true
    void friendship.status().then((friend) => {
      if (friend !== null && friend !== line.allowed) mutate({ line: { allowed: friend } })
    })
  }, [friendship, line, mutate])
}
