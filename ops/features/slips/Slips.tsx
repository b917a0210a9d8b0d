// The cashier's slip queue: slips and gift links still processing, oldest first; one opened shows
// its image (or link) beside the decision, approved with the amount read or rejected with a spec 8
// reason. A decision another cashier made first says so and leaves the queue. An approval above the
// admin's threshold waits for a second person (issue 47): the queue says whose, and another staff
// member confirms it in one tap, or reads another amount.
import { useEffect, useId, useState, type FormEvent } from 'react'
import { slipReasonCodes } from '../../../contract/errorCodes'
import type { QueuedSlip, SlipDecision as SlipDecisionBody, Staff } from '../../../contract/ops'
import { ApprovalNote } from '../../ui/ApprovalNote'
import { fetchBlob, OpsError } from '../../api/call'
import { currencyCode, money, typedAmount, when } from '../../lib/format'
import { say, slipReason } from '../../lib/i18n'
import { ListState } from '../../ui/ListState'
import { PickList } from '../../ui/PickList'
import { useDecideSlip, useSlipQueue } from './api'
import { CsvButton } from '../../ui/CsvButton'

type Notify = (text: string, kind?: 'ok' | 'error') => void

export function Slips({ notify, me }: { notify: Notify; me: Staff }) {
  const queue = useSlipQueue()
  const [open, setOpen] = useState<string>()
  const slips = queue.data?.slips ?? []
  const selected = slips.find((slip) => slip.reference === open)
  // The open slip as last seen: one that left the queue while it waited for a second person to
  // confirm this cashier's approval was decided by that person, as it should be, not taken from them.
  const [lastSeen, setLastSeen] = useState<QueuedSlip>()
  if (selected && selected !== lastSeen) setLastSeen(selected)
  const mineDecided = open !== undefined && lastSeen?.reference === open && lastSeen.approval?.by.id === me.id

  const decided = (text: string, settled: boolean, kind: 'ok' | 'error') => {
    notify(text, kind)
    // One waiting for a second person stays open, with whose approval it is.
    if (settled) setOpen(undefined)
  }

  return (
    <section aria-labelledby="slips-title" className="queue">
      <h2 id="slips-title">{say('slips')} {queue.data && <span className="count">({slips.length})</span>}</h2>
      <CsvButton file="slips.csv" disabled={slips.length === 0} rows={() => [
        [say('col_reference'), say('col_kind'), say('sentAt'), say('member'), say('col_phone'), say('col_currency'), say('col_claimed')],
        ...slips.map((slip) => [slip.reference, slip.kind, slip.createdAt, slip.member.name, slip.member.phone, slip.member.currency, slip.claimedAmount?.toFixed(2) ?? '']),
      ]} />
      <ListState loaded={queue} empty={say('emptySlips')} isEmpty={slips.length === 0} />
      <div className="split">
        <PickList items={slips} keyOf={(slip) => slip.reference} open={open} onOpen={setOpen}>
          {(slip) => (
            <>
              <strong>{slip.member.name}</strong> <span>{slip.member.phone}</span>
              <span className="muted">{say(`kind_${slip.kind}`)} · {when(slip.createdAt)}</span>
              {slip.approval && <span className="warning">{say('awaitingSecondShort')}</span>}
            </>
          )}
        </PickList>
        {selected && <SlipDecision key={`${selected.reference}:${selected.approval?.at ?? ''}`} slip={selected} me={me} onDecided={decided} onGone={(text) => { notify(text, 'error'); setOpen(undefined) }} />}
        {/* The one open left the queue (a live event): decided by someone else while it was read. */}
        {open && queue.data && !selected && (mineDecided
          ? <p className="detail" role="status">{say('secondDecided', { reference: open })}</p>
          : <p className="error detail" role="alert">{say('error_ALREADY_DECIDED')}</p>)}
      </div>
    </section>
  )
}

function SlipImage({ slip }: { slip: QueuedSlip }) {
  const [url, setUrl] = useState<string>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!slip.hasImage) return
    let made: string | undefined
    fetchBlob(`/ops/api/slips/${encodeURIComponent(slip.reference)}/image`).then(
      (blob) => setUrl((made = URL.createObjectURL(blob))),
      () => setFailed(true),
    )
    return () => {
      if (made) URL.revokeObjectURL(made)
    }
  }, [slip.hasImage, slip.reference])
  if (slip.link) return <p><a href={slip.link} target="_blank" rel="noreferrer noopener">{say('giftLink')}</a> <code>{slip.link}</code></p>
  if (!slip.hasImage || failed) return <p className="muted">{say('noImage')}</p>
  return url ? <img className="slip-image" src={url} alt={say('slipImage', { name: slip.member.name })} /> : <p aria-busy="true">{say('loading')}</p>
}

