// The chat's queries (spec 7 "Chat"): the widget flag (the member's unread count: unread.ts). The conversation itself comes over the
// socket (chatClient.ts), not through the query cache.
import { useQuery } from '@tanstack/react-query'
import { call } from '../../api/call'
import { getConfig } from '../../api/config'
import { publicLookupEndpoints } from '../../../contract/lookup'

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

