// Corrections of a member's wallet (issue 52 §3, admins): no staff action changes a balance
// directly. One admin proposes a credit or a debit with its reason; another applies it (one ledger
// movement of its own kind) or refuses it; its maker may refuse it, never apply it
// (server/wallet/corrections.ts). The member page lists the member's and proposes; the list of
// those waiting sits above the member search.
import { useState, type FormEvent } from 'react'
import type { Correction, CorrectionDirection } from '../../../contract/ops'
import { session } from '../../api/call'
import { currencyCode, money, typedAmount, when } from '../../lib/format'
import { say } from '../../lib/i18n'
import { CsvButton } from '../../ui/CsvButton'
import { useDecideCorrection, useProposeCorrection, useWaitingCorrections } from './api'
import { failureText } from '../../api/queryClient'

/** A form's one call at a time, through its mutation: a second tap while the first is on its way
 *  sends nothing; what was typed stays on a refusal. */
function useSend<Variables>(mutation: { isPending: boolean; mutateAsync: (variables: Variables) => Promise<unknown> }) {
  const [state, setState] = useState<{ done?: string; error?: string }>({})
  /** Whether it was done. */
  const send = async (variables: Variables, done: string): Promise<boolean> => {
    if (mutation.isPending) return false
    setState({})
    try {
      await mutation.mutateAsync(variables)
      setState({ done })
      return true
    } catch (failure) {
      setState({ error: failureText(failure) })
      return false
    }
  }
  return { state: { ...state, pending: mutation.isPending }, send, refuse: (error: string) => setState({ error }) }
}

/** Corrections are the admins' (the server refuses anyone else): shown to them alone. */
export const seesCorrections = (): boolean => session.staff()?.role === 'admin'
const signed = (correction: Correction) => money(correction.direction === 'credit' ? correction.amount : -correction.amount, correction.member.currency)

