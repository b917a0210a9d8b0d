// Where an event of the bell is shown (issue 50): the app's bell and the messenger's button open the
// same screen.
import type { MemberNotification } from '../api/contract'
import { paths } from './paths'

/** A slip or gift link's status sheet, else the statement (its movement). */
export function screenOf(notification: Pick<MemberNotification, 'kind' | 'method'>): string {
  const upload = notification.method === 'slip' || notification.method === 'truelink'
  return notification.kind === 'deposit_refused' || (notification.kind === 'deposit_credited' && upload)
    ? `${paths.member.statement}?slips=1`
    : paths.member.statement
}
