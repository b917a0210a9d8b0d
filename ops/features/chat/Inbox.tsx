// The chat inbox (support): conversations waiting for staff (the player spoke last), newest first,
// or every open one; one opened shows its messages, a reply box and the end of its session. Live:
// a player's message reads the inbox again (live.ts).
import { useId, useState, type FormEvent } from 'react'
import type { Conversation } from '../../../contract/ops'
import { when } from '../../lib/format'
import { say } from '../../lib/i18n'
import { ChatMessages, messageText } from '../../ui/ChatMessages'
import { CsvButton } from '../../ui/CsvButton'
import { ListState } from '../../ui/ListState'
import { PickList } from '../../ui/PickList'
import { type InboxState, useConversation, useEndSession, useInbox, useReply } from './api'
import { failureText } from '../../api/queryClient'

type Notify = (text: string, kind?: 'ok' | 'error') => void

const who = (conversation: Conversation) => conversation.member ? `${conversation.member.name} · ${conversation.member.phone}` : say('guest')

export function Inbox({ notify }: { notify: Notify }) {
  const [state, setState] = useState<InboxState>('waiting')
  const inbox = useInbox(state)
  const [open, setOpen] = useState<string>()
  const conversations = inbox.data?.conversations ?? []
  return (
    <section aria-labelledby="inbox-title" className="queue">
      <h2 id="inbox-title">{say('inbox')} {inbox.data && <span className="count">({conversations.length})</span>}</h2>
      <label className="inline">
        {say('show')}{' '}
        <select value={state} onChange={(event) => setState(event.target.value as InboxState)}>
          <option value="waiting">{say('inboxWaiting')}</option>
          <option value="open">{say('inboxOpen')}</option>
        </select>
      </label>
      <CsvButton file="conversations.csv" disabled={conversations.length === 0} rows={() => [
        [say('col_id'), say('member'), say('col_phone'), say('col_waiting'), say('col_lastMessage'), say('when')],
        ...conversations.map((conversation) => [conversation.id, conversation.member?.name ?? say('guest'), conversation.member?.phone ?? '', conversation.waiting ? 1 : 0,
          conversation.lastMessage ? messageText(conversation.lastMessage) : '', conversation.lastMessage?.createdAt ?? '']),
      ]} />
      <ListState loaded={inbox} empty={say('emptyInbox')} isEmpty={conversations.length === 0} />
      <div className="split">
        <PickList items={conversations} keyOf={(conversation) => conversation.id} open={open} onOpen={setOpen}>
          {(conversation) => (
            <>
              <strong>{who(conversation)}</strong>
              {conversation.lastMessage && <span>{messageText(conversation.lastMessage)}</span>}
              <span className="muted">{conversation.waiting ? say('inboxWaiting') : ''}{conversation.lastMessage ? ` · ${when(conversation.lastMessage.createdAt)}` : ''}</span>
            </>
          )}
        </PickList>
        {open && <ConversationView key={open} id={open} notify={notify} />}
      </div>
    </section>
  )
}

function ConversationView({ id, notify }: { id: string; notify: Notify }) {
  const page = useConversation(id)
  const replying = useReply(id)
  const ending = useEndSession(id)
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const pending = replying.isPending || ending.isPending
  const replyId = useId()
  const conversation = page.data?.conversation

  const act = async (work: () => Promise<unknown>, done?: string) => {
    if (pending) return
    setError(undefined)
    try {
      await work()
      if (done) notify(done)
    } catch (failure) {
      setError(failureText(failure))
    }
  }
  const reply = (event: FormEvent) => {
    event.preventDefault()
    if (!text.trim()) return setError(say('error_KEY_MISSING'))
    void act(async () => {
      await replying.mutateAsync({ message: { message_type: 'text', payload: text.trim() } })
      setText('')
    })
  }

  return (
    <article className="detail" aria-label={conversation ? who(conversation) : say('loading')}>
      {page.error && <p className="error" role="alert">{failureText(page.error)}</p>}
      {conversation && <h3>{who(conversation)}</h3>}
      <ChatMessages newestFirst={page.data?.messages ?? []} />
      {error && <p className="error" role="alert">{error}</p>}
      <form onSubmit={reply} className="decision">
        <label htmlFor={replyId}>{say('reply')}</label>
        <textarea id={replyId} rows={3} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit" disabled={pending} aria-busy={pending || undefined}>{say('send')}</button>
      </form>
      {conversation?.lastMessage && (
        <button type="button" className="danger small" disabled={pending}
          onClick={() => void act(() => ending.mutateAsync({ sessionId: conversation.sessionId }), say('sessionEnded'))}>
          {say('endConversation')}
        </button>
      )}
    </article>
  )
}
