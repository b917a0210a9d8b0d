// Member lookup (support): by phone (whole or its last digits), bank account number or member id;
// numbers masked. One opened is the member page (issue 52 §3): balances, the last movements, slips,
// withdrawals waiting, sessions, linked messengers, staff's notes, and what staff may do for the
// member by their role, each with its reason (server/account/memberCare.ts).
import { useState, type FormEvent } from 'react'
import type { MemberAction, MemberDetail } from '../../../contract/ops'
import { session } from '../../api/call'
import { money, when } from '../../lib/format'
import { say, worded } from '../../lib/i18n'
import { ChatMessages } from '../../ui/ChatMessages'
import { CsvButton } from '../../ui/CsvButton'
import { PickList } from '../../ui/PickList'
import { useMemberAction, useMemberDetail, useMemberSearch } from './api'
import { failureText } from '../../api/queryClient'
import { CorrectionsWaiting, MemberCorrections, seesCorrections } from './Corrections'

export function Members() {
  const [query, setQuery] = useState('')
  // What was searched for (the search asks once it is set), or why what was typed cannot be.
  const [asked, setAsked] = useState<string>()
  const [invalid, setInvalid] = useState(false)
  const found = useMemberSearch(asked)
  const [open, setOpen] = useState<string>()

  const search = (event: FormEvent) => {
    event.preventDefault()
    const q = query.trim()
    const valid = /^[0-9][0-9 -]{0,31}$/.test(q)
    setInvalid(!valid)
    if (!valid) return
    if (q === asked) void found.refetch()
    setAsked(q)
    setOpen(undefined)
  }
  const members = found.data?.members
  const error = invalid ? say('searchInvalid') : found.error ? failureText(found.error) : undefined

  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title">{say('members')}</h2>
      <form onSubmit={search} className="decision" role="search">
        <label htmlFor="member-query">{say('searchMembers')}</label>
        <input id="member-query" inputMode="numeric" autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} />
        <button type="submit" disabled={found.isFetching} aria-busy={found.isFetching || undefined}>{say('search')}</button>
      </form>
      {seesCorrections() && <CorrectionsWaiting onOpen={setOpen} />}
      {error && <p className="error" role="alert">{error}</p>}
      {!invalid && members && members.length === 0 && <p className="empty" role="status">{say('noMembers')}</p>}
      {!invalid && members && members.length > 0 && (
        <CsvButton file="members.csv" rows={() => [
          [say('col_id'), say('name'), say('col_phone'), say('col_bank'), say('col_accountNo'), say('col_currency'), say('col_balance'), say('col_active'), say('col_created')],
          ...members.map((member) => [member.id, member.name, member.phone, member.bankCode, member.bankAccountNo, member.currency, member.balance.toFixed(2), member.active ? 1 : 0, member.createdAt]),
        ]} />
      )}
      <div className="split">
        <PickList items={invalid ? [] : members ?? []} keyOf={(member) => member.id} open={open} onOpen={setOpen}>
          {(member) => (
            <>
              <strong>{member.name}</strong> <span>{member.phone} · {member.bankCode} {member.bankAccountNo}</span>
              <span className="muted">{money(member.balance, member.currency)}{member.active ? '' : ` · ${say('inactive')}`}</span>
            </>
          )}
        </PickList>
        {open && <MemberDetailView key={open} id={open} />}
      </div>
    </section>
  )
}

/** One of the member's own ledger accounts: the wallet in staff's words, a game by its code. */
const accountName = (account: string): string => (account.startsWith('game:') ? account.slice('game:'.length) : worded('account_', account))

