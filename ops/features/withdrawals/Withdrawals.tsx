// The cashier's withdrawal queue: withdrawals waiting, oldest first, each with the whole account to
// pay; paid with the bank's transfer reference, or failed with the reason (the money goes back to
// the member's wallet). One another cashier settled first says so and leaves the queue; one that
// leaves while this cashier was filling it in says so too, as an error (they may be paying it at
// the bank that moment). A payout above the admin's threshold waits for a second person (issue
// 47), who confirms it in one tap.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { QueuedWithdrawal, Staff, WithdrawalDecision } from '../../../contract/ops'
import { ApprovalNote } from '../../ui/ApprovalNote'
import { OpsError } from '../../api/call'
import { money, when } from '../../lib/format'
import { say } from '../../lib/i18n'
import { ListState } from '../../ui/ListState'
import { useDecideWithdrawal, useWithdrawalQueue } from './api'
import { CsvButton } from '../../ui/CsvButton'

type Notify = (text: string, kind?: 'ok' | 'error') => void

export function Withdrawals({ notify, me }: { notify: Notify; me: Staff }) {
  const queue = useWithdrawalQueue()
  const withdrawals = queue.data?.withdrawals ?? []
  const settled = (text: string, kind: 'ok' | 'error' = 'ok') => notify(text, kind)
  // The cards this cashier has typed into and not settled: one that leaves the queue was settled elsewhere.
  const drafts = useRef(new Set<string>())
  const draft = useCallback((id: string, typing: boolean) => void (typing ? drafts.current.add(id) : drafts.current.delete(id)), [])
  useEffect(() => {
    if (!queue.data) return
    const waiting = new Set(queue.data.withdrawals.map((withdrawal) => withdrawal.id))
    for (const id of drafts.current) {
      if (waiting.has(id)) continue
      drafts.current.delete(id)
      notify(say('settledElsewhere', { id }), 'error')
    }
  }, [queue.data, notify])
  return (
    <section aria-labelledby="withdrawals-title" className="queue">
      <h2 id="withdrawals-title">{say('withdrawals')} {queue.data && <span className="count">({withdrawals.length})</span>}</h2>
      <CsvButton file="withdrawals.csv" disabled={withdrawals.length === 0} rows={() => [
        [say('col_id'), say('sentAt'), say('member'), say('col_phone'), say('col_currency'), say('amountOnly'), say('col_status'), say('col_bank'), say('col_accountName'), say('col_accountNo')],
        ...withdrawals.map((row) => [row.id, row.createdAt, row.member.name, row.member.phone, row.currency, row.amount.toFixed(2), row.status, row.destination.bankCode, row.destination.bankAccountName, row.destination.bankAccountNo]),
      ]} />
      <ListState loaded={queue} empty={say('emptyWithdrawals')} isEmpty={withdrawals.length === 0} />
      <ul className="cards">
        {withdrawals.map((withdrawal) => <li key={`${withdrawal.id}:${withdrawal.approval?.at ?? ''}`}><WithdrawalCard withdrawal={withdrawal} me={me} onSettled={settled} onDraft={draft} /></li>)}
      </ul>
    </section>
  )
}

function WithdrawalCard({ withdrawal, me, onSettled, onDraft }: {
  withdrawal: QueuedWithdrawal
  me: Staff
  onSettled: (text: string, kind?: 'ok' | 'error') => void
  /** Whether the cashier has something typed into this card, not yet settled. */
  onDraft: (id: string, typing: boolean) => void
}) {
  const [reference, setReference] = useState('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const decision = useDecideWithdrawal(withdrawal.id)
  const pending = decision.isPending
  const ids = { reference: useId(), reason: useId() }
  const { destination } = withdrawal
  // Typed into and not settled: derived from the two fields, told to the queue as it changes.
  const typing = reference.trim() !== '' || reason.trim() !== ''
  useEffect(() => onDraft(withdrawal.id, typing), [onDraft, withdrawal.id, typing])

  const settle = async (body: WithdrawalDecision) => {
    if (decision.isPending) return
    setError(undefined)
    try {
      const answer = await decision.mutateAsync(body)
      // Decided here: its leaving the queue later (a second person's confirmation) is no surprise.
      onDraft(withdrawal.id, false)
      if ('awaitingSecond' in answer) return onSettled(say('awaitingSecond', { reference: `#${withdrawal.id}` }))
      onSettled(say(body.status === 'paid' ? 'paid' : 'failed', { id: withdrawal.id }))
    } catch (failure) {
      const refused = failure instanceof OpsError ? failure : new OpsError('other', 0)
      if (refused.code === 'ALREADY_DECIDED') {
        onDraft(withdrawal.id, false)
        return onSettled(refused.text, 'error')
      }
      setError(refused.text)
    }
  }
  const paid = (event: FormEvent) => {
    event.preventDefault()
    if (!/^[A-Za-z0-9-]{1,64}$/.test(reference.trim())) return setError(say('referenceInvalid'))
    void settle({ status: 'paid', bankReference: reference.trim() })
  }
  const failed = (event: FormEvent) => {
    event.preventDefault()
    if (!reason.trim()) return setError(say('error_KEY_MISSING'))
    void settle({ status: 'failed', reason: reason.trim().slice(0, 200) })
  }

  return (
    <article className="detail" aria-label={`#${withdrawal.id} ${withdrawal.member.name}`}>
      <h3>#{withdrawal.id} · {money(withdrawal.amount, withdrawal.currency)}</h3>
      <p>{withdrawal.member.name} · {withdrawal.member.phone} · {when(withdrawal.createdAt)}</p>
      <p className={withdrawal.status === 'review' ? 'warning' : 'muted'}>{say(withdrawal.status === 'review' ? 'status_review' : 'status_requested')}</p>
      <p>
        {say('payTo')}: <strong>{destination.bankCode}</strong> {destination.bankAccountName} <code>{destination.bankAccountNo}</code>{' '}
        <button type="button" className="small" onClick={() => void navigator.clipboard?.writeText(destination.bankAccountNo)}>{say('copy')}</button>
      </p>
      {withdrawal.approval && (
        <ApprovalNote approval={withdrawal.approval} me={me} pending={pending}
          onConfirm={() => void settle({ status: 'paid', bankReference: withdrawal.approval!.reference ?? '' })} />
      )}
      {error && <p className="error" role="alert">{error}</p>}
      <form onSubmit={paid} className="decision">
        <label htmlFor={ids.reference}>{say('bankReference')}</label>
        <input id={ids.reference} autoComplete="off" value={reference} onChange={(e) => setReference(e.target.value)} />
        <button type="submit" disabled={pending} aria-busy={pending || undefined}>{say('markPaid')}</button>
      </form>
      <form onSubmit={failed} className="decision">
        <label htmlFor={ids.reason}>{say('failReason')}</label>
        <input id={ids.reason} autoComplete="off" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        <button type="submit" className="danger" disabled={pending}>{say('markFailed')}</button>
      </form>
    </article>
  )
}
