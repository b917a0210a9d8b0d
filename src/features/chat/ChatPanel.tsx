// The chat itself (spec 2 "Chat widget", spec 4 "Chat"): the invite and the history, ten at a
// time with the next page on scrolling to the top, the 'End Conversation' divider, the new-message
// notice while the player is scrolled up, the read mark, and the composer. Loaded lazily.
import { type ChangeEvent, type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { CHAT_TEXT_MAX } from '../../../contract/chat'
import { Modal } from '../../ui/Modal'
import { AttachIcon, RefreshIcon } from '../../ui/icons'
import type { ChatIdentity } from './badge'
import { chat, loadOlder, markRead, refreshChat, removeMessage, resend, sendFile, sendPostback, sendText, startChat, type ShownItem } from './chatClient'
import { ATTACHMENT_ACCEPT, checkAttachment, checkText, COUNTER_FROM, MARK_READ_DELAY_MS, textLength, timeline } from './logic'
import { type MessageActions, MessageView } from './MessageView'
import './chat.css'
import { Skeleton } from '../../ui/Loader'

const actions: MessageActions = { sendText, sendPostback, resend, remove: removeMessage }

/** Within this many pixels of the end counts as at the bottom. */
const BOTTOM_SLACK = 48
/** Within this many pixels of the top loads the next page. */
const TOP_SLACK = 24

function Composer() {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [fileError, setFileError] = useState('')
  const fileInput = useRef<HTMLInputElement>(null)
  const field = useRef<HTMLTextAreaElement>(null)
  const length = textLength(text)
  const problem = checkText(text)
  const counterId = 'chat-counter'

  const send = () => {
    if (problem) return
    sendText(text.trim())
    setText('')
    // Back in the field for the next message: Send, now disabled, would have given the focus to the page.
    field.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends (spec 5); Shift+Enter is a new line; an IME still composing (Thai, Lao) keeps its Enter.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const check = checkAttachment(file)
    if (!check.ok) {
      setFileError(check.error === 'tooLarge' ? t('chat.fileTooLarge', { size: check.maxMb }) : t('chat.fileNotSupported'))
      return
    }
    setFileError('')
    sendFile(file, check.kind)
  }

  return (
    <form className="chat-composer" onSubmit={(event) => { event.preventDefault(); send() }}>
      {fileError && <p className="chat-composer__error" role="alert">{fileError}</p>}
      {problem === 'tooLong' && <p className="chat-composer__error" role="alert">{t('chat.tooLong', { max: CHAT_TEXT_MAX })}</p>}
      <div className="chat-composer__row">
        <input ref={fileInput} type="file" accept={ATTACHMENT_ACCEPT} className="visually-hidden" tabIndex={-1} aria-hidden="true"
          onChange={onFile} data-testid="chat-file" />
        <button type="button" className="icon-button chat-composer__attach" aria-label={t('chat.attach')} onClick={() => fileInput.current?.click()}>
          <AttachIcon />
        </button>
        <textarea ref={field} className="chat-composer__input" rows={1} value={text} placeholder={t('chat.placeholder')} aria-label={t('chat.placeholder')}
          aria-describedby={length >= COUNTER_FROM ? counterId : undefined} aria-invalid={problem === 'tooLong' || undefined}
          onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} enterKeyHint="send" />
        {/* A press keeps the focus in the field: a phone's keyboard stays up for the next message. */}
        <button type="submit" className="button button--primary chat-composer__send" disabled={problem !== null} onMouseDown={(event) => event.preventDefault()}>
          {t('chat.send')}
        </button>
      </div>
      {length >= COUNTER_FROM && (
        <p id={counterId} className={`chat-composer__counter${length > CHAT_TEXT_MAX ? ' chat-composer__counter--over' : ''}`} aria-live="polite">
          {t('chat.counter', { count: length, max: CHAT_TEXT_MAX })}
        </p>
      )}
    </form>
  )
}