/** The corrections waiting for a second admin, oldest first; `onOpen` opens the member's page. */
export function CorrectionsWaiting({ onOpen }: { onOpen: (memberId: string) => void }) {
  const waiting = useWaitingCorrections()
  const corrections = waiting.data?.corrections ?? []
  return (
    <section aria-labelledby="corrections-waiting" className="corrections-waiting">
      <h3 id="corrections-waiting">{say('correctionsWaiting')}{waiting.data ? ` (${corrections.length})` : ''}</h3>
      {waiting.error && <p className="error" role="alert">{failureText(waiting.error)}</p>}
      {!waiting.data && !waiting.error && <p aria-busy="true">{say('loading')}</p>}
      {waiting.data && corrections.length === 0 && <p className="muted">{say('none')}</p>}
      <CsvButton file="corrections-waiting.csv" disabled={corrections.length === 0} rows={() => [
        [say('col_id'), say('member'), say('col_phone'), say('col_direction'), say('amountOnly'), say('col_currency'), say('reason'), say('who'), say('col_created')],
        ...corrections.map((correction) => [correction.id, correction.member.name, correction.member.phone, correction.direction, correction.amount.toFixed(2), correction.member.currency, correction.reason, correction.madeBy.username, correction.madeAt]),
      ]} />
      {corrections.length > 0 && (
        <ul className="movements">
          {corrections.map((correction) => (
            <li key={correction.id}>
              {correction.member.name} · <strong>{signed(correction)}</strong> · {correction.reason} · {say('correctionBy', { name: correction.madeBy.username, when: when(correction.madeAt) })}{' '}
              <button type="button" onClick={() => onOpen(correction.member.id)}>{say('openMember')}</button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The member's corrections, each waiting one with its decision, and a new one proposed (admins). */
export function MemberCorrections({ memberId, currency, corrections }: { memberId: string; currency: string; corrections: Correction[] }) {
  return (
    <section aria-labelledby={`corrections-${memberId}`}>
      <h4 id={`corrections-${memberId}`}>{say('corrections')}</h4>
      <p className="muted">{say('correctionsHelp')}</p>
      {corrections.length === 0 ? <p className="muted">{say('none')}</p> : (
        <ul className="movements">
          {corrections.map((correction) => (
            <li key={correction.id}>
              <strong>{signed(correction)}</strong> · {say(`correctionStatus_${correction.status}`)} · {correction.reason}
              <br />
              <span className="muted">
                {say('correctionBy', { name: correction.madeBy.username, when: when(correction.madeAt) })}
                {correction.decidedBy && correction.decidedAt && ` · ${say('correctionDecidedBy', { name: correction.decidedBy.username, when: when(correction.decidedAt) })}: ${correction.decisionReason ?? ''}`}
              </span>
              {correction.status === 'pending' && <DecideCorrection correction={correction} />}
            </li>
          ))}
        </ul>
      )}
      <ProposeCorrection memberId={memberId} currency={currency} />
    </section>
  )
}

function DecideCorrection({ correction }: { correction: Correction }) {
  const [reason, setReason] = useState('')
  const { state, send, refuse } = useSend(useDecideCorrection(correction.id))
  const own = correction.madeBy.id === session.staff()?.id
  const decide = (status: 'applied' | 'refused') => (event?: FormEvent) => {
    event?.preventDefault()
    if (!reason.trim()) return refuse(say('reasonNeeded'))
    void send({ status, reason: reason.trim() }, say('memberActionDone', { action: say(status === 'applied' ? 'correctionApply' : 'correctionRefuse') }))
  }
  const field = `decide-${correction.id}`
  return (
    <form className="decision" onSubmit={decide('applied')} aria-label={say('correctionApply')}>
      <label htmlFor={field}>{say('auditReason')}</label>
      <textarea id={field} value={reason} maxLength={1000} rows={2} aria-invalid={state.error ? true : undefined} onChange={(event) => setReason(event.target.value)} />
      {own && <p className="muted" id={`${field}-own`}>{say('correctionOwn')}</p>}
      <button type="submit" disabled={state.pending || own} aria-describedby={own ? `${field}-own` : undefined} aria-busy={state.pending || undefined}>{say('correctionApply')}</button>
      <button type="button" className="danger" disabled={state.pending} onClick={() => decide('refused')()}>{say('correctionRefuse')}</button>
      {state.done && <p role="status" className="ok">{state.done}</p>}
      {state.error && <p role="alert" className="error">{state.error}</p>}
    </form>
  )
}

function ProposeCorrection({ memberId, currency }: { memberId: string; currency: string }) {
  const [direction, setDirection] = useState<CorrectionDirection>('credit')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const { state, send, refuse } = useSend(useProposeCorrection(memberId))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const typed = typedAmount(amount)
    if (typed === undefined) return refuse(say('correctionAmountInvalid'))
    if (!reason.trim()) return refuse(say('reasonNeeded'))
    void send({ direction, amount: typed, reason: reason.trim() }, say('correctionProposed')).then((done) => {
      if (!done) return
      setAmount('')
      setReason('')
    })
  }
  const id = `propose-${memberId}`
  return (
    <form className="decision" onSubmit={submit} aria-labelledby={id}>
      <h5 id={id}>{say('correctionPropose')}</h5>
      <label>
        {say('correctionDirection')}{' '}
        <select value={direction} onChange={(event) => setDirection(event.target.value as CorrectionDirection)}>
          <option value="credit">{say('direction_credit')}</option>
          <option value="debit">{say('direction_debit')}</option>
        </select>
      </label>
      <label htmlFor={`${id}-amount`}>{say('amount', { currency: currencyCode(currency) })}</label>
      <input id={`${id}-amount`} inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
      <label htmlFor={`${id}-reason`}>{say('auditReason')}</label>
      <textarea id={`${id}-reason`} value={reason} maxLength={1000} rows={2} onChange={(event) => setReason(event.target.value)} />
      <button type="submit" disabled={state.pending} aria-busy={state.pending || undefined}>{say('correctionPropose')}</button>
      {state.done && <p role="status" className="ok">{state.done}</p>}
      {state.error && <p role="alert" className="error">{state.error}</p>}
    </form>
  )
}
