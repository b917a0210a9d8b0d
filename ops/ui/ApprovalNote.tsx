// A first person's decision waiting for a second (issue 47, the four-eyes rule): whose it is, what
// they decided, and, for anyone else, the one tap that confirms exactly that. The first person
// reads that it waits for someone else.
import type { Approval, Staff } from '../../contract/ops'
import { money, when } from '../lib/format'
import { say } from '../lib/i18n'

export function ApprovalNote({ approval, me, pending, onConfirm }: { approval: Approval; me: Staff; pending: boolean; onConfirm: () => void }) {
  const mine = approval.by.id === me.id
  const what = money(approval.amount, approval.currency)
  return (
    <div className="approval" role="note">
      <p>
        <strong>{say('awaitingSecondShort')}</strong>{' '}
        {say('approvedFirstBy', { name: mine ? say('you') : approval.by.username, amount: what, when: when(approval.at) })}
        {approval.reference && <> · <code>{approval.reference}</code></>}
      </p>
      {mine
        ? <p className="muted">{say('awaitingSomeoneElse')}</p>
        : <button type="button" disabled={pending} aria-busy={pending || undefined} onClick={onConfirm}>{say('confirmSecond', { amount: what })}</button>}
    </div>
  )
}
