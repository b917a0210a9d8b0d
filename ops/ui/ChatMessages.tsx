// A conversation's messages as staff read them, oldest first: who wrote each (the player, or staff
// with the agent's name) and when, and its text or what kind of message it is. The inbox's
// conversation and the member page's last messages (issue 52 §3) show them alike.
import type { ChatItem } from '../../contract'
import { when } from '../lib/format'
import { say } from '../lib/i18n'

/** A message as staff read it: its text, or what kind of message it is. */
export function messageText(item: ChatItem): string {
  const { message_type: type, payload } = item.message as { message_type: string; payload: unknown }
  if (typeof payload === 'string') return payload
  const text = (payload as { text?: unknown; message?: unknown } | null)?.text ?? (payload as { message?: unknown } | null)?.message
  return typeof text === 'string' && text ? `${text} [${type}]` : `[${type}]`
}

/** `newestFirst`: the messages as the API answers them; shown oldest first. */
export function ChatMessages({ newestFirst }: { newestFirst: readonly ChatItem[] }) {
  return (
    <ol className="messages" aria-label={say('messages')} tabIndex={0}>
      {[...newestFirst].reverse().map((item) => (
        <li key={item._id} className={item.sender === 'customer' ? 'from-player' : 'from-staff'}>
          <span className="muted">{item.sender === 'customer' ? say('player') : item.name ? `${say('staffSide')} (${item.name})` : say('staffSide')} · {when(item.createdAt)}</span>
          <p>{messageText(item)}</p>
        </li>
      ))}
    </ol>
  )
}