export default function ChatPanel({ identity, onClose }: { identity: ChatIdentity; onClose: () => void }) {
  const { t } = useTranslation()
  const snap = useSnapshot(chat)
  const log = useRef<HTMLDivElement>(null)
  const fromBottom = useRef<number | null>(null)
  const lastTop = useRef(0)
  const identityKey = identity.kind === 'guest' ? identity.guestId : identity.userId
  const entries = useMemo(() => timeline(snap.items as ShownItem[]), [snap.items])
  const firstId = snap.items[0]?._id
  const lastId = snap.items.at(-1)?._id
  const lastItem = snap.items.at(-1)

  useEffect(() => {
    startChat(identity)
    // The identity object is new each render; its id decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [identityKey])

  // Opened (again): at the newest message, nothing counted as unseen from an earlier look.
  useLayoutEffect(() => {
    chat.atBottom = true
    chat.unseen = 0
    const element = log.current
    if (element) element.scrollTop = element.scrollHeight
    lastTop.current = element?.scrollTop ?? 0
  }, [])

  // A page prepended keeps what the player was looking at where it was (no jump).
  useLayoutEffect(() => {
    const element = log.current
    if (!element || fromBottom.current === null) return
    element.scrollTop = element.scrollHeight - fromBottom.current
    fromBottom.current = null
  }, [firstId])

  // Something new at the end: followed when the player is at the bottom or wrote it.
  useLayoutEffect(() => {
    const element = log.current
    if (!element) return
    if (chat.atBottom || lastItem?.sender === 'customer') {
      element.scrollTop = element.scrollHeight
      chat.unseen = 0
    }
  }, [lastId, lastItem?.sender, snap.loading])

  // Content that grows after it showed (a picture decoded, a line wrapped anew) keeps a player who
  // was at the bottom there.
  useEffect(() => {
    const element = log.current
    const list = element?.querySelector('.chat__list')
    if (!element || !list || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (chat.atBottom) element.scrollTop = element.scrollHeight
    })
    observer.observe(list)
    // The log itself shrinks when the composer grows (a long message, an error line).
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  // Spec 7: the read mark about 1 s after the history changed.
  useEffect(() => {
    if (snap.loading) return
    const timer = window.setTimeout(markRead, MARK_READ_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [lastId, snap.loading])

  const older = () => {
    const element = log.current
    if (!element || !chat.hasMore || chat.loadingOlder) return
    fromBottom.current = element.scrollHeight - element.scrollTop
    void loadOlder().then(() => {
      // Nothing prepended (a failure): the next scroll measures afresh.
      if (chat.items[0]?._id === firstId) fromBottom.current = null
    })
  }

  // A first page too short to scroll cannot be scrolled to the top: the next page comes by itself.
  useEffect(() => {
    const element = log.current
    if (element && !snap.loading && snap.hasMore && !snap.olderFailed && element.scrollHeight <= element.clientHeight) older()
  })

  const onScroll = () => {
    const element = log.current
    if (!element) return
    // At the bottom when near it; away from it only when the player moved up. Content that grew
    // under a player at the bottom (a picture decoded) moves no scrollTop and changes nothing.
    const nearBottom = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK
    const movedUp = element.scrollTop < lastTop.current - 1
    lastTop.current = element.scrollTop
    const atBottom = nearBottom || (chat.atBottom && !movedUp)
    if (atBottom !== chat.atBottom) chat.atBottom = atBottom
    if (atBottom && chat.unseen) chat.unseen = 0
    if (element.scrollTop <= TOP_SLACK) older()
  }

  const toBottom = () => {
    const element = log.current
    if (element) element.scrollTop = element.scrollHeight
    chat.unseen = 0
    chat.atBottom = true
  }

  return (
    <Modal open onClose={onClose} title={t('chat.title')} className="chat-modal">
      <div className="chat">
        <div className="chat__bar">
          <span className={`chat__state${snap.connected ? ' chat__state--on' : ''}`} role="status">
            {snap.connected ? t('chat.online') : t('chat.connecting')}
          </span>
          <button type="button" className="icon-button" aria-label={t('chat.refresh')} onClick={() => refreshChat()}><RefreshIcon /></button>
        </div>
        {/* Over the log, not in it: a line that came and went at its top would move what the player reads. */}
        {snap.loadingOlder && <p className="chat__older" role="status">{t('chat.loadingOlder')}</p>}
        {/* The conversation is a log: what arrives is read out; a page loading says it is busy. */}
        <div ref={log} className="chat__log" onScroll={onScroll} data-testid="chat-log" tabIndex={0} role="log" aria-live="polite"
          aria-relevant="additions" aria-label={t('chat.history')} aria-busy={snap.loading || snap.loadingOlder}>
          {!snap.hasMore && !snap.loading && <p className="chat__invite">{t('chat.invite')}</p>}
          {snap.loading && snap.items.length === 0 && <Skeleton className="chat__skeleton" />}
          {snap.loadFailed && (
            <p className="chat__note" role="alert">
              {t('chat.loadFailed')} <button type="button" className="link-button" onClick={() => refreshChat()}>{t('common.retry')}</button>
            </p>
          )}
          <ol className="chat__list">
            {entries.map((entry) => entry.kind === 'divider'
              ? <li key={entry.key} className="chat-divider"><div role="separator" aria-label={t('chat.endConversation')}><span>{t('chat.endConversation')}</span></div></li>
              : <MessageView key={entry.item.message.deliver?.id ?? entry.item._id} item={entry.item} actions={actions} last={entry.item._id === lastId} signed={entry.signed} />)}
          </ol>
        </div>
        {snap.unseen > 0 && (
          <button type="button" className="chat__new" onClick={toBottom}>
            {snap.unseen === 1 ? t('chat.newOne') : t('chat.newMany', { count: snap.unseen })}
          </button>
        )}
        <Composer />
      </div>
    </Modal>
  )
}
