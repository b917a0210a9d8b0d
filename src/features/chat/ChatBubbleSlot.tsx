// Where a shell's chat bubble goes: nothing until the chat is on (config names a backend and the
// operator's switch says so), then the bubble, fetched as a chunk of its own. A page of an operator
// without the chat never downloads it, and no page's first load carries it.
import { lazy, Suspense } from 'react'
import { useChatEnabled } from './api'

// A bubble that cannot arrive (offline) is left out, never the screen's error: the next page tries again.
const ChatBubble = lazy(() => import('./ChatBubble').then(({ ChatBubble: Bubble }) => ({ default: Bubble }), () => ({ default: () => null })))

export function ChatBubbleSlot({ member = false }: { member?: boolean }) {
  const enabled = useChatEnabled()
  if (!enabled) return null
  return <Suspense fallback={null}><ChatBubble member={member} /></Suspense>
}