function MemberDetailView({ id }: { id: string }) {
  const detail = useMemberDetail(id)
  const data = detail.data
  return (
    <article className="detail" aria-label={data ? data.member.name : say('loading')}>
      {detail.error && <p className="error" role="alert">{failureText(detail.error)}</p>}
      {!data && !detail.error && <p aria-busy="true">{say('loading')}</p>}
      {data && (
        <>
          <h3>{data.member.name} · {data.member.phone}</h3>
          {data.suspendedAt && <p className="warning" role="note">{say('suspendedSince', { date: when(data.suspendedAt) })}</p>}
          <p>{data.member.bankCode} {data.member.bankAccountName} {data.member.bankAccountNo} · {say('since', { date: when(data.member.createdAt) })}</p>
          <p><strong>{money(data.member.balance, data.member.currency)}</strong>{data.games.map((game) => ` · ${game.code} ${money(game.balance, data.member.currency)}`).join('')}</p>
          {data.withdrawals.length > 0 && <p className="warning">{say('withdrawalsWaiting', { count: data.withdrawals.length })}</p>}
          <h4>{say('lastMovements')}</h4>
          <ul className="movements">
            {data.movements.map((movement) => (
              <li key={movement.id}>
                {when(movement.createdAt)} · {worded('movement_', movement.kind)}{movement.changes.map((change) => ` · ${accountName(change.account)} ${money(change.amount, data.member.currency)}`).join('')}
              </li>
            ))}
          </ul>
          <h4>{say('memberSlips')}</h4>
          {data.slips.length === 0 ? <p className="muted">{say('none')}</p> : (
            <ul className="movements">
              {data.slips.map((slip) => <li key={slip.reference}>{when(slip.createdAt)} · {say(slip.kind === 'slip' ? 'deposit_slip' : 'deposit_truelink')} · {worded('slipStatus_', slip.status)} · {money(slip.amount, data.member.currency)}</li>)}
            </ul>
          )}
          <h4>{say('memberBonuses')}</h4>
          {data.bonuses.length === 0 ? <p className="muted">{say('none')}</p> : (
            <ul className="movements">
              {data.bonuses.map((bonus) => (
                <li key={bonus.code + bonus.createdAt}>
                  {when(bonus.createdAt)} · {bonus.name ?? bonus.code} · {say(bonus.kind === 'promotion' ? 'bonusKind_promotion' : 'bonusKind_bonus')} · {worded('bonusStatus_', bonus.status)}
                  {' · '}{money(bonus.amount, data.member.currency)} · {say('bonusTurnover', { done: money(bonus.turnover, data.member.currency), target: money(bonus.turnoverTarget, data.member.currency) })}
                </li>
              ))}
            </ul>
          )}
          <h4>{say('memberChat')}</h4>
          {data.chat ? <ChatMessages newestFirst={data.chat.messages} /> : <p className="muted">{say('none')}</p>}
          <h4>{say('memberSessions', { count: data.sessions.length })}</h4>
          {data.sessions.length === 0 ? <p className="muted">{say('none')}</p> : (
            <ul className="movements">
              {data.sessions.map((open) => <li key={open.openedAt + open.expiresAt}>{when(open.openedAt)} · {say(`openedBy_${open.openedBy}`)} · {say('until', { date: when(open.expiresAt) })}</li>)}
            </ul>
          )}
          <h4>{say('memberLinked')}</h4>
          {data.linked.length === 0 ? <p className="muted">{say('none')}</p> : (
            <ul className="movements">{data.linked.map((link) => <li key={link.provider}>{link.provider === 'line' ? 'LINE' : 'Telegram'} · {link.name} · {when(link.linkedAt)}</li>)}</ul>
          )}
          <h4>{say('memberDevices')}</h4>
          {data.devices.length === 0 ? <p className="muted">{say('none')}</p> : (
            <ul className="movements">
              {data.devices.map((device) => (
                <li key={device.kind + device.addedAt}>{say(`device_${device.kind}`)} · {say('deviceAdded', { date: when(device.addedAt) })}{device.lastUsedAt ? ` · ${say('deviceUsed', { date: when(device.lastUsedAt) })}` : ''}</li>
              ))}
            </ul>
          )}
          <h4>{say('memberNotes')}</h4>
          {data.notes.length === 0 ? <p className="muted">{say('none')}</p> : (
            <ul className="movements">{data.notes.map((note) => <li key={note.at + note.note}>{when(note.at)} · {note.staff ?? '-'}: {note.note}</li>)}</ul>
          )}
          <MemberCare detail={data} />
          {seesCorrections() && <MemberCorrections memberId={data.member.id} currency={data.member.currency} corrections={data.corrections} />}
        </>
      )}
    </article>
  )
}

/** What staff may do for the member: an admin all of it, support ending sessions, the OTP wait and notes. */
function actionsFor(detail: MemberDetail): MemberAction[] {
  const admin = session.staff()?.role === 'admin'
  return [
    ...(admin ? [detail.suspendedAt ? 'lift' as const : 'suspend' as const] : []),
    'endSessions', 'resetOtpWait', 'note',
    ...(admin ? detail.linked.map((link) => (link.provider === 'line' ? 'unlinkLine' as const : 'unlinkTelegram' as const)) : []),
  ]
}

function MemberCare({ detail }: { detail: MemberDetail }) {
  const acting = useMemberAction(detail.member.id)
  const actions = actionsFor(detail)
  const [action, setAction] = useState<MemberAction>(actions[0])
  const chosen = actions.includes(action) ? action : actions[0]
  const [reason, setReason] = useState('')
  const [state, setState] = useState<{ pending: boolean; done?: string; error?: string }>({ pending: false })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    // A second tap while the first is on its way sends nothing.
    if (state.pending) return
    if (!reason.trim()) return setState({ pending: false, error: say('reasonNeeded') })
    setState({ pending: true })
    try {
      await acting.mutateAsync({ action: chosen, reason: reason.trim() })
      setReason('')
      setState({ pending: false, done: say('memberActionDone', { action: say(`memberAction_${chosen}`) }) })
    } catch (failure) {
      // What was typed stays.
      setState({ pending: false, error: failureText(failure) })
    }
  }

  return (
    <form className="decision" onSubmit={submit} aria-labelledby={`care-${detail.member.id}`}>
      <h4 id={`care-${detail.member.id}`}>{say('memberCare')}</h4>
      <label>
        {say('memberActionLabel')}{' '}
        <select value={chosen} onChange={(event) => setAction(event.target.value as MemberAction)}>
          {actions.map((option) => <option key={option} value={option}>{say(`memberAction_${option}`)}</option>)}
        </select>
      </label>
      <label htmlFor={`reason-${detail.member.id}`}>{say(chosen === 'note' ? 'noteText' : 'auditReason')}</label>
      <textarea id={`reason-${detail.member.id}`} value={reason} maxLength={1000} rows={2} aria-invalid={state.error ? true : undefined} onChange={(event) => setReason(event.target.value)} />
      <button type="submit" className={chosen === 'suspend' ? 'danger' : undefined} disabled={state.pending} aria-busy={state.pending || undefined}>{say(`memberAction_${chosen}`)}</button>
      {state.done && <p role="status" className="ok">{state.done}</p>}
      {state.error && <p role="alert" className="error">{state.error}</p>}
    </form>
  )
}
