// The bell's queries (issue 50): what the member was told of their money, and the list marked read.
import { type QueryClient, useIsFetching, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { call } from '../../api/call'
import type { Notifications } from '../../../contract'
import { notificationEndpoints } from '../../../contract/notifications'
import { walletKeys } from '../../api/wallet'

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
}

/** How often an open app asks again while it is in view: a slip staff approve shows within this. */
const POLL_MS = 30_000

/**
 * The newest events and the unread count: read with the shell, again whenever the app comes back
 * into view and every half minute while it is in view. A failed read shows nothing new rather than
 * an error: the bell is a record, the screens that moved the money say their own outcome. It waits
 * while the wallet is being read: on a weak connection the balance paints first (its read shared the
 * line with this one and came 1.3 s later on a cold home).
 */
export function useNotifications({ paused = false, afterWallet = true } = {}) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => call(notificationEndpoints.list, { background: true }),
    enabled: afterWallet,
    staleTime: 0,
    refetchOnWindowFocus: true,
    // Not while the list is open: its rows keep their new marks until it closes.
    refetchInterval: paused ? false : POLL_MS,
    meta: { silent: true },
  })
}

/**
 * False while the wallet is being read. The bell (on the top bar) renders before the screen that
 * reads the wallet, so the first render cannot know yet: it waits for the commit, after which every
 * query of the screen has started.
 */
export function useAfterWallet(): boolean {
  const [committed, setCommitted] = useState(false)
  useEffect(() => {
    // After the commit's effects have all run (a screen's queries start in theirs).
    let current = true
    queueMicrotask(() => current && setCommitted(true))
    return () => {
      current = false
    }
  }, [])
  const walletReading = useIsFetching({ queryKey: walletKeys.detail() }) > 0
  return committed && !walletReading
}

/**
 * Marks the list read up to `upTo`; the cache takes the answer's count at once, and the rows keep
 * their new mark while the list is open (readUpTo takes it off once it closes).
 */
export function useMarkRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (upTo: string) => call(notificationEndpoints.read, { body: { upTo }, background: true }),
    // Not marked (offline, say): the count stays and the next opening marks them. Nothing to say.
    meta: { handlesError: true },
    onSuccess: ({ unread }) => {
      client.setQueryData<Notifications>(notificationKeys.list(), (list) => list && { ...list, unread })
    },
  })
}

/** The rows up to `upTo` are read in the cache too (the server has them so). */
export function readUpTo(client: QueryClient, upTo: string): void {
  client.setQueryData<Notifications>(notificationKeys.list(), (list) => list && {
    ...list,
    notifications: list.notifications.map((notification) => (BigInt(notification.id) <= BigInt(upTo) ? { ...notification, read: true } : notification)),
  })
}
