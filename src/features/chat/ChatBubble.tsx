// Spec 2 "Chat widget": the floating bubble every page of a shell carries when config names a
// chat backend and `enableChatWidget` says so. The bubble is a lazy chunk of its own, fetched once
// the switch says it is on (ChatBubbleSlot); the chat (socket.io-client, the panel) loads when it
// is first opened.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { profileQuery } from '../../api/profile'
import { ensureAllStrings } from '../../i18n/i18n'
import { CHAT_PARAM } from '../../../contract/lib/notificationScreen'
import { ChatIcon } from '../../ui/icons'
import { retryableLazy } from '../../ui/retryableLazy'
import { useAskedByAddress } from '../../ui/useAskedByAddress'
import { chatBadge, type ChatIdentity, hasUnsent, stopLoadedChat, storedGuestId } from './badge'
import { useChatEnabled } from './api'
import { useChatUnread } from './unread'
import { useClearOfControls } from './useClearOfControls'
import './bubble.css'

// The panel's strings are outside the first load's part (i18n.ts), fetched with it.
const loadPanel = () => Promise.all([import('./ChatPanel'), ensureAllStrings()]).then(([module]) => module)
const ChatPanel = retryableLazy(loadPanel)

/** The bubble of the public pages (a guest, by the device's guest id) or of the member shell (by
 *  profile id: nothing until the profile is known). */
export function ChatBubble({ member = false }: { member?: boolean }) {
  const { t } = useTranslation()
  const enabled = useChatEnabled()
  const profile = useQuery({ ...profileQuery(), enabled: enabled && member })
  const userId = member ? (profile.data?.profile._id ?? null) : undefined
  const identity = useMemo<ChatIdentity | undefined>(() => {
    if (!enabled || userId === null) return undefined
    return userId === undefined ? { kind: 'guest', guestId: storedGuestId() } : { kind: 'member', userId }
  }, [enabled, userId])
  const badge = useSnapshot(chatBadge)
  const [open, setOpen] = useState(false)
  // A member's unread count from the server (issue 33): what arrived while the chat was not loaded.
  // Once opened, the chat is loaded and counts what arrives itself (the badge); the server's count
  // would also hold what was shown in the panel before its read mark went.
  const [opened, setOpened] = useState(false)
  const serverUnread = useChatUnread(enabled && member && !!identity && !opened)
  const spot = useRef<HTMLSpanElement>(null)
  const place = useClearOfControls(spot, enabled && !!identity)
  const covering = place === null
  const identityKey = identity && (identity.kind === 'guest' ? identity.guestId : identity.userId)

  // Another identity (signed out, signed in) ends the connection of the one before. Messages
  // written before a reload that never went out go now, without waiting for the panel to open.
  useEffect(() => {
    let gone = false
    if (identity && hasUnsent(identity)) void import('./chatClient').then(({ startChat }) => gone || startChat(identity), () => undefined)
    return () => {
      gone = true
      stopLoadedChat()
    }
    // The identity object is made anew with its id; the id decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [identityKey])
  useEffect(() => {
    chatBadge.open = open
    if (open) chatBadge.unread = 0
  }, [open])
  // Support's answer, opened from the bell or a message (issue 50), arrives as ?chat=1: the chat opens.
  if (useAskedByAddress(CHAT_PARAM, member && identity !== undefined) && !open) {
    setOpen(true)
    setOpened(true)
  }

  if (!enabled || !identity) return null
  const unread = open ? 0 : opened ? badge.unread : Math.max(badge.unread, serverUnread)
  const label = unread > 0 ? t('menu.chatUnread', { count: unread }) : t('menu.chat')
  return (
    <>
      {/* The bubble's place at rest, never moved: where it is judged to fit or not. */}
      <span ref={spot} className="chat-bubble chat-bubble--spot" aria-hidden="true" />
      <button type="button" className={`chat-bubble${covering ? ' chat-bubble--away' : ''}`} aria-label={label}
        style={place && place.rise > 0 ? { translate: `0 -${place.rise}px` } : undefined}
        aria-haspopup="dialog" aria-hidden={covering || undefined} tabIndex={covering ? -1 : undefined}
        onPointerEnter={() => void loadPanel().catch(() => undefined)} onFocus={() => void loadPanel().catch(() => undefined)}
        onClick={() => {
          setOpen(true)
          setOpened(true)
        }} data-testid="chat-bubble">
        <ChatIcon />
        {unread > 0 && <span className="chat-bubble__badge" aria-hidden="true">{unread > 99 ? '99+' : unread}</span>}
      </button>
      {open && <ChatPanel identity={identity} onClose={() => setOpen(false)} />}
    </>
  )
}