function SlipDecision({ slip, me, onDecided, onGone }: { slip: QueuedSlip; me: Staff; onDecided: (text: string, settled: boolean, kind: 'ok' | 'error') => void; onGone: (text: string) => void }) {
  const [amount, setAmount] = useState('')
  const [refNo, setRefNo] = useState('')
  const [note, setNote] = useState<(typeof slipReasonCodes)[number]>('NOT_MATCH')
  const [error, setError] = useState<string>()
  const decision = useDecideSlip(slip.reference)
  const pending = decision.isPending
  const ids = { amount: useId(), refNo: useId(), error: useId() }

  const decide = async (body: SlipDecisionBody) => {
    if (decision.isPending) return
    setError(undefined)
    try {
      const answer = await decision.mutateAsync(body)
      if ('awaitingSecond' in answer) return onDecided(say('awaitingSecond', { reference: slip.reference }), false, 'ok')
      // What the server settled, not what was asked: an approval whose bank reference another slip
      // already has is stored as failed (SLIP_REFNO_DUPLICATED), and nothing is credited.
      if (body.status === 'success' && answer.status !== 'SUCCESS') {
        return onDecided(answer.note ? say('approvalRefused', { reference: slip.reference, reason: slipReason(answer.note) }) : say('notCredited', { reference: slip.reference }), true, 'error')
      }
      onDecided(say(body.status === 'success' ? 'approved' : 'rejected', { reference: slip.reference }), true, 'ok')
    } catch (failure) {
      const refused = failure instanceof OpsError ? failure : new OpsError('other', 0)
      if (refused.code === 'ALREADY_DECIDED') return onGone(refused.text)
      setError(refused.text)
    }
  }

  const approve = (event: FormEvent) => {
    event.preventDefault()
    const value = typedAmount(amount)
    if (value === undefined) return setError(say('amountInvalid'))
    if (refNo && !/^[A-Za-z0-9]{1,64}$/.test(refNo)) return setError(say('referenceInvalid'))
    void decide({ status: 'success', amount: value, ...(refNo ? { refNo } : {}) })
  }

  return (
    <article className="detail" aria-label={`${slip.member.name} ${slip.reference}`}>
      <h3>{slip.member.name} · {slip.member.phone}</h3>
      <p className="muted">{say(`kind_${slip.kind}`)} · {slip.reference} · {when(slip.createdAt)}</p>
      <SlipImage slip={slip} />
      {slip.claimedAmount !== null && <p className="muted" data-testid="slip-claimed">{say('claimed', { amount: money(slip.claimedAmount, slip.member.currency) })}</p>}
      {slip.approval && (
        <ApprovalNote approval={slip.approval} me={me} pending={pending}
          onConfirm={() => void decide({ status: 'success', amount: slip.approval!.amount, ...(slip.approval!.reference ? { refNo: slip.approval!.reference } : {}) })} />
      )}
      {error && <p className="error" role="alert" id={ids.error}>{error}</p>}
      <form onSubmit={approve} className="decision">
        <label htmlFor={ids.amount}>{say('amount', { currency: currencyCode(slip.member.currency) })}</label>
        <input id={ids.amount} inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby={error ? ids.error : undefined} />
        <label htmlFor={ids.refNo}>{say('refNo')}</label>
        <input id={ids.refNo} autoComplete="off" value={refNo} onChange={(e) => setRefNo(e.target.value)} />
        <button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {say('approve')}{typedAmount(amount) !== undefined ? ` ${money(typedAmount(amount)!, slip.member.currency)}` : ''}
        </button>
      </form>
      <form onSubmit={(event) => { event.preventDefault(); void decide({ status: 'failed', note }) }} className="decision">
        <label>
          {say('reason')}
          <select value={note} onChange={(e) => setNote(e.target.value as typeof note)}>
            {slipReasonCodes.map((code) => <option key={code} value={code}>{slipReason(code)}</option>)}
          </select>
        </label>
        <button type="submit" className="danger" disabled={pending}>{say('reject')}</button>
      </form>
    </article>
  )
}
