// The member's unread count (issue 33), with the bubble in its lazy chunk: no page's first load
// carries it.
import { useQuery } from '@tanstack/react-query'
import { call } from '../../api/call'
import { chatUnreadEndpoint } from '../../../contract/chatUnread'
import { chatKeys } from './api'

/**
 * The member's agent messages not yet read, read when the bubble comes and whenever the app comes
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
