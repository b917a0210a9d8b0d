// Member lookup (support): by phone (whole or its last digits), bank account number or member id;
// numbers masked. One opened shows the game balances, the last movements and withdrawals waiting.
import { useState, type FormEvent } from 'react'
import { opsEndpoints, type MemberSummary } from '../src/api/contract/ops'
import { call, OpsError } from './api'
import { money, when } from './format'
import { say } from './i18n'
import { PickList } from './PickList'
import { useLoad } from './load'

export function Members() {
  const [query, setQuery] = useState('')
  const [found, setFound] = useState<{ members?: MemberSummary[]; error?: string; pending: boolean }>({ pending: false })
  const [open, setOpen] = useState<string>()

  const search = async (event: FormEvent) => {
    event.preventDefault()
    const q = query.trim()
    if (!/^[0-9][0-9 -]{0,31}$/.test(q)) return setFound({ error: say('searchInvalid'), pending: false })
    setFound((before) => ({ ...before, pending: true, error: undefined }))
    try {
      setFound({ members: (await call(opsEndpoints.members, { query: { q } })).members, pending: false })
      setOpen(undefined)
    } catch (failure) {
      setFound({ error: failure instanceof OpsError ? failure.text : say('error_network'), pending: false })
    }
  }

  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title">{say('members')}</h2>
      <form onSubmit={search} className="decision" role="search">
        <label htmlFor="member-query">{say('searchMembers')}</label>
        <input id="member-query" inputMode="numeric" autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} />
        <button type="submit" disabled={found.pending} aria-busy={found.pending || undefined}>{say('search')}</button>
      </form>
      {found.error && <p className="error" role="alert">{found.error}</p>}
      {found.members && found.members.length === 0 && <p className="empty" role="status">{say('noMembers')}</p>}
      <div className="split">
        <PickList items={found.members ?? []} keyOf={(member) => member.id} open={open} onOpen={setOpen}>
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

function MemberDetailView({ id }: { id: string }) {
  const detail = useLoad(() => call(opsEndpoints.member, { params: { id } }), [id])
  const data = detail.data
  return (
    <article className="detail" aria-label={data ? data.member.name : say('loading')}>
      {detail.error && <p className="error" role="alert">{detail.error.text}</p>}
      {!data && !detail.error && <p aria-busy="true">{say('loading')}</p>}
      {data && (
        <>
          <h3>{data.member.name} · {data.member.phone}</h3>
          <p>{data.member.bankCode} {data.member.bankAccountName} {data.member.bankAccountNo} · {say('since', { date: when(data.member.createdAt) })}</p>
          <p><strong>{money(data.member.balance, data.member.currency)}</strong>{data.games.map((game) => ` · ${game.code} ${money(game.balance, data.member.currency)}`).join('')}</p>
          {data.withdrawals.length > 0 && <p className="warning">{say('withdrawalsWaiting', { count: data.withdrawals.length })}</p>}
          <h4>{say('lastMovements')}</h4>
          <ul className="movements">
            {data.movements.map((movement) => (
              <li key={movement.id}>
                {when(movement.createdAt)} · {movement.kind}{movement.changes.map((change) => ` · ${change.account} ${money(change.amount, data.member.currency)}`).join('')}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  )
}
