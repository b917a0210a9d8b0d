// The audit trail (admin): every action, newest first, older ones a page at a time.
import { useEffect, useState } from 'react'
import { opsEndpoints, type AuditEntry } from '../../../contract/ops'
import { call, OpsError } from '../../api/call'
import { when } from '../../lib/format'
import { say } from '../../lib/i18n'
import { ListState } from '../../ui/ListState'
import { useLoad } from '../../api/load'
import { CsvButton } from '../../ui/CsvButton'

const PAGE = 50

export function Audit({ version }: { version: number }) {
  const first = useLoad(() => call(opsEndpoints.audit, { query: { limit: String(PAGE) } }), [version])
  const [older, setOlder] = useState<{ entries: AuditEntry[]; done: boolean; pending: boolean; error?: string }>({ entries: [], done: false, pending: false })
  // A fresh first page starts the list again.
  useEffect(() => setOlder({ entries: [], done: false, pending: false }), [first.data])
  const entries = [...(first.data?.entries ?? []), ...older.entries]
  const canPage = !older.done && (first.data?.entries.length ?? 0) === PAGE

  const loadOlder = async () => {
    const last = entries.at(-1)
    if (!last || older.pending) return
    setOlder((state) => ({ ...state, pending: true, error: undefined }))
    try {
      const page = await call(opsEndpoints.audit, { query: { before: last.id, limit: String(PAGE) } })
      setOlder((state) => ({ entries: [...state.entries, ...page.entries], done: page.entries.length < PAGE, pending: false }))
    } catch (failure) {
      setOlder((state) => ({ ...state, pending: false, error: failure instanceof OpsError ? failure.text : say('error_network') }))
    }
  }

  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{say('audit')}</h2>
      <CsvButton file="audit.csv" disabled={entries.length === 0} rows={() => [
        [say('when'), say('who'), say('what'), say('item'), say('col_before'), say('col_after'), say('address')],
        ...entries.map((entry) => [entry.at, entry.staff?.username ?? say('system'), entry.action, entry.item ?? '', entry.before ? JSON.stringify(entry.before) : '', entry.after ? JSON.stringify(entry.after) : '', entry.address]),
      ]} />
      <ListState loaded={first} empty={say('emptyAudit')} isEmpty={entries.length === 0} />
      {entries.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="audit-title">
          <table>
            <thead><tr><th scope="col">{say('when')}</th><th scope="col">{say('who')}</th><th scope="col">{say('what')}</th><th scope="col">{say('item')}</th><th scope="col">{say('change')}</th><th scope="col">{say('address')}</th></tr></thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{when(entry.at)}</td>
                  <td>{entry.staff?.username ?? say('system')}</td>
                  <td>{entry.action}</td>
                  <td>{entry.item ?? ''}{entry.memberId ? ` · ${say('member')} ${entry.memberId}` : ''}</td>
                  <td><code>{entry.before ? JSON.stringify(entry.before) : ''}{entry.before && entry.after ? ' → ' : ''}{entry.after ? JSON.stringify(entry.after) : ''}</code></td>
                  <td>{entry.address}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {older.error && <p className="error" role="alert">{older.error}</p>}
      {canPage && <button type="button" disabled={older.pending} aria-busy={older.pending || undefined} onClick={() => void loadOlder()}>{say('older')}</button>}
    </section>
  )
}
