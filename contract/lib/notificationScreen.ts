// Where an event of the bell is shown (issue 50): the app's bell and the messenger's button open the
// same screen.
import type { MemberNotification } from '..'
import { paths } from './paths'

/** Where the chat opens itself on arrival (features/chat): support's answer. */
export const CHAT_PARAM = 'chat'
/** Where home opens the wheel and its prizes on arrival (features/wallet): a prize about to expire. */
export const SPIN_PARAM = 'spin'

/** A slip or gift link's status sheet; the bonus page for a bonus; the chat for support's answer; the wheel's prizes for one about to expire; else the statement (its movement). */
export function screenOf(notification: Pick<MemberNotification, 'kind' | 'method' | 'reward'>): string {
  if (notification.kind === 'support_answered') return `${paths.member.home}?${CHAT_PARAM}=1`
  if (notification.kind === 'prize_expiring') return `${paths.member.home}?${SPIN_PARAM}=1`
  if (notification.kind === 'reward_received' && notification.reward === 'bonus') return paths.member.bonus
  const upload = notification.method === 'slip' || notification.method === 'truelink'
  return notification.kind === 'deposit_refused' || (notification.kind === 'deposit_credited' && upload)
    ? `${paths.member.statement}?slips=1`
    : paths.member.statement
}
