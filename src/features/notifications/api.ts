// The bell's queries (issue 50): what the member was told of their money, and the list marked read.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/call'
import type { Notifications } from '../../api/contract'
import { notificationEndpoints } from '../../api/contract/notifications'

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
}

/** How often an open app asks again while it is in view: a slip staff approve shows within this. */
const POLL_MS = 30_000

/**
 * The newest events and the unread count: read with the shell, again whenever the app comes back
 * into view and every half minute while it is in view. A failed read shows nothing new rather than
 * an error: the bell is a record, the screens that moved the money say their own outcome.
 */
export function useNotifications({ paused = false } = {}) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => call(notificationEndpoints.list, { background: true }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    // Not while the list is open: its rows keep their new marks until it closes.
    refetchInterval: paused ? false : POLL_MS,
    meta: { silent: true },
  })
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
