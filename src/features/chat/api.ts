// The chat's queries (spec 7 "Chat"): the widget flag, the member's unread count. The conversation itself comes over the
// socket (chatClient.ts), not through the query cache.
import { useQuery } from '@tanstack/react-query'
import { call } from '../../api/call'
import { getConfig } from '../../api/config'
import { chatUnreadEndpoint } from '../../api/contract/chatUnread'
import { publicLookupEndpoints } from '../../api/contract/lookup'

export const chatKeys = {
  all: ['chat'] as const,
  enabled: () => [...chatKeys.all, 'enabled'] as const,
  unread: () => [...chatKeys.all, 'unread'] as const,
}

/** Spec 7: the widget flag is asked only when a chat backend is configured. */
export function useChatEnabled(): boolean {
  const backend = !!getConfig().chat
  const flag = useQuery({
    queryKey: chatKeys.enabled(),
    queryFn: () => call(publicLookupEndpoints.enableChatWidget, { background: true }),
    enabled: backend,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  })
  return backend && flag.data?.enableChatWidget === true
}

/**
 * Issue 33: the member's agent messages not yet read, read at start and whenever the app comes
 * back into view, so an agent's message to a member who never opened the chat shows on the bubble
 * without loading the chat. An operator's API without the call (404) shows nothing.
 */
export function useChatUnread(enabled: boolean): number {
  const unread = useQuery({
    queryKey: chatKeys.unread(),
    queryFn: () => call(chatUnreadEndpoint, { background: true }),
    enabled,
    staleTime: 0,
    refetchOnWindowFocus: true,
    retry: false,
    meta: { silent: true },
  })
  return enabled ? Math.max(0, Number(unread.data?.count) || 0) : 0
}
