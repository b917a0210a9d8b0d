// The bell (issue 50): the unread count on the top bar; tapped, the member's last 50 events of
// money (NotificationsModal, a chunk of its own), each opening the screen that shows it. This is the
// record a messenger's message points to.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import type { MemberNotification } from '../../../contract'
import { screenOf } from '../../../contract/lib/notificationScreen'
import { BellIcon } from '../../ui/icons'
import { retryableLazy } from '../../ui/retryableLazy'
import { readUpTo, useAfterWallet, useMarkRead, useNotifications } from './api'
import { useLineFriendship, useMessageLanguage } from '../../api/notifyChannels'
import { usePlatform } from '../../platform'
import './bell.css'

const NotificationsModal = retryableLazy(() => import('./NotificationsModal'))

/** A count this large or more shows as "99+". */
const MOST_SHOWN = 99

/**
 * The bell on the top bar. Opening it lists the events and marks them read on the server (also
 * when they arrive after it opened); the new ones keep their mark until the list closes.
 */
export function Bell() {
  const { t, i18n } = useTranslation()
  const [, navigate] = useLocation()
  const client = useQueryClient()
  const [open, setOpen] = useState(false)
  const afterWallet = useAfterWallet()
  const list = useNotifications({ paused: open, afterWallet })
  useMessageLanguage(i18n.language, afterWallet)
  const { platform, ready } = usePlatform()
  useLineFriendship(ready ? platform.friendship : null, afterWallet)
  const markRead = useMarkRead()
  const unread = list.data?.unread ?? 0
  const newest = list.data?.notifications[0]?.id
  const { mutate, isIdle, isSuccess, reset } = markRead
  // Once per opening, and again if more came while it was open; a failure waits for the next opening.
  const marked = isSuccess ? markRead.variables : undefined
  useEffect(() => {
    if (open && unread > 0 && newest && (isIdle || (isSuccess && marked !== newest))) mutate(newest)
  }, [open, unread, newest, isIdle, isSuccess, marked, mutate])

  const close = () => {
    setOpen(false)
    if (marked) readUpTo(client, marked)
    reset()
  }
  const openScreen = (notification: MemberNotification) => {
    close()
    navigate(screenOf(notification))
  }

  return (
    <>
      <button type="button" className="icon-button bell" aria-haspopup="dialog" onClick={() => setOpen(true)}
        aria-label={unread > 0 ? t('notifications.openUnread', { count: unread }) : t('notifications.open')}>
        <BellIcon />
        {unread > 0 && <span className="bell__count" aria-hidden="true">{unread > MOST_SHOWN ? `${MOST_SHOWN}+` : unread}</span>}
      </button>
      {open && <NotificationsModal list={list.data} failed={list.isError} onClose={close} onOpen={openScreen} />}
    </>
  )
}
