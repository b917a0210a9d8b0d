// The chat inbox's server state: the conversations (waiting, or every open one; read again every
// minute besides live events), one conversation's messages, and a reply or an end of session that
// mark the inbox and that conversation stale once settled.
import { useQuery } from '@tanstack/react-query'
import { type EndSession, opsEndpoints, type OpsChatReply } from '../../../contract/ops'
import { call } from '../../api/call'
import { QUEUE_REFRESH_MS, useChangeOf } from '../../api/queryClient'

export type InboxState = 'waiting' | 'open'

export const chatKeys = {
  all: ['chat'] as const,
  inbox: (state: InboxState) => [...chatKeys.all, 'inbox', state] as const,
  conversation: (id: string) => [...chatKeys.all, 'conversation', id] as const,
}

export const useInbox = (state: InboxState) =>
  useQuery({ queryKey: chatKeys.inbox(state), queryFn: () => call(opsEndpoints.inbox, { query: { state } }), refetchInterval: QUEUE_REFRESH_MS })

/** The conversation's last 50 messages, newest first. */
export const useConversation = (id: string) =>
  useQuery({ queryKey: chatKeys.conversation(id), queryFn: () => call(opsEndpoints.conversation, { params: { id }, query: { limit: '50' } }) })

export const useReply = (id: string) => useChangeOf(chatKeys.all, (body: OpsChatReply) => call(opsEndpoints.reply, { params: { id }, body }))
export const useEndSession = (id: string) => useChangeOf(chatKeys.all, (body: EndSession) => call(opsEndpoints.endSession, { params: { id }, body }))
